import { defineConfig } from 'vite';
import { eagerCommonJsPlugin } from './pipeline/vite-plugin-eager-cjs';
import { fontsPlugin } from './pipeline/vite-plugin-fonts';
import { sheetsPlugin } from './pipeline/vite-plugin-sheets';

/** Output folder; separate folders let several builds run side by side (tests, benchmarks). */
const out = process.env.SITE_OUT ?? 'dist';

/**
 * Few, well-cut client files: a slow mobile line pays a round trip per request. React and the
 * frame go with the entry; the carousel and the table stay apart for the pages that use them;
 * the small pieces pages share travel together. The mail client is no group: its file is the
 * one built for src/forms/email-client.ts, which exports it by name (see there).
 */

/**
 * The forms' code (checks, the outbox, sending) and what only it uses: fetched when a form is
 * first used (src/forms/use-submission.ts), it must not travel with the shared pieces every
 * page loads.
 */
const FORMS_CODE =
  /[\\/]src[\\/](forms[\\/](submission|submit|outbox|validation|send-failure|send-lead|send-email)\.ts$|schema[\\/]contact\.ts$)|[\\/]node_modules[\\/]idb-keyval[\\/]/;

/**
 * Small pieces several pages share, loaded as one file; the company pages' components, which no
 * listing page uses, are left to the pages that do.
 */
const SHARED = /[\\/]src[\\/](data|forms|components[\\/](ui|listings|forms))[\\/]/;

const CLIENT_CHUNKS = {
  groups: [
    // The entry waits for the first paint and needs only this loader and the landing's attribution:
    // keep them out of the chunks that bring React, which would otherwise load before the lead picture.
    { name: 'loader', test: /preload-helper|[\\/]src[\\/]forms[\\/]attribution/, priority: 4 },
    { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
    { name: 'swiper', test: /node_modules[\\/]swiper[\\/]/, priority: 2 },
    { name: 'table', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
    {
      name: 'shared',
      test: (id: string) => SHARED.test(id) && !FORMS_CODE.test(id),
      minShareCount: 2,
      priority: 1,
    },
  ],
};

export default defineConfig(({ command, isSsrBuild }) => ({
  // SHEETS_DIR: the dev server's --sheets, a folder of sheets other than sheets/.
  plugins: [fontsPlugin(), sheetsPlugin({ sheetsDir: process.env.SHEETS_DIR }), eagerCommonJsPlugin()],
  // The built server bundle carries its dependencies, so it runs from any output folder
  // (SITE_OUT under /tmp has no node_modules to resolve React from). The dev server
  // cannot inline CommonJS packages, so it loads them from node_modules.
  ssr: { noExternal: command === 'build' ? true : [] },
  // Every page carries its styles and their class names in its HTML, and a page that fits the
  // first round trip of a slow line paints a round trip sooner: built class names are a short
  // hash of the module's path and the local name (the same in the client and server builds).
  // The development server keeps the readable ones.
  css: command === 'build' ? { modules: { generateScopedName: '[hash:base64:5]' } } : {},
  build: {
    outDir: isSsrBuild ? `${out}-ssr` : out,
    emptyOutDir: true,
    manifest: !isSsrBuild,
    // The server bundle needs none of public/, and `npm run build` makes it while the data step
    // writes the pictures there.
    copyPublicDir: !isSsrBuild,
    // One stylesheet for the whole site, which the pre-render splits per route into what its
    // pages carry inline and the rest they load after painting (pipeline/critical-css.ts).
    cssCodeSplit: false,
    rolldownOptions: {
      input: isSsrBuild ? 'src/entry-server.tsx' : 'src/entry-client.tsx',
      output: { codeSplitting: isSsrBuild ? true : CLIENT_CHUNKS },
    },
  },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    globalSetup: [
      'tests/pglite-template.ts',
      'tests/checkout-template.ts',
      'tests/compiled-publish-build.ts',
    ],
    setupFiles: ['tests/testing-library-setup.ts'],
    // In CI, a short log (what the tests print is kept for those that fail): see tests/unit-summary.ts.
    reporters: process.env.CI ? ['./tests/unit-summary.ts', 'dot'] : ['default'],
    silent: process.env.CI ? 'passed-only' : false,
    // Reading every sheet takes a second on a quiet machine and over five on CI's two cores while
    // other test files run: a timeout is a hang's backstop here, never a speed check. A hook that
    // copies the sheets and reads them took over ten seconds in CI on 29 November.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
}));
