import type { KnipConfig } from 'knip';

/**
 * Everything that is started rather than imported: the pipeline and server
 * commands, the benchmark scripts and the tests. Vite, Vitest, Playwright and ESLint configs
 * are found by knip's own plugins.
 */
const config: KnipConfig = {
  entry: [
    'pipeline/*.ts',
    'server/*.ts',
    'scripts/*.ts',
    'tests/**/*.{test,spec}.{ts,tsx}',
    // Processes the tests start by path.
    'tests/**/*-child.ts',
    // Worker threads the server starts by path.
    'server/**/*-worker.ts',
    // Reporters playwright.config.ts and vite.config.ts name by path.
    'tests/e2e/ci-summary.ts',
    'tests/unit-summary.ts',
  ],
  project: [
    'src/**/*.{ts,tsx}',
    'pipeline/**/*.ts',
    'server/**/*.ts',
    'scripts/**/*.ts',
    'tests/**/*.{ts,tsx}',
  ],
  // Debian's Varnish, which .ci/run installs: the publishing tests put it in front of the service;
  // and Debian's Hugo, which bench:scale builds a reference site with when it is installed.
  ignoreBinaries: ['varnishd', 'hugo'],
};

export default config;
