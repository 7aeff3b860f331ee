/**
 * Faults between the browser and the lead service, injected with Playwright's routing or
 * the browser's offline switch. Each test counts what the service itself stored, by
 * submission id (tests/e2e/stored.ts): exactly one record, never none, never two.
 */
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page, Request, Route } from '@playwright/test';
import { POPUP_CLOSE_DELAY_MS } from '../../src/components/forms/LeadPopupForm';
import {
  DELIVERED_LATER,
  FAILURE_TEXT,
  LEAD_THANKS,
  REACH_US,
  SAVED_OFFLINE,
  SAVED_RETRY,
  WAITING_TEXT,
} from '../../src/forms/messages';
import { BACKOFF_MS } from '../../src/forms/outbox-flag';
import { SEND_TIMEOUT_MS } from '../../src/forms/send-failure';
import type { FormCase } from './forms-helpers';
import {
  endpoint,
  expectValues,
  fillForm,
  formCase,
  formsCodeArrived,
  openForm,
  submissionId,
} from './forms-helpers';
import { expect, hydrated, test } from './fixtures';
import { codeFile, dropWhileLoading, markWindow, stillSameWindow } from './lost-code';
import { storedBySubmission, storedContaining } from './stored';
import { PATHS } from '../../src/data/links';

const lead = formCase('project lead');
const contact = formCase('contact');
const popup = formCase('pop-up');

/** What the visitor types, with a random token in the name so the stored record can be found. */
function marked(form: FormCase): { typed: Record<string, string>; token: string } {
  const token = randomUUID().slice(0, 8);
  const [label, name] = Object.entries(form.typed).find(([key]) => /name/i.test(key)) ?? [];
  if (label === undefined || name === undefined) throw new Error(`${form.id} has no name field.`);
  return { typed: { ...form.typed, [label]: `${name} ${token}` }, token };
}

/** Requests to a form's service sent and not yet answered or failed, by the page or context watched. */
const unanswered = new WeakMap<Page | BrowserContext, Set<Request>>();

/**
 * Every submission id the page (or the whole context) sends to `form`'s service, in order;
 * the requests still on their way are kept for `expectStoredOnce`.
 */
function sentIds(target: Page | BrowserContext, form: FormCase): string[] {
  const ids: string[] = [];
  const pending = new Set<Request>();
  unanswered.set(target, pending);
  const path = form.service === 'lead' ? '/addLead' : '/api/v1.0/email/send-form';
  const ours = (request: Request) => new URL(request.url()).pathname === path;
  target.on('request', (request: Request) => {
    if (!ours(request)) return;
    pending.add(request);
    void submissionId(form, request).then((id) => ids.push(id ?? 'none'));
  });
  target.on('requestfinished', (request: Request) => pending.delete(request));
  target.on('requestfailed', (request: Request) => pending.delete(request));
  return ids;
}

/** The submissions in the outbox of the origin `page` shows, as stored, and the time by the page's clock. */
function readOutbox(
  page: Page,
): Promise<{ now: number; entries: { attempts: number; nextAttemptAt: number }[] }> {
  return page.evaluate(async () => {
    // Opening a database that does not exist would create it without its store.
    if (!(await indexedDB.databases()).some((db) => db.name === 'enquiry-outbox'))
      return { now: Date.now(), entries: [] };
    const db = await new Promise<IDBDatabase>((opened, failed) => {
      const request = indexedDB.open('enquiry-outbox');
      request.onsuccess = () => opened(request.result);
      request.onerror = () => failed(request.error);
    });
    try {
      const all = db.transaction('submissions').objectStore('submissions').getAll();
      const entries = await new Promise<{ attempts: number; nextAttemptAt: number }[]>((read, failed) => {
        all.onsuccess = () => read(all.result as { attempts: number; nextAttemptAt: number }[]);
        all.onerror = () => failed(all.error);
      });
      return { now: Date.now(), entries };
    } finally {
      db.close();
    }
  });
}

/**
 * Submissions in the outbox of the origin `page` shows that a tab would send now: those whose
 * next try has come by the page's clock (a test moves it on to let the others go).
 */
async function dueInOutbox(page: Page): Promise<number> {
  const { now, entries } = await readOutbox(page);
  return entries.filter((entry) => entry.nextAttemptAt <= now).length;
}

/** Nothing more is on its way to the service: no request unanswered, nothing due to be sent again. */
async function nothingOnItsWay(target: Page | BrowserContext): Promise<boolean> {
  if ((unanswered.get(target)?.size ?? 0) > 0) return false;
  const page = 'pages' in target ? target.pages()[0] : target;
  return page === undefined || (await dueInOutbox(page)) === 0;
}

/**
 * How many records the service holds for the submission `sent` names (once the request
 * carrying it has been read), once nothing more is on its way from `target`, watched by `sentIds`.
 */
async function expectStoredOnce(
  target: Page | BrowserContext,
  sent: () => string | undefined,
  token: string,
): Promise<void> {
  await expect.poll(sent, { message: 'the submission id' }).toBeDefined();
  const id = sent();
  await expect.poll(async () => (await storedBySubmission(id ?? '')).length).toBe(1);
  // Anything late, a second request included, would be on its way or due to be sent from the outbox.
  await expect.poll(() => nothingOnItsWay(target), { message: 'nothing more on its way' }).toBe(true);
  expect(await storedBySubmission(id ?? '')).toHaveLength(1);
  expect(await storedContaining(token)).toHaveLength(1);
}

/** A switch a route handler waits on. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** The visitor follows the menu's link to another page. */
async function leave(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: 'About Us' }).click();
  await page.waitForURL((url) => url.pathname === PATHS.aboutUs);
}

const submitButton = (form: ReturnType<Page['locator']>) => form.locator('button[type="submit"]');

for (const form of [lead, contact]) {
  test(`${form.id}: offline, then back online, is delivered once without a reload`, async ({
    page,
    context,
    allowConsoleError,
  }) => {
    allowConsoleError(/ERR_INTERNET_DISCONNECTED/);
    const ids = sentIds(page, form);
    const { typed, token } = marked(form);
    const locator = await openForm(page, form);
    await fillForm(locator, typed);
    await formsCodeArrived(page);
    await context.setOffline(true);
    await submitButton(locator).click();
    const alert = locator.getByRole('alert');
    await expect(alert).toContainText(FAILURE_TEXT.offline);
    await expect(alert).toContainText(SAVED_OFFLINE);
    expect(await storedContaining(token)).toHaveLength(0);

    await context.setOffline(false);
    await expect(locator.getByRole('status')).toHaveText(form.thanks);
    await expectStoredOnce(page, () => ids.at(-1), token);
  });

  test(`${form.id}: the service failing three times, then answering, stores one and tells the visitor`, async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 500/);
    const ids = sentIds(page, form);
    let calls = 0;
    await page.route(endpoint(form), async (route) => {
      calls += 1;
      if (calls <= 3) await route.fulfill({ status: 500, body: 'Internal error' });
      else await route.continue();
    });
    const { typed, token } = marked(form);
    const locator = await openForm(page, form);
    await fillForm(locator, typed);
    await submitButton(locator).click();
    await expect(locator.getByRole('alert')).toContainText(SAVED_RETRY);
    // Each wait runs out the back-off step with its 10% of slack, once the page has read the
    // failure and saved it: only then is its next try timed, and the clock may move on.
    for (const [index, step] of BACKOFF_MS.slice(0, 3).entries()) {
      await expect.poll(() => calls).toBe(index + 1);
      await expect.poll(async () => (await readOutbox(page)).entries[0]?.attempts).toBe(index + 1);
      await page.clock.runFor(step * 1.1);
    }
    await expect(locator.getByRole('status')).toHaveText(form.thanks);
    expect(calls).toBe(4);
    await expectStoredOnce(page, () => ids[0], token);
    expect(new Set(ids).size).toBe(1);
  });
}

test('a lead the service stores only after 20 s, retried meanwhile, is stored once', async ({ page }) => {
  const ids = sentIds(page, lead);
  const late = gate();
  await page.route(endpoint(lead), async (route) => {
    await late.opened;
    await route.continue();
  });
  const { typed, token } = marked(lead);
  const locator = await openForm(page, lead);
  await fillForm(locator, typed);
  await submitButton(locator).click();
  // The send's timer starts once the forms' code has come and the request left: only then may time jump.
  await expect.poll(() => ids.length, { message: 'the request on its way' }).toBe(1);
  await page.clock.runFor(SEND_TIMEOUT_MS);
  // Time moving on has opened the enquiry pop-up over the page.
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  const alert = locator.getByRole('alert');
  await expect(alert).toContainText(FAILURE_TEXT.timeout);
  await expect(alert).toContainText(SAVED_RETRY);
  // The visitor sends again, and the automatic retry's time comes too.
  await alert.getByRole('button', { name: 'Send now' }).click();
  await page.clock.runFor(BACKOFF_MS[0] * 2);
  late.open();
  await expect(locator.getByRole('status')).toHaveText(LEAD_THANKS);
  await expectStoredOnce(page, () => ids[0], token);
});

test('a lead stored whose answer is lost is sent again under its key and stored once', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(/ERR_FAILED|ERR_TIMED_OUT/);
  const ids = sentIds(page, lead);
  let calls = 0;
  await page.route(endpoint(lead), async (route) => {
    calls += 1;
    if (calls > 1) return route.continue();
    // The service stores it; the answer never reaches the phone.
    await route.fetch();
    return route.abort('timedout');
  });
  const { typed, token } = marked(lead);
  const locator = await openForm(page, lead);
  await fillForm(locator, typed);
  await submitButton(locator).click();
  const alert = locator.getByRole('alert');
  await expect(alert).toContainText(SAVED_OFFLINE);
  await alert.getByRole('button', { name: 'Send now' }).click();
  await expect(locator.getByRole('status')).toHaveText(LEAD_THANKS);
  await expectStoredOnce(page, () => ids[0], token);
  expect(new Set(ids).size).toBe(1);
  expect(ids).toHaveLength(2);
  expect(ids[1]).toBe(ids[0]);
});

test('an email whose answer is late is not sent twice, and its outcome is shown when it comes', async ({
  page,
}) => {
  const ids = sentIds(page, contact);
  const late = gate();
  await page.route(endpoint(contact), async (route) => {
    await late.opened;
    await route.continue();
  });
  const { typed, token } = marked(contact);
  const locator = await openForm(page, contact);
  await fillForm(locator, typed);
  await submitButton(locator).click();
  await expect.poll(() => ids.length, { message: 'the request on its way' }).toBe(1);
  await page.clock.runFor(SEND_TIMEOUT_MS);
  const alert = locator.getByRole('alert');
  await expect(alert).toContainText(WAITING_TEXT);
  await expect(alert.getByRole('button')).toHaveCount(0);
  await page.clock.runFor(60_000);
  late.open();
  await expect(locator.getByRole('status')).toHaveText(contact.thanks);
  await expectStoredOnce(page, () => ids[0], token);
  expect(ids).toHaveLength(1);
});

test('a visitor who leaves while the lead is on its way is warned, and the lead arrives', async ({
  page,
}) => {
  const ids = sentIds(page, lead);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.accept();
  });
  // The service is slow: it answers only once the visitor has left.
  const slow = gate();
  let calls = 0;
  await page.route(endpoint(lead), async (route) => {
    calls += 1;
    await slow.opened;
    await route.continue();
  });
  const { typed, token } = marked(lead);
  const locator = await openForm(page, lead);
  await fillForm(locator, typed);
  await submitButton(locator).click();
  await expect.poll(() => calls).toBe(1);
  await leave(page);
  slow.open();
  expect(dialogs).toEqual(['beforeunload']);
  await expectStoredOnce(page, () => ids[0], token);
});

test('a lead cut off by leaving the page is sent from the outbox on the next page, and the visitor told', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(/ERR_FAILED/);
  const ids = sentIds(page, lead);
  page.on('dialog', (dialog) => void dialog.accept());
  const cut = gate();
  let calls = 0;
  await page.route(endpoint(lead), async (route) => {
    calls += 1;
    if (calls > 1) return route.continue();
    await cut.opened;
    return route.abort('failed');
  });
  const { typed, token } = marked(lead);
  const locator = await openForm(page, lead);
  await fillForm(locator, typed);
  await submitButton(locator).click();
  await expect.poll(() => calls).toBe(1);
  await leave(page);
  cut.open();
  await hydrated(page);
  expect(await storedContaining(token)).toHaveLength(0);
  // The first try is left alone for a while, in case it was still on its way.
  await page.clock.runFor(SEND_TIMEOUT_MS + 6_000);
  await expect(page.getByRole('status').filter({ hasText: DELIVERED_LATER })).toBeVisible();
  await expectStoredOnce(page, () => ids[0], token);
  expect(ids[1]).toBe(ids[0]);
  // Sent from another page, it still names the page where the visitor submitted it.
  const [stored] = await storedBySubmission(ids[0] ?? '');
  expect(stored?.page).toBe(new URL(lead.path, page.url()).href);
});

test('a lead names the page it was sent from, and the referrer and campaign of the visit', async ({
  page,
}) => {
  const ids = sentIds(page, lead);
  // The visit begins on another page, from a search advertisement.
  await page.goto('/aboutUs?utm_source=google&utm_medium=cpc&utm_campaign=floret&gclid=abc', {
    referer: 'https://www.google.com/',
  });
  await hydrated(page);
  const { typed, token } = marked(lead);
  const locator = await openForm(page, lead);
  await fillForm(locator, typed);
  await submitButton(locator).click();
  await expect(locator.getByRole('status')).toHaveText(LEAD_THANKS);
  await expectStoredOnce(page, () => ids[0], token);
  const [stored] = await storedBySubmission(ids[0] ?? '');
  expect(stored).toMatchObject({
    page: new URL(lead.path, page.url()).href,
    referrer: 'https://www.google.com/',
    utm: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'floret' },
  });
});

test('a saved lead refused when sent from a later page is reported there, and dropped', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(/status of (503|400)/);
  let answer = 503;
  await page.route(endpoint(lead), (route) => route.fulfill({ status: answer, body: 'No' }));
  const { typed, token } = marked(lead);
  const locator = await openForm(page, lead);
  await fillForm(locator, typed);
  await submitButton(locator).click();
  await expect(locator.getByRole('alert')).toContainText(SAVED_RETRY);
  answer = 400;
  await leave(page);
  await hydrated(page);
  await page.clock.runFor(BACKOFF_MS[0] * 1.1);
  const alert = page.getByRole('alert').filter({ hasText: FAILURE_TEXT.rejected });
  await expect(alert).toContainText(REACH_US);
  await expect(alert.getByRole('link', { name: /^Call / })).toBeVisible();
  await page.reload();
  await hydrated(page);
  await page.clock.runFor(BACKOFF_MS.at(-1) ?? 0);
  await expect(page.getByRole('alert').filter({ hasText: FAILURE_TEXT.rejected })).toHaveCount(0);
  expect(await storedContaining(token)).toHaveLength(0);
});

test('the pop-up closed while sending still tells the visitor, in the page', async ({ page }) => {
  const ids = sentIds(page, popup);
  const answer = gate();
  await page.route(endpoint(popup), async (route: Route) => {
    await answer.opened;
    await route.continue();
  });
  const { typed, token } = marked(popup);
  const form = await openForm(page, popup);
  await fillForm(form, typed);
  await submitButton(form).click();
  const dialog = page.getByRole('dialog', { name: 'Share your Contact Details' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  answer.open();
  const notice = page.getByRole('status').filter({ hasText: LEAD_THANKS });
  await expect(notice).toBeVisible();
  await page.clock.runFor(POPUP_CLOSE_DELAY_MS);
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Dismiss this message' }).click();
  await expect(notice).toBeHidden();
  await expectStoredOnce(page, () => ids[0], token);
});

test('the pop-up closed while sending reports a refusal in the page', async ({ page, allowConsoleError }) => {
  allowConsoleError(/status of 400/);
  const answer = gate();
  await page.route(endpoint(popup), async (route) => {
    await answer.opened;
    await route.fulfill({ status: 400, contentType: 'application/json', body: '{"error":"invalid"}' });
  });
  const form = await openForm(page, popup);
  await fillForm(form, popup.typed);
  await submitButton(form).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  answer.open();
  const alert = page.getByRole('alert').filter({ hasText: FAILURE_TEXT.rejected });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('link', { name: /WhatsApp/ })).toBeVisible();
});

/** Makes the first request for the code file `name` fail and lets later ones through, counting them. */
async function failFirstLoad(page: Page, name: string): Promise<{ readonly count: number }> {
  const loads = { count: 0 };
  await page.route(codeFile(name), async (route) => {
    loads.count += 1;
    if (loads.count === 1) await route.abort('failed');
    else await route.continue();
  });
  return loads;
}

test('the sending code lost to the connection dropping is fetched again once back online, and the lead stored once', async ({
  page,
  context,
  allowConsoleError,
}) => {
  allowConsoleError(/ERR_INTERNET_DISCONNECTED|Failed to fetch dynamically imported module/);
  const ids = sentIds(page, lead);
  const requested = await dropWhileLoading(page, context, 'outbox-sender');
  const { typed, token } = marked(lead);
  const locator = await openForm(page, lead);
  await markWindow(page);
  // Starting on the form asks for the sending code: the connection drops as it comes.
  await fillForm(locator, typed);
  await expect.poll(() => requested.length).toBe(1);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  await submitButton(locator).click();
  await expect(locator.getByRole('alert')).toContainText(SAVED_OFFLINE);
  expect(await storedContaining(token)).toHaveLength(0);

  await context.setOffline(false);
  await expect(locator.getByRole('status')).toHaveText(lead.thanks);
  await expectStoredOnce(page, () => ids.at(-1), token);
  expect(requested).toHaveLength(2);
  expect(await stillSameWindow(page)).toBe(true);
});

test('the email client lost to the connection dropping is fetched again once back online, and the message stored once', async ({
  page,
  context,
  allowConsoleError,
}) => {
  allowConsoleError(/ERR_INTERNET_DISCONNECTED|Failed to fetch dynamically imported module/);
  const ids = sentIds(page, contact);
  const requested = await dropWhileLoading(page, context, 'email-client');
  const { typed, token } = marked(contact);
  const locator = await openForm(page, contact);
  await markWindow(page);
  await fillForm(locator, typed);
  // Sending asks for the email client: the connection drops as it comes.
  await submitButton(locator).click();
  await expect(locator.getByRole('alert')).toContainText(/saved on this phone/);
  expect(requested).toHaveLength(1);
  expect(ids).toHaveLength(0);

  await context.setOffline(false);
  await expect(locator.getByRole('status')).toHaveText(contact.thanks);
  await expectStoredOnce(page, () => ids[0], token);
  expect(requested).toHaveLength(2);
  expect(await stillSameWindow(page)).toBe(true);
});

test("the forms' code lost to the connection dropping is fetched once back online, and the submit made meanwhile stored once", async ({
  page,
  context,
  allowConsoleError,
}) => {
  allowConsoleError(/ERR_INTERNET_DISCONNECTED|Failed to fetch dynamically imported module/);
  const ids = sentIds(page, popup);
  const requested = await dropWhileLoading(page, context, 'submission');
  const { typed, token } = marked(popup);
  // Opening the pop-up asks for the forms' code, which the page does not carry: the connection drops as it comes.
  const locator = await openForm(page, popup);
  await markWindow(page);
  await fillForm(locator, typed);
  await expect.poll(() => requested.length).toBe(1);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  await submitButton(locator).click();
  // Nothing could be checked or saved: the visitor is told so, and keeps everything typed.
  await expect(locator.getByRole('alert')).toContainText(FAILURE_TEXT.offline);
  await expectValues(locator, typed, 'while the code is missing');
  expect(ids).toHaveLength(0);

  await context.setOffline(false);
  await expect(locator.getByRole('status')).toHaveText(popup.thanks);
  await expectStoredOnce(page, () => ids[0], token);
  expect(requested).toHaveLength(2);
  expect(await stillSameWindow(page)).toBe(true);
});

test('the sending code failing to load with the browser still online is fetched again when the next try comes', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(/ERR_FAILED|Failed to fetch dynamically imported module/);
  const ids = sentIds(page, lead);
  // A connection that is down without the phone noticing: every request for the code fails until it returns.
  let down = true;
  let loads = 0;
  await page.route(codeFile('outbox-sender'), async (route) => {
    loads += 1;
    if (down) await route.abort('failed');
    else await route.continue();
  });
  const { typed, token } = marked(lead);
  const locator = await openForm(page, lead);
  await fillForm(locator, typed);
  await submitButton(locator).click();
  await expect(locator.getByRole('alert')).toContainText(FAILURE_TEXT.network);
  const failedLoads = loads;
  down = false;
  // No online event: only the outbox's own schedule brings the next try.
  await page.clock.runFor(BACKOFF_MS[0] * 1.1);
  await expect(locator.getByRole('status')).toHaveText(lead.thanks);
  expect(loads).toBe(failedLoads + 1);
  await expectStoredOnce(page, () => ids[0], token);
});

test('the email client failing to load once is loaded again, and the same form sends without a reload', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(/ERR_FAILED|Failed to fetch dynamically imported module/);
  const ids = sentIds(page, contact);
  const loads = await failFirstLoad(page, 'email-client');
  const { typed, token } = marked(contact);
  const locator = await openForm(page, contact);
  await fillForm(locator, typed);
  await submitButton(locator).click();
  const alert = locator.getByRole('alert');
  await expect(alert).toContainText(FAILURE_TEXT.network);
  expect(ids).toHaveLength(0);
  await alert.getByRole('button', { name: 'Send now' }).click();
  await expect(locator.getByRole('status')).toHaveText(contact.thanks);
  expect(loads.count).toBe(2);
  await expectStoredOnce(page, () => ids[0], token);
});

test('the form code failing to load once is loaded again on the next try', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(/ERR_FAILED|Failed to fetch dynamically imported module/);
  const ids = sentIds(page, lead);
  const loads = await failFirstLoad(page, 'outbox-sender');
  const { typed, token } = marked(lead);
  const locator = await openForm(page, lead);
  await fillForm(locator, typed);
  await submitButton(locator).click();
  await expect(locator.getByRole('status')).toHaveText(LEAD_THANKS);
  expect(loads.count).toBe(2);
  await expectStoredOnce(page, () => ids[0], token);
});

/** Keeps, in each page of the context, the name of every Web Lock it asks for: a tab's try at sending. */
async function recordLockTries(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const tries: string[] = [];
    Object.assign(window, { lockTries: tries });
    const request = LockManager.prototype.request as (this: LockManager, ...args: unknown[]) => unknown;
    LockManager.prototype.request = function (this: LockManager, ...args: unknown[]) {
      tries.push(String(args[0]));
      return request.apply(this, args);
    } as LockManager['request'];
  });
}

/** How often `page` has asked for the lock of submission `id`, that is tried to send it. */
const triesOf = (page: Page, id: string) =>
  page.evaluate(
    (lock) => (window as unknown as { lockTries: string[] }).lockTries.filter((name) => name === lock).length,
    `enquiry-${id}`,
  );

test('two tabs holding the same saved submission send it once', async ({
  page,
  context,
  allowConsoleError,
}) => {
  allowConsoleError(/ERR_INTERNET_DISCONNECTED/);
  await recordLockTries(context);
  const ids = sentIds(context, lead);
  const slow = gate();
  const { typed, token } = marked(lead);
  const locator = await openForm(page, lead);
  const other = await context.newPage();
  await other.goto(PATHS.aboutUs);
  await hydrated(other);
  await fillForm(locator, typed);
  await formsCodeArrived(page);
  await context.setOffline(true);
  await submitButton(locator).click();
  await expect(locator.getByRole('alert')).toContainText(SAVED_OFFLINE);
  const id = ids[0] ?? '';
  // Only what is sent once back online counts (the try made offline is in the list too).
  ids.length = 0;
  // The service is slow to answer, so both tabs' tries would overlap.
  await context.route(endpoint(lead), async (route) => {
    await slow.opened;
    await route.continue();
  });

  // Both tabs hear the connection come back and both try the outbox at once. The other tab may
  // have heard it while the first emptied the outbox's flag to read it, or before its sending
  // code had loaded, and so looked no further: it hears it again, until it tries, while the
  // first try is unanswered, and must find it taken.
  await context.setOffline(false);
  await expect.poll(() => ids.length).toBe(1);
  await expect
    .poll(
      async () => {
        await other.evaluate(() => window.dispatchEvent(new Event('online')));
        return triesOf(other, id);
      },
      { message: 'the other tab tried to send it' },
    )
    .toBeGreaterThan(0);
  slow.open();
  await expect(locator.getByRole('status')).toHaveText(LEAD_THANKS);
  await other.reload();
  await hydrated(other);
  await expectStoredOnce(context, () => ids[0], token);
  expect(ids).toEqual([id]);
});
