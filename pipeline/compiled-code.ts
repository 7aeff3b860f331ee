/**
 * The publisher's build process compiled to plain JavaScript (compile-prerender.ts), and whether
 * that copy is current: its folder records the sources it was compiled from and their digest
 * (sources.json, written last), and a copy whose sources read otherwise now is not run.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { PROJECT_ROOT } from './project-root';

/** Where the publisher's build process is compiled to, one level below the project (project-root.ts). */
export const COMPILED_PUBLISH_FOLDER = 'dist-publish';

/** The build process's script in that folder. */
export const PUBLISH_BUILD_SCRIPT = 'publish-build.mjs';

/** What a compiled folder was compiled from. */
export const SOURCES_FILE = 'sources.json';

const CompiledSourcesSchema = z.object({
  /** The project's files bundled in, relative to the project. */
  sources: z.array(z.string()).min(1),
  /** sourcesDigest of those files when they were compiled. */
  digest: z.string(),
});
export type CompiledSources = z.output<typeof CompiledSourcesSchema>;

/** A digest of the files `sources` (relative to `root`) as they read now; null when one is gone. */
export function sourcesDigest(root: string, sources: readonly string[]): string | null {
  const hash = createHash('sha256');
  for (const source of sources) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(root, source));
    } catch {
      return null;
    }
    hash.update(source).update('\0').update(bytes).update('\0');
  }
  return hash.digest('hex');
}

/**
 * `script` in the compiled folder `folder` when it was compiled from the sources of `root` as they
 * read now; null when the folder is absent, incomplete or older than the code. Synchronous: the
 * publisher asks once per build process started, and reading the sources takes milliseconds.
 */
export function currentCompiled(root: string, folder: string, script: string): string | null {
  let recorded: CompiledSources;
  try {
    recorded = CompiledSourcesSchema.parse(JSON.parse(readFileSync(join(folder, SOURCES_FILE), 'utf8')));
  } catch {
    return null;
  }
  return sourcesDigest(root, recorded.sources) === recorded.digest ? join(folder, script) : null;
}

/** The project's compiled build process when it is current (currentCompiled), else null. */
export const compiledPublishBuild = (root = PROJECT_ROOT): string | null =>
  currentCompiled(root, join(root, COMPILED_PUBLISH_FOLDER), PUBLISH_BUILD_SCRIPT);
