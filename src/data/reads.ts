/**
 * What a page is read from, finer than the parts of the site data: one tenant's records rather
 * than the whole sheet, one setting rather than all of them. A build against an earlier one
 * reads again only the pages some of whose inputs now read differently (pipeline/prerender.ts):
 * a one-cell change at 10,000 records reads 10 pages, not 16,963.
 *
 * Reads are recorded by proxies, so a route notes nothing by hand and cannot forget an input:
 * any use of a part the proxies cannot narrow (a sheet iterated, a setting's names listed)
 * counts as reading the whole part. The one narrower read a proxy cannot see, an index's lookup
 * by a field's value, says so itself (readBy).
 */
import type { SiteData } from '../schema/site';

type Part = keyof SiteData;

/**
 * One input of a page: a part of the site data whole; one entry of a part that maps names to
 * values (a setting, a picture); the names such a part has (which of a page's strings name
 * pictures turns on them); how many records a sheet has; or the records of a sheet whose field
 * has one value.
 */
export type Input =
  | readonly [part: Part]
  | readonly [part: Part, kind: 'entry', name: string]
  | readonly [part: Part, kind: 'names']
  | readonly [part: Part, kind: 'length']
  | readonly [part: Part, kind: 'by', field: string, value: string];

/** An input as one string: how a page's inputs are kept and compared. */
export const inputKey = (input: Input): string => JSON.stringify(input);

const TRACKING = Symbol('tracking');

interface Tracking {
  raw: readonly unknown[];
  part: Part;
  note: (input: Input) => void;
}

/** A sheet's records that note any use of them as a read of the whole sheet, but their count. */
function trackedRecords(raw: readonly unknown[], part: Part, note: (input: Input) => void) {
  const tracking: Tracking = { raw, part, note };
  let whole = false;
  const readWhole = () => {
    if (whole) return;
    whole = true;
    note([part]);
  };
  return new Proxy(raw, {
    get(target, key) {
      if (key === TRACKING) return tracking;
      if (key === 'length') note([part, 'length']);
      else readWhole();
      return Reflect.get(target, key) as unknown;
    },
    has(target, key) {
      readWhole();
      return Reflect.has(target, key);
    },
    ownKeys(target) {
      readWhole();
      return Reflect.ownKeys(target);
    },
  });
}

/** A part that maps names to values: each name read is an input of its own; listing the names reads it whole. */
function trackedEntries(raw: object, part: Part, note: (input: Input) => void) {
  let whole = false;
  const readWhole = () => {
    if (whole) return;
    whole = true;
    note([part]);
  };
  const entry = (key: string | symbol) => {
    if (typeof key !== 'string') readWhole();
    else if (!whole) note([part, 'entry', key]);
  };
  return new Proxy(raw, {
    get(target, key) {
      entry(key);
      return Reflect.get(target, key) as unknown;
    },
    has(target, key) {
      entry(key);
      return Reflect.has(target, key);
    },
    getOwnPropertyDescriptor(target, key) {
      entry(key);
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
    ownKeys(target) {
      readWhole();
      return Reflect.ownKeys(target);
    },
  });
}

/** The site data as one page reads it, the parts it touched, and its inputs by key (inputKey). */
export interface SiteReading {
  site: SiteData;
  parts: Set<Part>;
  inputs: Map<string, Input>;
  note: (input: Input) => void;
}

/** The site data, recording what is read of it (SiteReading). */
export function readingSite(site: SiteData): SiteReading {
  const parts = new Set<Part>();
  const inputs = new Map<string, Input>();
  const note = (input: Input) => {
    const key = inputKey(input);
    if (!inputs.has(key)) inputs.set(key, input);
  };
  const tracked = new Map<Part, unknown>();
  const recording = new Proxy(site, {
    get(target, key, receiver) {
      if (typeof key !== 'string') return Reflect.get(target, key, receiver) as unknown;
      const part = key as Part;
      parts.add(part);
      const value = Reflect.get(target, key, receiver) as unknown;
      if (value === null || typeof value !== 'object') {
        note([part]);
        return value;
      }
      let view = tracked.get(part);
      if (view === undefined) {
        view = Array.isArray(value)
          ? trackedRecords(value as unknown[], part, note)
          : trackedEntries(value, part, note);
        tracked.set(part, view);
      }
      return view;
    },
  });
  return { site: recording, parts, inputs, note };
}

/**
 * The records of a sheet behind `records`, to index, noting that the page reads only those whose
 * `field` is `value`: an index built once over the whole sheet is not a read of it by each page.
 * The caller must read no other record of them: that read would go unnoted.
 */
export function readBy<T>(records: readonly T[], field: keyof T & string, value: string): readonly T[] {
  const tracking = (records as { [TRACKING]?: Tracking })[TRACKING];
  if (tracking === undefined) return records;
  tracking.note([tracking.part, 'by', field, value]);
  return tracking.raw as readonly T[];
}
