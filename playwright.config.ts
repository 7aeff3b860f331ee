import { defineConfig } from '@playwright/test';
import { e2eDataDir, e2ePort, removeStaleData } from './tests/e2e/e2e-server';

/**
 * Browser tests run against an already-built site (SITE_OUT, default dist/), served by
 * our own static server as a host would serve it. Build first; this config builds nothing.
 * The server is always the run's own, on a free port (E2E_PORT names one) with its own data
 * folder: a site already running (`npm start`) is never reused, so no test lead reaches its
 * database, and a port already taken fails the run at once.
 *
 * Projects: every test runs on desktop (1440 × 900); a test tagged @phone also runs on a
 * phone (390 × 844, touch), and one tagged @phone-only runs on the phone alone.
 */
const root = process.env.SITE_OUT ?? 'dist';
const port = e2ePort(process.env);
// Once per run, in the runner: workers read this config again while the run is under way.
if (process.env.TEST_WORKER_INDEX === undefined) removeStaleData(port);

/** The embedded database of the lead service the tests run against; emptied before each run. */
export const E2E_DATA_DIR = e2eDataDir(port);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/pglite-template.ts',
  workers: 2,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // In CI the log's tail must say why a test failed, not only which, and where the time went
  // (ci-summary.ts); the dots keep the log short enough for its tail to hold the unit tests' too.
  reporter: process.env.CI ? [['dot'], ['./tests/e2e/ci-summary.ts']] : 'list',
  // A timeout is a hang's backstop, never a speed check. On 2 December CI's machine ran at half
  // its usual speed: a page took over 5 s to say a lead was sent, and a test of about 20 pages over
  // 30 s, and both failed with nothing wrong. Passing tests take no longer for these.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', grepInvert: /@phone-only/, use: { viewport: { width: 1440, height: 900 } } },
    {
      name: 'phone',
      grep: /@phone/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
  ],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && LEAD_RATE_LIMIT=0 CONNECTIONS_PER_ADDRESS=0 npx tsx server/serve.ts --root ${root} --port ${port} --data-dir ${E2E_DATA_DIR}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    // Opening the embedded database and adopting the build as the publisher's first takes seconds
    // on a quiet machine and over a minute on a loaded one.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
