import { expect, oneBackend, test } from './staff-fixtures';

for (const backend of oneBackend('pglite'))
  test.describe(`staff sign-in on ${backend}`, () => {
    test.use({ backend });
    // Each `npm run staff` starts a tsx process: seconds apiece on a busy machine.
    test.describe.configure({ timeout: 90_000 });

    test('a member signs in with the code printed in the service output, and signs out @phone', async ({
      page,
      staff,
    }) => {
      const editor = await staff.member('sales', 'Ravi Kumar');
      // The inbox's list of members is held until the session has ended, as a slow answer would be:
      // signing out drops it, so no call is answered "signed out" and sends the member back to sign in.
      const signedOut = page.waitForResponse((response) => response.url().endsWith('/sign-out'));
      await page.route('**/staff/api/members', async (route) => {
        await signedOut;
        await route.continue();
      });
      await page.goto(staff.url('/staff/leads'));
      await expect(page).toHaveURL(/\/staff\/sign-in\?next=%2Fstaff%2Fleads$/);
      const before = staff.output().length;
      await page.getByLabel('Work email').fill(editor.email);
      await page.getByRole('button', { name: 'Email me a code' }).click();
      await expect(page.getByRole('status')).toContainText(editor.email);
      const code = await staff.codeFor(editor.email, before);
      await page.getByLabel('Code').fill(code);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(/\/staff\/leads$/);
      await expect(page.getByTitle(editor.email)).toHaveText('Ravi Kumar');
      // A session lasts 12 hours from sign-in: the console says until when.
      await expect(page.getByText(/^Signed in until \S/)).toBeVisible();
      // The headings are in the site's display face, which the console loads itself: naming it in
      // the styles is not enough (it drew in the system's serif until 7 December).
      await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toHaveCSS(
        'font-family',
        /^"Cormorant Garamond"/,
      );
      await expect
        .poll(() =>
          page.evaluate(async () => {
            await document.fonts.ready;
            return [...document.fonts]
              .filter((face) => face.status === 'loaded')
              .map((face) => `${face.family.replaceAll('"', '')} ${face.weight}`);
          }),
        )
        .toContain('Cormorant Garamond 600');
      // While a face loads, text draws in the fallback sized like it (tokens.css names both).
      const fallbacks = await page.evaluate(() =>
        [...document.styleSheets]
          .flatMap((sheet) => [...sheet.cssRules])
          .filter((rule) => rule instanceof CSSFontFaceRule)
          .map((rule) => rule.style.getPropertyValue('font-family').replaceAll(/["']/g, '')),
      );
      expect(fallbacks).toEqual(expect.arrayContaining(['Inter Fallback', 'Cormorant Garamond Fallback']));

      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(/\/staff\/sign-in$/);
      const me = await page.request.get(staff.url('/staff/api/me'));
      expect(me.status()).toBe(401);
    });

    test('a dropped connection is named, in asking for a code and in signing out, and changes nothing', async ({
      page,
      staff,
      signIn,
      allowConsoleError,
    }) => {
      allowConsoleError(
        /^Failed to load resource: net::ERR_FAILED http:\/\/[^ ]+\/staff\/api\/auth\/[a-z/-]+$/,
      );
      const unreachable = 'The lead service cannot be reached; check the connection and try again.';
      const editor = await staff.member('sales');
      await page.goto(staff.url('/staff/sign-in'));
      await page.route('**/staff/api/auth/**', (route) => route.abort('failed'));
      await page.getByLabel('Work email').fill(editor.email);
      await page.getByRole('button', { name: 'Email me a code' }).click();
      await expect(page.getByRole('alert')).toHaveText(unreachable);
      await expect(page.getByRole('button', { name: 'Email me a code' })).toBeEnabled();
      await page.unroute('**/staff/api/auth/**');

      await signIn(page, editor.email);
      await page.route('**/staff/api/auth/sign-out', (route) => route.abort('failed'));
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByRole('alert')).toHaveText(unreachable);
      await expect(page).toHaveURL(/\/staff\/leads$/);
      expect((await page.request.get(staff.url('/staff/api/me'))).status()).toBe(200);
    });

    test('wrong, reused and unknown-address codes do not sign anyone in', async ({ page, staff }) => {
      const editor = await staff.member('sales');
      const post = (path: string, data: object) =>
        page.request.post(staff.url(`/staff/api/auth${path}`), {
          data,
          headers: { Origin: staff.origin },
        });
      const before = staff.output().length;
      const stranger = await post('/email-otp/send-verification-otp', {
        email: 'stranger@example.com',
        type: 'sign-in',
      });
      const known = await post('/email-otp/send-verification-otp', { email: editor.email, type: 'sign-in' });
      expect([stranger.status(), await stranger.json()]).toEqual([known.status(), await known.json()]);
      const code = await staff.codeFor(editor.email, before);
      expect(staff.output().slice(before)).not.toContain('stranger@example.com');

      const wrong = code === '000000' ? '111111' : '000000';
      expect((await post('/sign-in/email-otp', { email: editor.email, otp: wrong })).status()).toBe(400);
      expect((await post('/sign-in/email-otp', { email: editor.email, otp: code })).status()).toBe(200);
      expect((await post('/sign-in/email-otp', { email: editor.email, otp: code })).status()).toBe(400);
    });

    test('a one-time link from npm run staff -- link signs in once', async ({ page, staff, browser }) => {
      const admin = await staff.member('admin', 'Meera Shah');
      const link = await staff.link(admin.email);
      await page.goto(link);
      await expect(page).toHaveURL(/\/staff\/leads$/);
      await expect(page.getByTitle(admin.email)).toHaveText('Meera Shah');

      const other = await browser.newPage();
      await other.goto(link);
      await expect(other).toHaveURL(/\/staff\/sign-in\?link=invalid/);
      await expect(other.getByRole('alert')).toContainText('expired or was used already');
      await other.close();
    });
  });
