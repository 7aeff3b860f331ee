/**
 * Writes a pre-rendered page from the parts the server build renders it in (renderDocumentParts),
 * with its route's finish (its inline styles and content policy) at the top of its head.
 *
 * A page with one `₹` or `—` is two-byte text from end to end, and Node encodes such a string
 * slowly: `writeFileSync` and `Buffer.from` measure it in one pass and encode it in another.
 * Joined, finished and written so, a tenant page of a 10,000-record site took 57 µs of CPU; put
 * together here it takes 30 µs (2 December; the whole pre-render, on one core, took 4% less):
 * - each of its own parts is encoded once, straight into a buffer the thread keeps;
 * - the frame's parts (the same strings on every page of a variant) and each route's finish are
 *   encoded once a build, and copied in as bytes.
 */
import { closeSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { aroundHeadAddition } from './critical-css';

/** The most UTF-8 bytes one UTF-16 code unit takes. */
const BYTES_PER_UNIT = 3;
/**
 * The buffer's size: a page that might need more (the listing and the table of a large site, 8 to
 * 11 MB) is joined and written as before, rather than the thread keep a buffer of 30 MB.
 */
const BUFFER_BYTES = 1 << 20;
/** Encoded texts kept: the frame's parts of each variant and each route's finish, a few dozen a build. */
const KEPT_AT_MOST = 256;

export class PageFileWriter {
  private readonly buffer = Buffer.allocUnsafe(BUFFER_BYTES);
  private readonly kept = new Map<string, Buffer>();

  /** Writes the page of `parts` to `target`, with `addition` (a headAddition) at the top of its head. */
  write(target: string, parts: readonly string[], addition?: string): void {
    const [head = '', ...rest] = parts;
    const [beforeHead, afterHead] = addition === undefined ? [head, ''] : aroundHeadAddition(head);
    const units = parts.reduce((total, part) => total + part.length, addition?.length ?? 0);
    if (units * BYTES_PER_UNIT > this.buffer.length) {
      writeFileSync(target, [beforeHead, addition ?? '', afterHead, ...rest].join(''));
      return;
    }
    let length = this.buffer.write(beforeHead);
    if (addition !== undefined) {
      length += this.keptBytes(addition).copy(this.buffer, length);
      length += this.buffer.write(afterHead, length);
    }
    rest.forEach((part, at) => {
      // The parts at odd places of the page are its frame's: here, at even places of the rest.
      length +=
        at % 2 === 0 ? this.keptBytes(part).copy(this.buffer, length) : this.buffer.write(part, length);
    });
    const file = openSync(target, 'w');
    try {
      // A file takes the whole write but for a full disk or a signal: then what is left is written again.
      for (let written = 0; written < length;)
        written += writeSync(file, this.buffer, written, length - written);
    } finally {
      closeSync(file);
    }
  }

  private keptBytes(text: string): Buffer {
    let bytes = this.kept.get(text);
    if (bytes === undefined) {
      bytes = Buffer.from(text);
      if (this.kept.size >= KEPT_AT_MOST) this.kept.clear();
      this.kept.set(text, bytes);
    }
    return bytes;
  }
}
