/**
 * Finds rows that repeat an earlier row exactly, by the text of their lines in
 * the file. Lines are remembered as positions in the file's text with a hash,
 * not as strings: at 100,000 rows, one string per row is memory the garbage
 * collector keeps moving, and hashing the text in place is cheaper than the
 * engine's hashing of fresh strings.
 */
export class RepeatedLines {
  /** Hash of a line → index of the first remembered line with that hash. */
  private readonly firstWithHash = new Map<number, number>();
  /** Further lines sharing a hash with a different text: rare, as hashes seldom collide. */
  private readonly sameHash = new Map<number, number[]>();
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  private readonly rows: number[] = [];

  /**
   * The row number of an earlier line with the same text as `text[start, end)`,
   * or 0 when there is none (the line is then remembered as `row`).
   */
  repeatOf(text: string, start: number, end: number, row: number): number {
    const hash = hashRange(text, start, end);
    const first = this.firstWithHash.get(hash);
    if (first === undefined) {
      this.firstWithHash.set(hash, this.remember(start, end, row));
      return 0;
    }
    if (this.same(text, first, start, end)) return this.rows[first] ?? 0;
    const others = this.sameHash.get(hash) ?? [];
    for (const other of others) if (this.same(text, other, start, end)) return this.rows[other] ?? 0;
    others.push(this.remember(start, end, row));
    this.sameHash.set(hash, others);
    return 0;
  }

  private remember(start: number, end: number, row: number): number {
    this.starts.push(start);
    this.ends.push(end);
    return this.rows.push(row) - 1;
  }

  private same(text: string, index: number, start: number, end: number): boolean {
    const otherStart = this.starts[index] ?? 0;
    if ((this.ends[index] ?? 0) - otherStart !== end - start) return false;
    for (let i = 0; i < end - start; i++) {
      if (text.charCodeAt(otherStart + i) !== text.charCodeAt(start + i)) return false;
    }
    return true;
  }
}

/** FNV-1a over the characters, kept to 30 bits so the engine stores it as a small integer. */
function hashRange(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash & 0x3fffffff;
}
