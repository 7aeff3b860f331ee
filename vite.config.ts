import { defineConfig } from 'vite';
import { sheetsPlugin } from './pipeline/vite-plugin-sheets';

/** Output folder; separate folders let several builds run side by side (tests, benchmarks). */
const out = process.env.SITE_OUT ?? 'dist';

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [sheetsPlugin()],
  // The built server bundle carries its dependencies, so it runs from any output folder
  // (SITE_OUT under /tmp has no node_modules to resolve React from). The dev server
  // cannot inline CommonJS packages, so it loads them from node_modules.
  ssr: { noExternal: command === 'build' ? true : [] },
  build: {
    outDir: isSsrBuild ? `${out}-ssr` : out,
    emptyOutDir: true,
    manifest: !isSsrBuild,
    // One stylesheet for the whole site: every page needs the frame's styles, and a
    // single cached file beats a second render-blocking request per page.
    cssCodeSplit: false,
    rollupOptions: { input: isSsrBuild ? 'src/entry-server.tsx' : 'src/entry-client.tsx' },
  },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
}));
