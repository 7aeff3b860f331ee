/**
 * What a long picture build says while it runs: the first build of a fresh checkout encodes
 * every picture, which takes minutes on a small machine, and would otherwise be silent.
 */

/** How far the build has come, after each picture. */
export interface ImageProgress {
  /** Pictures done (encoded, taken from the cache, or failed). */
  done: number;
  total: number;
  /** Of those, pictures encoded in this run. */
  encoded: number;
}

/** Time between two progress lines: a line every few seconds, never one per picture. */
export const PROGRESS_EVERY_MS = 10_000;

/**
 * A progress listener that writes one line to `write` when PROGRESS_EVERY_MS has passed since
 * the start or the last line, and none for a build that ends sooner (every picture from the
 * cache, as on every build but the first). The first line says why the build takes long.
 */
export function progressLines(
  write: (line: string) => void,
  now: () => number = Date.now,
): (progress: ImageProgress) => void {
  let last = now();
  let said = false;
  return ({ done, total, encoded }) => {
    if (done === total || now() - last < PROGRESS_EVERY_MS) return;
    last = now();
    const counts = `${done} of ${total} ready (${Math.floor((done / total) * 100)}%), ${encoded} encoded`;
    write(
      said
        ? `Pictures: ${counts}.`
        : `Pictures: ${counts}; a first build encodes them all, later ones reuse them.`,
    );
    said = true;
  };
}
