/**
 * `npm run dev`: a sheet saved with a mistake shows Vite's error overlay, and the enquiry pop-up
 * never sits over it (issue 16): it does not open while the overlay shows, and an open pop-up
 * closes when the overlay appears. This spec starts its own dev server (server/dev.ts) on a free
 * port, on a copy of the valid fixture sheets, and stops it by its process id; it does not use the
 * built site the other specs run against.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { copyFile, cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { POPUP_DELAY_MS } from '../../src/app/constants';
import { expect, holdTimers, hydrated, test } from './fixtures';
import getPort from 'get-port';

const FIXTURES = join(import.meta.dirname, '../fixtures');
const SHEET = 'home-pre-rented.csv';
/** A tenant the tenants sheet does not list: one mistake, named at its row and column. */
const BROKEN = join(FIXTURES, 'broken/references', SHEET);
const MISTAKE = `${SHEET} row 3, column A (tenant)`;

let dir: string;
let server: ChildProcess;
let origin: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  // Vite's dev server starts in seconds alone, and took over a minute beside CI's other tests.
  test.setTimeout(240_000);
  dir = await mkdtemp(join(tmpdir(), 'dev-overlay-'));
  await cp(join(FIXTURES, 'valid'), join(dir, 'sheets'), { recursive: true });
  const port = await getPort({ host: '127.0.0.1' });
  origin = `http://127.0.0.1:${port}`;
  server = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/dev.ts', '--port', String(port), '--sheets', join(dir, 'sheets')],
    { env: { ...process.env, DATA_DIR: join(dir, 'data') }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await expect
    .poll(() => output.includes('Dev server:') || server.exitCode !== null, { timeout: 180_000 })
    .toBe(true);
  expect(server.exitCode, output).toBeNull();
  // A fresh dev server bundles the client's dependencies on the first page's requests and then
  // reloads that page once; with the tests' clock held, that reload would wait forever. It
  // happens here, on a page of its own, with the clock running.
  const warmUp = await browser.newPage();
  await warmUp.goto(`${origin}/aboutUs`);
  await warmUp.waitForLoadState('networkidle');
  await warmUp.waitForTimeout(1500);
  await warmUp.waitForLoadState('networkidle');
  await warmUp.close();
});

test.afterAll(async () => {
  if (server?.pid !== undefined && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    process.kill(server.pid, 'SIGTERM');
    await exited;
  }
  await rm(dir, { recursive: true, force: true });
});

// The valid sheet back; the server then reloads the open page, which must happen before the next test's page.
test.afterEach(async ({ page }) => {
  // Vite's client reloads the page from a timer: let the held clock run.
  await page.clock.resume();
  const reloaded = page.waitForEvent('load', { timeout: 20_000 });
  await copyFile(join(FIXTURES, 'valid', SHEET), join(dir, 'sheets', SHEET));
  await reloaded;
});

/** The page as the sales person has it open in the preview, with the pop-up's clock held. */
async function preview(page: Page): Promise<void> {
  test.setTimeout(90_000);
  await holdTimers(page);
  await page.goto(`${origin}/aboutUs`);
  await hydrated(page);
  // The client connects to Vite's socket once loaded; a change saved before that would be missed.
  await page.waitForLoadState('networkidle');
}

async function saveBrokenSheet(page: Page): Promise<void> {
  await copyFile(BROKEN, join(dir, 'sheets', SHEET));
  const overlay = page.locator('vite-error-overlay');
  await expect(overlay).toBeVisible({ timeout: 20_000 });
  await expect(overlay).toContainText(MISTAKE);
}

/** What a click in the middle of the screen lands on: the overlay, if nothing covers it. */
const topmost = (page: Page) =>
  page.evaluate(() => document.elementFromPoint(innerWidth / 2, innerHeight / 2)?.localName);

test('the pop-up does not open over the error overlay', async ({ page }) => {
  await preview(page);
  await saveBrokenSheet(page);
  await page.clock.runFor(POPUP_DELAY_MS + 500);
  await expect(page.locator('dialog[open]')).toHaveCount(0);
  await expect.poll(() => topmost(page)).toBe('vite-error-overlay');
});

test('an open pop-up gives way to the error overlay', async ({ page }) => {
  await preview(page);
  await page.clock.runFor(POPUP_DELAY_MS + 500);
  await expect(page.getByRole('dialog', { name: 'Share your Contact Details' })).toBeVisible();
  await saveBrokenSheet(page);
  await expect(page.locator('dialog[open]')).toHaveCount(0);
  await expect.poll(() => topmost(page)).toBe('vite-error-overlay');
});

test('the sheets’ warnings show in a panel of their own until dismissed, never in the overlay', async ({
  page,
}) => {
  await preview(page);
  await page.clock.resume();
  const notes = join(dir, 'sheets', 'notes.txt');
  let reloaded = page.waitForEvent('load', { timeout: 20_000 });
  await writeFile(notes, 'Call Ravi about the brochure.\n');
  await reloaded;
  const panel = page.getByRole('region', { name: '1 warning in the sheets' });
  await expect(panel).toContainText('notes.txt');
  await expect(page.locator('vite-error-overlay')).toHaveCount(0);

  await panel.getByRole('button', { name: 'Dismiss' }).click();
  await expect(panel).toHaveCount(0);
  await page.reload();
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  await expect(panel).toHaveCount(0);

  reloaded = page.waitForEvent('load', { timeout: 20_000 });
  await rm(notes);
  await reloaded;
});
