/**
 * Folder trees of the publisher: builds share their unchanged files as hard
 * links (a content build adds a few megabytes, not the whole site), so a file
 * in a build is never written in place once linked: every writer renames a new
 * file over it or writes where no link exists.
 */
import { copyFile, link, mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Every file under `dir`, as paths relative to it with forward slashes; none when it does not exist.
 * Walked folder by folder: Node 20's `readdir(…, { recursive: true })` took 1.6 s over a 10,000-record
 * build's 36,000 files, this 0.5 s.
 */
export async function listFiles(dir: string): Promise<string[]> {
  const walk = async (folder: string): Promise<string[]> => {
    const entries = await readdir(join(dir, folder), { withFileTypes: true }).catch(() => []);
    const below = await Promise.all(
      entries.filter((entry) => entry.isDirectory()).map((entry) => walk(`${folder}${entry.name}/`)),
    );
    return [
      ...entries.filter((entry) => entry.isFile()).map((entry) => `${folder}${entry.name}`),
      ...below.flat(),
    ];
  };
  return (await walk('')).sort();
}

/**
 * Hard-links (or copies, across file systems) every file of `from` into `to`, but those `skip`
 * names and the temporary files of a writer still at work in `from` (compressing a build that
 * just went live): they are renamed away while this runs, and belong to no build.
 */
export async function linkTree(from: string, to: string, skip: (path: string) => boolean = () => false) {
  const files = (await listFiles(from)).filter((path) => !path.endsWith('.tmp') && !skip(path));
  const folders = new Set(files.map((path) => dirname(join(to, path))));
  for (const folder of folders) await mkdir(folder, { recursive: true });
  for (let start = 0; start < files.length; start += 64)
    await Promise.all(
      files.slice(start, start + 64).map(async (path) => {
        const source = join(from, path);
        const target = join(to, path);
        await link(source, target).catch(async (error: NodeJS.ErrnoException) => {
          if (error.code !== 'EXDEV' && error.code !== 'EPERM') throw error;
          await copyFile(source, target);
        });
      }),
    );
  return files.length;
}

/** Copies every file of `from` into `to` (never links: the copies are edited later). */
export async function copyTree(from: string, to: string): Promise<void> {
  const files = await listFiles(from);
  for (const folder of new Set(files.map((path) => dirname(join(to, path)))))
    await mkdir(folder, { recursive: true });
  for (let start = 0; start < files.length; start += 64)
    await Promise.all(
      files.slice(start, start + 64).map((path) => copyFile(join(from, path), join(to, path))),
    );
}

/**
 * Whether two files hold the same bytes; a missing file equals only another missing one. Two links
 * to one file are the same, and files of different sizes differ, without reading either: a draft's
 * sheets are links to the live ones but the few it changes (20 MB of pictures and a 10,000-row
 * sheet were read twice per publish).
 */
export async function sameBytes(a: string, b: string): Promise<boolean> {
  const [left, right] = await Promise.all([stat(a).catch(() => null), stat(b).catch(() => null)]);
  if (left === null || right === null) return left === right;
  if (left.dev === right.dev && left.ino === right.ino) return true;
  if (left.size !== right.size) return false;
  const [bytesA, bytesB] = await Promise.all([readFile(a).catch(() => null), readFile(b).catch(() => null)]);
  if (bytesA === null || bytesB === null) return bytesA === bytesB;
  return bytesA.equals(bytesB);
}

/** The files that differ between two folders (added, changed or removed), relative paths sorted. */
export async function differingFiles(a: string, b: string): Promise<string[]> {
  const [left, right] = await Promise.all([listFiles(a), listFiles(b)]);
  const all = [...new Set([...left, ...right])].sort();
  const differs = await Promise.all(
    all.map(async (path) => !(await sameBytes(join(a, path), join(b, path)))),
  );
  return all.filter((_, i) => differs[i]);
}

export const removeTree = (dir: string) => rm(dir, { recursive: true, force: true });

export async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
