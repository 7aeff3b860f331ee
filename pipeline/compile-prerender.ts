/**
 * Compiles to plain JavaScript, with esbuild, the two programs that pre-render pages: the build's
 * pre-render (prerender.ts and the pipeline and src modules it imports) into dist-prerender/,
 * which `npm run build` runs with `node` rather than `tsx`, and the publisher's build process
 * (server/publish-build.ts) into dist-publish/, which the publisher runs the same way when that
 * copy is current (compiled-code.ts; run-build.ts).
 *
 * tsx transforms TypeScript in a loader thread of its own for each thread that registers it, and
 * that thread keeps what it read: at 10,000 records the pre-render's two loader threads held
 * about half of its peak of a gigabyte (6 December, the pre-render alone: 879 to 1,088 MB under
 * tsx, 821 and 836 MB with the main thread compiled, 451 and 535 MB with both, the same pages
 * written; in `npm run bench:scale`, 446 to 559 MB against 835 to 1,026 MB).
 *
 * Packages stay imports, found in node_modules as before. Every compiled file sits one level below
 * the project, as pipeline/ does, so that the code's `..` is the project (project-root.ts).
 *
 * A module that runs its own main when it is the script run (import.meta.filename against the
 * script's name) must not be bundled into a script's own file, where import.meta is the script's:
 * - compress.ts and headers.ts are entries of the pre-render's compile too, so the code entries
 *   share goes into a chunk of its own, and their checks stay false in dist-prerender/prerender.mjs;
 * - the build process imports the content build (content-build.ts) only once it has started, so
 *   esbuild puts it in a chunk loaded then, and the script holds itself alone; the pre-render is an
 *   entry there too, for a chunk of its own that its second thread loads, without the rest.
 * tests/pipeline/compile-prerender.test.ts holds both.
 *
 * The build process's folder is written beside its place and renamed into it, with the digest of
 * its sources (compiled-code.ts); a compile whose sources read as the folder's did leaves it as it
 * is. So the compile before the tests and `npm run build` do not replace each other's copy under
 * a build process that runs from it.
 *
 *   npx tsx pipeline/compile-prerender.ts
 */
import { chmod, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import type { BuildOptions, Metafile } from 'esbuild';
import { build } from 'esbuild';
import type { CompiledSources } from './compiled-code';
import { PROJECT_ROOT } from './project-root';
import {
  COMPILED_PUBLISH_FOLDER,
  currentCompiled,
  PUBLISH_BUILD_SCRIPT,
  SOURCES_FILE,
  sourcesDigest,
} from './compiled-code';

/** Where the compiled pre-render goes: one level below the project, as pipeline/ is, for its `..`. */
export const COMPILED_FOLDER = 'dist-prerender';

/** The compiled pre-render's script, relative to the project. */
export const COMPILED_PRERENDER = `${COMPILED_FOLDER}/prerender.mjs`;

const COMPILE = {
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
  metafile: true,
} as const satisfies BuildOptions;

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
    ...COMPILE,
    absWorkingDir: root,
    entryPoints: ['pipeline/prerender.ts', 'pipeline/compress.ts', 'pipeline/headers.ts'],
    outdir,
  });
  return metafile;
}

/**
 * Compiles the publisher's build process of the project at `root` into `outdir` (its
 * COMPILED_PUBLISH_FOLDER), and says which source files each output file holds, as there; null
 * when `outdir` holds it compiled from the sources as they read now, and is left as it is.
 */
export async function compilePublishBuild(
  root: string,
  outdir = join(root, COMPILED_PUBLISH_FOLDER),
): Promise<Metafile | null> {
  if (currentCompiled(root, outdir, PUBLISH_BUILD_SCRIPT) !== null) return null;
  // Beside its place, so that its code's `..` is the project there too.
  const staging = await mkdtemp(`${outdir}.`);
  await chmod(staging, 0o755);
  try {
    const { metafile } = await build({
      ...COMPILE,
      absWorkingDir: root,
      // The pre-render an entry too: its code goes into a chunk of its own, which its second thread
      // loads (import.meta.url) without the picture encoder and sharp the content build imports.
      entryPoints: { 'publish-build': 'server/publish-build.ts', prerender: 'pipeline/prerender.ts' },
      outdir: staging,
    });
    const sources = Object.keys(metafile.inputs).sort();
    const digest = sourcesDigest(root, sources);
    if (digest === null)
      throw new Error(
        `A source of ${PUBLISH_BUILD_SCRIPT} was removed while it was compiled: compile it again.`,
      );
    await writeFile(
      join(staging, SOURCES_FILE),
      `${JSON.stringify({ sources, digest } satisfies CompiledSources)}\n`,
    );
    await replaceFolder(staging, outdir);
    return placed(metafile, relative(root, staging), relative(root, outdir));
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Puts the folder `from` in the place of `to`, unless another compile put its own there meanwhile. */
async function replaceFolder(from: string, to: string): Promise<void> {
  const old = `${from}.old`;
  await rename(to, old).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  try {
    await rename(from, to);
  } catch (error) {
    // A compile alongside put its copy there first: it was compiled from the same sources.
    if (
      (error as NodeJS.ErrnoException).code !== 'ENOTEMPTY' &&
      (error as NodeJS.ErrnoException).code !== 'EEXIST'
    )
      throw error;
  } finally {
    await rm(old, { recursive: true, force: true });
  }
}

/** `metafile` with its output files named where they went (`to`) rather than where they were written (`from`). */
function placed(metafile: Metafile, from: string, to: string): Metafile {
  const moved = (file: string) => (file.startsWith(`${from}/`) ? `${to}${file.slice(from.length)}` : file);
  return {
    ...metafile,
    outputs: Object.fromEntries(
      Object.entries(metafile.outputs).map(([file, output]) => [
        moved(file),
        {
          ...output,
          imports: output.imports.map((imported) => ({ ...imported, path: moved(imported.path) })),
        },
      ]),
    ),
  };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === import.meta.filename)
  await Promise.all([compilePrerender(PROJECT_ROOT), compilePublishBuild(PROJECT_ROOT)]);
