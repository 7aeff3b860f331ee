/**
 * Compiles the pre-render (prerender.ts and the pipeline and src modules it imports) to plain
 * JavaScript in dist-prerender/, which `npm run build` runs with `node` rather than `tsx`.
 *
 * tsx transforms TypeScript in a loader thread of its own for each thread that registers it, and
 * that thread keeps what it read: at 10,000 records the pre-render's two loader threads held
 * about half of its peak of a gigabyte (6 December, the pre-render alone: 879 to 1,088 MB under
 * tsx, 821 and 836 MB with the main thread compiled, 451 and 535 MB with both, the same pages
 * written; in `npm run bench:scale`, 446 to 559 MB against 835 to 1,026 MB).
 *
 * Packages stay imports, found in node_modules as before. compress.ts and headers.ts are entries
 * too: code that entries share goes into a chunk of its own, so each of their "run as a script"
 * checks (import.meta.filename against the script run) reads the chunk's name and stays false
 * when dist-prerender/prerender.mjs runs; bundled into it, they would run their own main too.
 *
 *   npx tsx pipeline/compile-prerender.ts
 */
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Metafile } from 'esbuild';
import { build } from 'esbuild';

/** Where the compiled pre-render goes: one folder below the project, as pipeline/ is, for its `..`. */
export const COMPILED_FOLDER = 'dist-prerender';

/** The compiled pre-render's script, relative to the project. */
export const COMPILED_PRERENDER = `${COMPILED_FOLDER}/prerender.mjs`;

/**
 * Compiles the pre-render of the project at `root` into `outdir` (its COMPILED_FOLDER), and says
 * which source files each output file holds (paths relative to `root`).
 */
export async function compilePrerender(
  root: string,
  outdir = join(root, COMPILED_FOLDER),
): Promise<Metafile> {
  await rm(outdir, { recursive: true, force: true });
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints: ['pipeline/prerender.ts', 'pipeline/compress.ts', 'pipeline/headers.ts'],
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    metafile: true,
  });
  return metafile;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === import.meta.filename)
  await compilePrerender(resolve(import.meta.dirname, '..'));
