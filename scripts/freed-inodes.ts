/**
 * A benchmark that removes a large tree leaves the next one's figures to ext4, where the file
 * system keeps no journal (this machine's disk, like many a virtual machine's): making a file,
 * it passes over every inode freed in the last minute, or in the last six while the block that
 * holds it is dirty, before it takes a free one (find_inode_bit asks recently_deleted() of each;
 * RECENTCY_MIN is 60 s and RECENTCY_DIRTY 300 s more, since Linux 5.7). Making a build's 50,000
 * files and folders among the 100,000 a benchmark has just removed, that is most of its kernel
 * time: under perf, a fifth of all the pre-render's samples were in recently_deleted and the
 * buffer lookups it makes. The same 10,000-record pre-render spent 3.2 s in the kernel six
 * minutes after the last removal, 9.4 s right after one, and 17 to 23 s after a few builds
 * written and removed in a row. The new build's own inodes dirty the blocks beside the freed
 * ones again, so `sync` does not shorten the wait.
 *
 * So a benchmark that removed its work folder notes when, and one that writes a build waits out
 * the rest of those six minutes first, where its temporary folder is on such a file system.
 */
import { readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** recently_deleted()'s longest reach: RECENTCY_MIN (60 s) and RECENTCY_DIRTY (300 s). */
const RECENTCY_MS = 360_000;

const MARK = join(tmpdir(), 'regal-bench-removed-at');

/** Notes that a benchmark is removing, or has just removed, a large tree from the temporary folder. */
async function noteRemoval(): Promise<void> {
  await writeFile(MARK, `${Date.now()}\n`);
}

/**
 * Removes a benchmark's work folder, noting it before and after: removing a built site takes
 * seconds, and a benchmark started meanwhile (on 7 December, right after `bench:publish` printed
 * its figures) found no note yet and spent three times the kernel time.
 */
export async function removeNoted(dir: string): Promise<void> {
  await noteRemoval();
  await rm(dir, { recursive: true, force: true });
  await noteRemoval();
}

/** /proc/self/mounts writes a space, tab, newline or backslash in a path as its octal escape. */
const unescapeMount = (field: string) =>
  field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(Number.parseInt(octal, 8)));

/** A file system as /proc/self/mounts lists it. */
interface Mount {
  device: string;
  point: string;
  type: string;
}

/** The file system that holds `path` (an absolute path, links resolved), from /proc/self/mounts' text. */
export function mountOf(mounts: string, path: string): Mount | null {
  let found: Mount | null = null;
  for (const line of mounts.split('\n')) {
    const [device = '', point = '', type = ''] = line.split(' ').map(unescapeMount);
    const holds = point === '/' || (point !== '' && (path === point || path.startsWith(`${point}/`)));
    // The last of equal mount points is the one mounted over the others.
    if (holds && point.length >= (found?.point.length ?? 0)) found = { device, point, type };
  }
  return found;
}

/** The device of `dir`'s file system when it is ext4 without a journal; otherwise null. */
async function journalLessExt4(dir: string): Promise<string | null> {
  const mounts = await readFile('/proc/self/mounts', 'utf8').catch(() => null);
  const mount = mounts === null ? null : mountOf(mounts, await realpath(dir));
  if (mount?.type !== 'ext4') return null;
  const device = await realpath(mount.device).catch(() => mount.device);
  const journal = await readFile(`/sys/fs/ext4/${basename(device)}/journal_task`, 'utf8').catch(() => null);
  return journal?.trim() === '<none>' ? mount.device : null;
}

/**
 * Waits until a tree a benchmark removed can no longer slow the files this one creates, saying
 * why on stderr; at once when none was removed in the last six minutes, when `skip` is set, or where
 * the temporary folder's file system does not hold on to freed inodes.
 */
export async function awaitFreedInodes(skip: boolean): Promise<void> {
  const removedAt = Number((await readFile(MARK, 'utf8').catch(() => '')).trim());
  const left = Number.isFinite(removedAt) && removedAt > 0 ? removedAt + RECENTCY_MS - Date.now() : 0;
  if (left <= 0 || left > RECENTCY_MS) return;
  const device = await journalLessExt4(tmpdir());
  if (device === null) return;
  const at = new Date(removedAt).toISOString().slice(11, 19);
  if (skip) {
    process.stderr.write(
      `  not waiting (--no-wait): a benchmark removed its work folder at ${at} UTC, and ${device} (ext4 without a journal) passes over the inodes it freed as it makes files; kernel times will be high.\n`,
    );
    return;
  }
  process.stderr.write(
    `  waiting ${Math.ceil(left / 1000)} s: a benchmark removed its work folder at ${at} UTC, and ${device} (ext4 without a journal) passes over inodes freed in the last six minutes as it makes files (--no-wait to start at once)…\n`,
  );
  await sleep(left);
}
