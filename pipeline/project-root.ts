import { resolve } from 'node:path';

/**
 * The project's folder, for the modules that read or write files of it by their place in it. This
 * module is one level below that folder, and so is every folder its code is compiled into
 * (compile-prerender.ts: dist-prerender/, dist-publish/), where `import.meta.dirname` is the
 * compiled file's folder, not its source's: from either, the folder above is the project's.
 */
export const PROJECT_ROOT = resolve(import.meta.dirname, '..');
