/**
 * What was worked out from a picture file, kept for the life of the process while the file stays
 * the same. The publisher's build process reads the same few hundred pictures at every publish,
 * each a hard link of the live one under a draft's folder (server/publish/tree.ts): a picture is
 * known by its name under sheets/images and its file's identity (device, inode, size and
 * modification time), whatever folder it is read from. A picture saved again is a new file or
 * has a new time, and is read again.
 */
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';

/** A file as it is now: another file, or the same one written again, has another identity. */
export const fileIdentity = (file: Stats) => `${file.dev}:${file.ino}:${file.size}:${file.mtimeMs}`;

/** Pictures remembered at most: past it, the memory starts again (sites of old pictures renamed many times). */
const AT_MOST = 20_000;

export class KnownPictures<T> {
  private readonly known = new Map<string, T>();

  /** The identity of the picture `src` under `imagesDir` as it is now; null when it is not a file. */
  async identity(imagesDir: string, src: string): Promise<string | null> {
    const file = await stat(join(imagesDir, src)).catch(() => null);
    return file?.isFile() === true ? `${src}\0${fileIdentity(file)}` : null;
  }

  get(identity: string): T | undefined {
    return this.known.get(identity);
  }

  set(identity: string, value: T): void {
    if (this.known.size >= AT_MOST) this.known.clear();
    this.known.set(identity, value);
  }
}
