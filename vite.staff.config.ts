import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/**
 * The staff console's front end (src/staff/), built apart from the public site: its own
 * entry, its own output folder beside the site's (`dist-staff`, never uploaded with dist/),
 * served by the lead service under /staff/ behind sign-in. Nothing of it reaches a public page.
 */
const out = process.env.SITE_OUT ?? 'dist';

export default defineConfig({
  root: resolve(import.meta.dirname, 'src/staff'),
  base: '/staff/',
  publicDir: false,
  build: {
    outDir: resolve(import.meta.dirname, `${out}-staff`),
    emptyOutDir: true,
    rolldownOptions: {
      // TanStack Query marks its files "use client" for React Server Components; a client-only app has none.
      onLog(level, log, handler) {
        if (log.code !== 'MODULE_LEVEL_DIRECTIVE') handler(level, log);
      },
    },
  },
});
