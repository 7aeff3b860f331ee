import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inputDigests, inputTable, unchangedPages } from '../../pipeline/page-inputs';
import { inputKey, readBy, readingSite } from '../../src/data/reads';
import { frameDigest, layoutData, readPage } from '../../src/entry-server';
import { allPages } from '../../src/routes/table';
import type { SiteData } from '../../src/schema/site';

const site = JSON.parse(
  await readFile(join(import.meta.dirname, '../../src/generated/site-data.json'), 'utf8'),
) as SiteData;
const builtAt = new Date('2026-11-29T06:00:00Z');

/** Every page of `data` by path: its digest and inputs, and the frame they share. */
function readAll(data: SiteData) {
  const layout = layoutData(data, builtAt);
  const pages = new Map(
    allPages(data).flatMap(({ route, path }) => {
      const reading = readPage(data, layout, route, path);
      return reading === null ? [] : [[path, reading] as const];
    }),
  );
  return { pages, frame: frameDigest(layout, data) };
}

/**
 * The pages a build of `changed` against one of `site` keeps unread (unchangedPages, as the
 * pre-render calls it), and the pages whose digest the change did change.
 */
function afterChange(change: (data: SiteData) => void) {
  const before = readAll(site);
  const changed = structuredClone(site);
  change(changed);
  const after = readAll(changed);
  const { table, idsOf } = inputTable(inputDigests(site));
  const ids = new Map([...before.pages].map(([path, reading]) => [path, idsOf(reading.inputs)]));
  const kept = unchangedPages(
    { frame: before.frame, table, inputsOf: (path) => ids.get(path) },
    after.frame,
    [...after.pages.keys()],
    inputDigests(changed),
  );
  const differ = [...after.pages].filter(
    ([path, reading]) => before.pages.get(path)?.digest !== reading.digest,
  );
  return { kept, differ: differ.map(([path]) => path), pages: after.pages.size };
}

const first = (data: SiteData) => {
  const [record] = data.preRented;
  if (record === undefined) throw new Error('The site data has no pre-rented record.');
  return record;
};

describe("a page's inputs", () => {
  it('are the parts it reads whole, the entries it reads by name, a sheet’s length and the records it looks up', () => {
    const reading = readingSite(site);
    void reading.site.settings.chat_number;
    void reading.site.preRented.length;
    readBy(reading.site.preRented, 'tenant', first(site).tenant);
    expect([...reading.inputs.values()]).toEqual([
      ['settings', 'entry', 'chat_number'],
      ['preRented', 'length'],
      ['preRented', 'by', 'tenant', first(site).tenant],
    ]);
    void Object.keys(reading.site.images);
    void reading.site.preRented.map((record) => record.tenant);
    expect([...reading.inputs.values()].slice(3)).toEqual([['images'], ['preRented']]);
    expect([...reading.parts]).toEqual(['settings', 'preRented', 'images']);
  });

  it('read alike exactly when what they find is alike', () => {
    const changed = structuredClone(site);
    const record = first(changed);
    const before = inputDigests(site);
    const group = inputKey(['preRented', 'by', 'tenant', record.tenant]);
    const length = inputKey(['preRented', 'length']);
    const whole = inputKey(['preRented']);
    const setting = inputKey(['settings', 'entry', 'chat_number']);
    expect(inputDigests(changed)(group)).toBe(before(group));
    record.rent += 1;
    const after = inputDigests(changed);
    expect(after(group)).not.toBe(before(group));
    expect(after(whole)).not.toBe(before(whole));
    expect(after(length)).toBe(before(length));
    expect(after(setting)).toBe(before(setting));
    changed.preRented.pop();
    expect(inputDigests(changed)(length)).not.toBe(before(length));
  });

  const changes: [string, (data: SiteData) => void][] = [
    ['a rent', (data) => void (first(data).rent += 1000)],
    [
      'a record moved to another tenant',
      (data) => {
        const other = data.preRented.find((record) => record.tenant !== first(data).tenant);
        if (other) first(data).tenant = other.tenant;
      },
    ],
    ['a record removed', (data) => void data.preRented.splice(1, 1)],
    ['a setting', (data) => void (data.settings.chat_greeting = `${data.settings.chat_greeting} Thanks.`)],
    [
      'a picture replaced under its name',
      (data) => {
        const name = first(data).image;
        const asset = name === null ? undefined : data.images[name];
        if (asset) asset.width += 1;
      },
    ],
    ['a locality renamed', (data) => void ((data.localities[0] ?? { name: '' }).name += ' Extension')],
  ];

  it.each(changes)('leave unread only pages the change leaves as they were: %s', (_, change) => {
    const { kept, differ } = afterChange(change);
    expect(differ.length).toBeGreaterThan(0);
    expect(differ.filter((path) => kept.has(path))).toEqual([]);
  });

  it('leave most pages unread when one rent changes', () => {
    const { kept, differ, pages } = afterChange((data) => void (first(data).rent += 1000));
    expect(pages - kept.size).toBeLessThan(differ.length + 10);
  });
});
