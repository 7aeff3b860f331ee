/**
 * Starting up: adopting a developer's build (`npm run build`) as live, and
 * after a crash mid-change, finishing it (its commit exists) or undoing it
 * (sheets/ back as committed), so the live site and sheets/ always match.
 * Leftovers of interrupted work (half-made builds, scratch folders, drafts
 * older than a day) are removed.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Drafts } from './drafts';
import type { Queue } from './queue';
import { COMPRESSED } from './queue';
import { copyTree, exists, linkTree, removeTree } from './tree';
import type { Workspace } from './workspace';
import { newId } from './workspace';

/**
 * What identifies a developer build: its client manifest, server entry, and when its pages were
 * written (a build from sheets edited by hand has the same bundles, and must still go live).
 */
export async function fingerprint(site: string): Promise<string | null> {
  const hash = createHash('sha256');
  try {
    hash.update(await readFile(join(site, '.vite/manifest.json')));
    hash.update(await readFile(`${site}-ssr/entry-server.js`));
    hash.update(String((await stat(join(site, '404.html'))).mtimeMs));
  } catch {
    return null;
  }
  return hash.digest('hex');
}

/** Copies a developer's build (`dist/` and `dist-ssr/`) in as a build of the publisher's. */
export async function adopt(builds: string, site: string, sheetsDir: string): Promise<string> {
  const build = newId('b');
  const staging = join(builds, `${build}.tmp`);
  await removeTree(staging);
  await linkTree(site, join(staging, 'site'));
  await linkTree(`${site}-ssr`, join(staging, 'site-ssr'), (path) => path.startsWith('media/'));
  await copyTree(sheetsDir, join(staging, 'sheets'));
  await writeFile(join(staging, COMPRESSED), '');
  await rename(staging, join(builds, build));
  return build;
}

/** After a crash mid-change: finish it if its commit exists, else put sheets/ back. */
export async function recover(ws: Workspace, queue: Queue, drafts: Drafts): Promise<void> {
  const pending = ws.state.pending;
  if (pending !== null) {
    await rm(join(ws.repo.dir, '.git/index.lock'), { force: true });
    const head = await ws.repo.head();
    const committed =
      pending.phase === 'committing' &&
      (await ws.repo.changeIdOf(head)) === pending.changeId &&
      (await exists(join(ws.buildDir(pending.build), 'site')));
    if (committed) {
      queue.finish(head);
      console.warn(
        `Publishing: finished change ${pending.changeId}, which a stop interrupted after its commit.`,
      );
    } else {
      await ws.repo.restoreSheets();
      if (pending.newBuild) await removeTree(ws.buildDir(pending.build));
      ws.state.pending = null;
      console.warn(
        `Publishing: undid change ${pending.changeId}, which a stop interrupted before its commit.`,
      );
    }
    await ws.save();
  }
  for (const entry of await readdir(ws.dirs.builds))
    if (entry.endsWith('.tmp') || entry.endsWith('.options.json'))
      await removeTree(join(ws.dirs.builds, entry));
  await removeTree(ws.dirs.scratch);
  await mkdir(ws.dirs.scratch, { recursive: true });
  await drafts.sweep();
  await queue.afterSwitch();
  for (const build of ws.keptBuilds())
    if (!(await exists(join(ws.buildDir(build), COMPRESSED)))) queue.compressLater(build, null);
  queue.warm();
}
