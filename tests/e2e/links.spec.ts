/**
 * Broken-link check over the built site: every internal href, src, srcset and
 * preload of every pre-rendered page (and every address in the sitemap) is
 * asked of the static server, which must answer 200. In-page anchors must name
 * an element of the page; links opening a new tab must carry noopener noreferrer.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { expect, test } from './fixtures';
import { site, unescapeHtml } from './routes-data';

const dist = resolve(process.env.SITE_OUT ?? 'dist');
const siteUrl = site.settings.site_url;

interface Reference {
  page: string;
  attribute: string;
  value: string;
}

interface BuiltPage {
  file: string;
  html: string;
}

async function builtPages(): Promise<BuiltPage[]> {
  const files = (await readdir(dist, { recursive: true })).filter((f) => f.endsWith('.html'));
  return Promise.all(files.map(async (file) => ({ file, html: await readFile(join(dist, file), 'utf8') })));
}

const TAG = /<(a|link|img|source|script|iframe|video|meta)\b[^>]*>/gi;
const ATTRIBUTE = /\s([a-zA-Z:-]+)=("([^"]*)"|'([^']*)')/g;

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(ATTRIBUTE))
    found.set((match[1] ?? '').toLowerCase(), unescapeHtml(match[3] ?? match[4] ?? ''));
  return found;
}

/** The URLs one attribute names: srcset-like values hold several, "url width" each. */
function urlsOf(name: string, value: string): string[] {
  if (name === 'srcset' || name === 'imagesrcset')
    return value
      .split(',')
      .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
      .filter(Boolean);
  return [value];
}

function referencesOf(page: BuiltPage): Reference[] {
  const found: Reference[] = [];
  for (const [tag] of page.html.matchAll(TAG)) {
    const attrs = attributes(tag);
    const property = attrs.get('property') ?? attrs.get('name') ?? '';
    for (const name of ['href', 'src', 'srcset', 'imagesrcset', 'poster']) {
      const value = attrs.get(name);
      if (value !== undefined)
        for (const url of urlsOf(name, value)) found.push({ page: page.file, attribute: name, value: url });
    }
    // Link previews fetch these absolute addresses; they must exist on the site too.
    if (/^(og:image|twitter:image|og:url)$/.test(property))
      found.push({ page: page.file, attribute: property, value: attrs.get('content') ?? '' });
  }
  return found;
}

/** The path to ask the local server for, or null for an address outside the site. */
function internalPath(value: string): string | null {
  if (value.startsWith(`${siteUrl}/`) || value === siteUrl) return value.slice(siteUrl.length) || '/';
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//')) return null;
  if (value.startsWith('#') || value === '') return null;
  return value.startsWith('/') ? value : null;
}

test('every internal link, picture, script and stylesheet of every page resolves', async ({ request }) => {
  test.setTimeout(300_000);
  const pages = await builtPages();
  expect(pages.length).toBeGreaterThan(10);
  const references = pages.flatMap(referencesOf);
  const sitemap = await readFile(join(dist, 'sitemap.xml'), 'utf8');
  for (const [, loc] of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    references.push({
      page: 'sitemap.xml',
      attribute: 'loc',
      value: unescapeHtml((loc ?? '').replace(/&apos;/g, "'")),
    });
  }

  const relative = references.filter((r) => !/^([a-z][a-z0-9+.-]*:|\/|#|$)/i.test(r.value));
  expect(relative, 'relative addresses break on nested pages; write them from the root').toEqual([]);

  const byPath = new Map<string, Reference>();
  for (const reference of references) {
    const path = internalPath(reference.value);
    if (path !== null && !byPath.has(path.split('#')[0] ?? path))
      byPath.set(path.split('#')[0] ?? path, reference);
  }
  const broken: string[] = [];
  const paths = [...byPath.keys()];
  for (let i = 0; i < paths.length; i += 16) {
    await Promise.all(
      paths.slice(i, i + 16).map(async (path) => {
        const response = await request.head(path);
        if (response.status() !== 200) {
          const from = byPath.get(path);
          broken.push(`${response.status()} ${path} (${from?.attribute} in ${from?.page})`);
        }
      }),
    );
  }
  expect(broken, `${byPath.size} distinct internal addresses checked`).toEqual([]);
});

test('in-page anchors name an element of their page, and new tabs cannot reach back', async () => {
  const problems: string[] = [];
  for (const page of await builtPages()) {
    const ids = new Set([...page.html.matchAll(/\sid="([^"]+)"/g)].map((m) => unescapeHtml(m[1] ?? '')));
    for (const [tag] of page.html.matchAll(/<a\b[^>]*>/gi)) {
      const attrs = attributes(tag);
      const href = attrs.get('href') ?? '';
      if (href.startsWith('#') && href.length > 1 && !ids.has(decodeURIComponent(href.slice(1))))
        problems.push(`${page.file}: ${href} names no element`);
      if (attrs.get('target') === '_blank') {
        const rel = new Set((attrs.get('rel') ?? '').split(/\s+/));
        if (!rel.has('noopener') || !rel.has('noreferrer'))
          problems.push(`${page.file}: ${href} opens a new tab without rel="noopener noreferrer"`);
      }
      if (/^http:/i.test(href)) problems.push(`${page.file}: ${href} is not https`);
    }
  }
  expect(problems).toEqual([]);
});

test('no inline event handlers, and no inline script but JSON data blocks and the boot script, the same on every page (the CSP allows it by one hash)', async () => {
  const problems: string[] = [];
  const boots = new Set<string>();
  for (const page of await builtPages()) {
    for (const [tag] of page.html.matchAll(/<[a-z][a-z0-9-]*\b[^>]*>/gi)) {
      const handler = /\son[a-z]+=/i.exec(tag);
      if (handler) problems.push(`${page.file}: inline handler in ${tag.slice(0, 80)}`);
      if (/\shref="\s*javascript:/i.test(tag))
        problems.push(`${page.file}: javascript: link in ${tag.slice(0, 80)}`);
    }
    for (const [, tag = '', text = ''] of page.html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/gi)) {
      const attrs = attributes(tag);
      const type = attrs.get('type') ?? '';
      if (attrs.has('src') || type === 'application/json' || type === 'application/ld+json') continue;
      if (attrs.has('data-entry')) boots.add(text);
      else problems.push(`${page.file}: inline script ${tag}`);
    }
  }
  expect(problems).toEqual([]);
  expect(boots.size, 'boot scripts of different text').toBe(1);
});
