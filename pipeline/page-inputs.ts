/**
 * What each page was read from (its inputs, src/data/reads.ts), as a build records it, and the
 * pages a build against an earlier one need not read at all: those whose every input reads as
 * it did, in the same frame. Such a page would have the same digest, so the same HTML.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Input } from '../src/data/reads';
import { readingsOf } from '../src/data/reads';
import type { SiteData } from '../src/schema/site';

/** Every input some page was read from, by id: its key (inputKey) and a digest of what it read. */
export const InputTableSchema = z.array(z.tuple([z.string(), z.string()]));
type InputTable = z.output<typeof InputTableSchema>;

/** A digest of what each input (by key) reads in `site`, each worked out once. */
export function inputDigests(site: SiteData): (key: string) => string {
  const readingOf = readingsOf(site);
  const digests = new Map<string, string>();
  return (key) => {
    let known = digests.get(key);
    if (known === undefined) {
      known = createHash('sha1')
        .update(readingOf(JSON.parse(key) as Input))
        .digest('base64');
      digests.set(key, known);
    }
    return known;
  };
}

/**
 * The files among `files` whose inputs (ids into the earlier build's `table`, by `inputsOf`) all
 * read as they did then; none when the frame every page shares changed.
 */
export function unchangedPages(
  earlier: { frame: string; table: InputTable; inputsOf: (file: string) => readonly number[] | undefined },
  frame: string,
  files: readonly string[],
  digestOf: (key: string) => string,
): Set<string> {
  if (earlier.frame !== frame) return new Set();
  const same = earlier.table.map(([key, was]) => digestOf(key) === was);
  return new Set(files.filter((file) => earlier.inputsOf(file)?.every((id) => same[id] === true) ?? false));
}

/** The next build's table of inputs, built as each page's keys are given their ids. */
export function inputTable(digestOf: (key: string) => string) {
  const ids = new Map<string, number>();
  const table: InputTable = [];
  return {
    table,
    idsOf: (keys: readonly string[]) =>
      keys.map((key) => {
        let id = ids.get(key);
        if (id === undefined) {
          id = table.length;
          ids.set(key, id);
          table.push([key, digestOf(key)]);
        }
        return id;
      }),
  };
}
