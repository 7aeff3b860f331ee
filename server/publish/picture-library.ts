/**
 * The shared picture library: pictures staff uploaded, kept by the service
 * (under DATA_DIR) until they are published or deleted, whichever device they
 * came from. Every draft's checks see them; a publish takes along those its
 * sheets name, and once a picture is live it leaves the library.
 *
 * A file is written beside its place and renamed over it, never rewritten in
 * place: drafts may hold hard links to it.
 */
import { copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { isSheet } from './drafts';
import type { Picture } from './queued-changes';
import { listFiles, sameBytes } from './tree';
import type { Workspace } from './workspace';

/** Pictures live under sheets/images; the library holds paths relative to that folder. */
const IMAGES = 'images';

/** The texts of the sheets directly in `sheets`. */
async function sheetTexts(sheets: string): Promise<string[]> {
  return Promise.all(
    (await listFiles(sheets)).filter(isSheet).map((path) => readFile(join(sheets, path), 'utf8')),
  );
}

export class PictureLibrary {
  constructor(
    private readonly ws: Workspace,
    /** The instance's library; another instance's publish brings a scratch one of its own. */
    private readonly dir = join(ws.dirs.work, 'pictures'),
  ) {}

  /** Paths relative to sheets/images, sorted. */
  list(): Promise<string[]> {
    return listFiles(this.dir).then((files) => files.filter((path) => !path.endsWith('.tmp')));
  }

  async add(path: string, bytes: Uint8Array): Promise<void> {
    const target = join(this.dir, path);
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, target);
  }

  /** Removes a waiting picture; false when the library has none of that path. */
  async remove(path: string): Promise<boolean> {
    if (!(await this.list()).includes(path)) return false;
    await rm(join(this.dir, path), { force: true });
    return true;
  }

  /**
   * Lays the library's pictures over a sheets folder: all of them (for a draft's checks), or
   * only those a sheet there names (for a preview or publish), so that a colleague's picture
   * goes live with the sheet that shows it, not with an unrelated change.
   */
  async layOver(sheets: string, only: 'all' | 'named'): Promise<void> {
    const pictures = only === 'all' ? await this.list() : await this.namedIn(() => sheetTexts(sheets));
    for (const path of pictures) {
      const target = join(sheets, IMAGES, path);
      await rm(target, { force: true });
      await mkdir(dirname(target), { recursive: true });
      await copyFile(join(this.dir, path), target);
    }
  }

  /** The waiting pictures the sheets' texts name; the texts (megabytes at scale) are read only when some wait. */
  private async namedIn(read: () => Promise<readonly string[]>): Promise<string[]> {
    const waiting = await this.list();
    if (waiting.length === 0) return [];
    const texts = await read();
    return waiting.filter((path) => texts.some((text) => text.includes(path)));
  }

  /**
   * The waiting pictures a publish of `files` over the sheets in `sheets` would take along, with
   * their bytes, for another instance to publish it.
   */
  async namedBy(sheets: string, files: readonly { path: string; bytes: Uint8Array }[]): Promise<Picture[]> {
    const decoder = new TextDecoder();
    const texts = async () => [
      ...(await sheetTexts(sheets)),
      ...files.filter((file) => isSheet(file.path)).map((file) => decoder.decode(file.bytes)),
    ];
    return Promise.all(
      (await this.namedIn(texts)).map(async (path) => ({
        path,
        bytes: new Uint8Array(await readFile(join(this.dir, path))),
      })),
    );
  }

  /** After a switch: pictures now live as they are in the library leave it. */
  async settle(): Promise<void> {
    for (const path of await this.list())
      if (await sameBytes(join(this.dir, path), join(this.ws.liveSheets(), IMAGES, path)))
        await rm(join(this.dir, path), { force: true });
  }
}
