/**
 * What each page was read from (its inputs, src/data/reads.ts), as a build records it, and the
 * pages a build against an earlier one need not read at all: those whose every input reads as
 * it did, in the same frame. Such a page would have the same digest, so the same HTML.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Input } from '../src/data/reads';
import type { SiteData } from '../src/schema/site';

/** Every input some page was read from, by id: its key (inputKey) and a digest of what it read. */
export const InputTableSchema = z.array(z.tuple([z.string(), z.string()]));
type InputTable = z.output<typeof InputTableSchema>;

const digest = (text: string) => createHash('sha1').update(text).digest('base64');

/**
 * A digest of what each input (by key) reads in `site`, equal exactly when it reads the same;
 * each worked out once. A record is stringified once, however many inputs read it: the sheet
 * read whole, and its group by a field's value.
 */
export function inputDigests(site: SiteData): (key: string) => string {
  const written = new WeakMap<object, string>();
  const json = (value: unknown) => JSON.stringify(value) ?? 'undefined';
  const ofRecord = (record: unknown) => {
    if (record === null || typeof record !== 'object') return json(record);
    let known = written.get(record);
    if (known === undefined) {
      known = json(record);
      written.set(record, known);
    }
    return known;
  };
  const ofValue = (value: unknown) => digest(json(value));
  const ofRecords = (list: readonly unknown[]) => digest(`[${list.map(ofRecord).join(',')}]`);
  const groups = new Map<string, Map<unknown, unknown[]>>();
  const groupsOf = (part: keyof SiteData, field: string) => {
    const key = `${part}\0${field}`;
    let byValue = groups.get(key);
    if (byValue === undefined) {
      byValue = new Map();
      const list: unknown = site[part];
      for (const record of Array.isArray(list) ? (list as unknown[]) : []) {
        const value = (record as Record<string, unknown>)[field];
        const group = byValue.get(value);
        if (group === undefined) byValue.set(value, [record]);
        else group.push(record);
      }
      groups.set(key, byValue);
    }
    return byValue;
  };
  const read = (input: Input): string => {
    const value: unknown = site[input[0]];
    const entries = value !== null && typeof value === 'object' ? value : null;
    switch (input[1]) {
      case undefined:
        return Array.isArray(value) ? ofRecords(value as unknown[]) : ofValue(value);
      case 'entry':
        return ofValue(entries === null ? undefined : Reflect.get(entries, input[2]));
      case 'names':
        return ofValue(entries === null ? null : Object.keys(entries));
      case 'length':
        return ofValue(Array.isArray(value) ? value.length : null);
      case 'by':
        return ofRecords(groupsOf(input[0], input[2]).get(input[3]) ?? []);
    }
  };
  const digests = new Map<string, string>();
  return (key) => {
    let known = digests.get(key);
    if (known === undefined) {
      known = read(JSON.parse(key) as Input);
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
