/**
 * Writes dist/_headers (the Netlify/Cloudflare Pages format, which the local
 * server applies too): the Content-Security-Policy and the usual security
 * headers, plus long caching for files whose names carry a content hash.
 *
 * Generated at build time because the policy names the places the page may
 * talk to, and those come from the build's environment: the lead service and
 * EmailJS origins (VITE_LEAD_API_URL, VITE_EMAILJS_ORIGIN; the local build
 * sends to its own origin) and the video and map hosts the sheets embed.
 *
 * `npm run build` writes it at the end of the pre-render (pipeline/prerender.ts), which holds
 * what it is made of; this command writes it again from what the pre-render left:
 *
 *   SITE_OUT=/abs/dist npx tsx pipeline/headers.ts      (default dist/)
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { loadEnv } from 'vite';
import type { FormEnv } from '../src/forms/env';
import type { SiteData } from '../src/schema/site';
import { PROJECT_ROOT } from './project-root';

/** What every policy of a build shares. */
export interface PolicyBase {
  env: FormEnv;
  /** Addresses of the video and map players the pages may embed. */
  embeds: readonly string[];
}

/** One page's policy: the shared part, and the hashes of what the page carries inline. */
export interface HeaderInputs extends PolicyBase {
  inline: InlineSources;
}

/** CSP sources ('sha256-…') of the inline stylesheets (critical-css.ts) and scripts (the boot script) a page carries. */
export interface InlineSources {
  styles: readonly string[];
  scripts: readonly string[];
}

/** Pages that share one policy: a `_headers` path pattern and the hashes of the inline styles its pages carry. */
export interface PagePolicy {
  pattern: string;
  styles: readonly string[];
}

/** What the pages of a build carry inline, for its `_headers`: the boot script, and each group of pages' styles. */
export interface InlineHashes {
  scripts: readonly string[];
  pages: readonly PagePolicy[];
}

/** Where the pre-render lists its pages' inline hashes, in the build folder, for the header. */
export const INLINE_HASHES = '.vite/inline-hashes.json';

/** Origin of an https address from the environment; anything else adds nothing ('self' covers the local default). */
function httpsOrigin(value: string | undefined): string[] {
  if (value === undefined || !URL.canParse(value.trim())) return [];
  const url = new URL(value.trim());
  return url.protocol === 'https:' ? [url.origin] : [];
}

function policyDirectives({ env, embeds, inline }: HeaderInputs): [string, ...string[]][] {
  const connect = new Set([
    "'self'",
    ...httpsOrigin(env.VITE_LEAD_API_URL),
    ...httpsOrigin(env.VITE_EMAILJS_ORIGIN),
  ]);
  const frames = [...new Set(embeds.flatMap(httpsOrigin))].sort();
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    // Scripts from our origin, and the boot script every page starts with, by hash. JSON-LD and the page data are data blocks (type application/ld+json, application/json): browsers never run them, so they need none.
    ['script-src', "'self'", ...inline.scripts],
    // Stylesheets from our origin, and the inline styles each page paints with before its stylesheet arrives, by hash.
    ['style-src', "'self'", ...inline.styles],
    // Pre-rendered style attributes (header opacity, gallery layout, CSS variables) must apply before hydration; they are set by React from numbers, never from sheet text.
    ['style-src-attr', "'unsafe-inline'"],
    ['img-src', "'self'", 'data:'],
    ['font-src', "'self'"],
    ['media-src', "'self'"],
    ['connect-src', ...connect],
    ['frame-src', ...(frames.length > 0 ? frames : ["'none'"])],
    ['object-src', "'none'"],
    ['worker-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives;
}

const joinDirectives = (directives: readonly [string, ...string[]][]) =>
  directives.map((directive) => directive.join(' ')).join('; ');

export function contentSecurityPolicy(inputs: HeaderInputs): string {
  return joinDirectives(policyDirectives(inputs));
}

/** Directives a browser ignores in a <meta> policy; X-Frame-Options still refuses framing where _headers is read. */
const HEADER_ONLY = new Set(['frame-ancestors', 'report-uri', 'report-to', 'sandbox']);

/** The same policy as the header, less what a <meta http-equiv> tag cannot carry: every page writes it in its head. */
export function metaContentSecurityPolicy(inputs: HeaderInputs): string {
  return joinDirectives(policyDirectives(inputs).filter(([name]) => !HEADER_ONLY.has(name)));
}

/** What every policy of a build is made from: the production environment and the embeds the sheets name. */
export function buildPolicyBase(root: string, site: SiteData): PolicyBase {
  // Read as the client build reads them, so the policy allows exactly where the forms send.
  return { env: loadEnv('production', root, 'VITE_'), embeds: embedsOf(site) };
}

/** A `_headers` path pattern as hosts read it: `*` matches anything, slashes included. */
export function headerPattern(pattern: string): RegExp {
  const source = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${source}$`);
}

/**
 * The `_headers` rules that give each page a policy naming its own inline styles, not every
 * route's: each hash is 54 bytes of every page's header, and twenty of them made the home page
 * miss the first round trip of a slow line. Hosts join the values of a header that several rules
 * give a path (a second policy, which narrows the first), so no rule may cover every page: a
 * route's pages get one rule, their path for a single page (with the trailing slash some hosts
 * add, and without) or their common folder with `*`, and a rule allows the styles of every page
 * it matches, with that slash or without. `pages` holds paths as browsers send them
 * (percent-encoded).
 *
 * An address under a folder that names no page (a tenant since let go, a mistyped project) is
 * answered with the not-found page at `notFound`, and hosts give that answer the folder's rule:
 * each folder's rule allows the not-found page's styles too. A browser applies both the header's
 * policy and the page's own <meta> one: refused by either, the page paints unstyled.
 */
export function pagePolicies(
  pages: readonly { routeId: string; path: string; style: string }[],
  notFound: string,
): PagePolicy[] {
  const pathsByRoute = new Map<string, string[]>();
  for (const { routeId, path } of pages) {
    const paths = pathsByRoute.get(routeId);
    if (paths === undefined) pathsByRoute.set(routeId, [path]);
    else paths.push(path);
  }
  const patterns = new Set<string>();
  const exactly = (path: string) => {
    patterns.add(path);
    if (path !== '/') patterns.add(`${path}/`);
  };
  for (const [routeId, paths] of pathsByRoute) {
    const [first = [], ...others] = paths.map((path) => path.split('/').filter(Boolean));
    if (others.length === 0) {
      exactly(`/${first.join('/')}`);
      continue;
    }
    let depth = 0;
    while (depth < first.length && others.every((other) => other[depth] === first[depth])) depth += 1;
    const folder = `/${first.slice(0, depth).join('/')}`;
    if (folder === '/')
      throw new Error(
        `The pages of route "${routeId}" share no folder: no _headers rule can give them their policy.`,
      );
    // A route's own page may sit at its folder's address (/property, then /property/…).
    if (paths.includes(folder)) exactly(folder);
    patterns.add(`${folder}/*`);
  }
  // Each page adds its style to the rules that match it, found by its own path: a rule here is a
  // path, or a folder with `*` (headerPattern's reading of it: every path that starts so). Trying
  // every rule on every page took a tenth of a second of each publish of 17,000 pages.
  const styles = new Map([...patterns].map((pattern) => [pattern, new Set<string>()]));
  for (const { path, style } of pages) {
    const slashed = `${path}/`;
    styles.get(path)?.add(style);
    styles.get(slashed)?.add(style);
    for (let at = slashed.indexOf('/'); at !== -1; at = slashed.indexOf('/', at + 1))
      styles.get(`${slashed.slice(0, at + 1)}*`)?.add(style);
  }
  const notFoundStyles = pages.filter(({ path }) => path === notFound).map(({ style }) => style);
  for (const [pattern, found] of styles)
    if (pattern.endsWith('/*')) for (const style of notFoundStyles) found.add(style);
  return [...styles].map(([pattern, found]) => ({ pattern, styles: [...found].sort() }));
}

/** The policy of a published SVG: a sandboxed document that loads nothing and runs nothing; its own styles apply. */
export const SVG_POLICY = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/**
 * A page's caching: a shared cache (a CDN, Varnish) keeps it a minute, then serves it stale
 * while it asks again, and for a day while the service is down; a publish purges the pages it
 * changed at once (server/publish/purge.ts). A browser asks again every time (answered 304).
 */
export const PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=60, stale-if-error=86400';

export function headersFile(base: PolicyBase, inline: InlineHashes): string {
  const security: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    [
      'Permissions-Policy',
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
    ],
    ['Strict-Transport-Security', 'max-age=63072000; includeSubDomains'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
  ];
  const immutable: [string, string][] = [['Cache-Control', 'public, max-age=31536000, immutable']];
  const block = (pattern: string, headers: [string, string][]) =>
    [pattern, ...headers.map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  return [
    '# Written by pipeline/headers.ts at build time; edit that file, not this one.',
    block('/*', security),
    // The pages' policies, each naming only the inline styles of the pages it covers (pagePolicies).
    ...inline.pages.map(({ pattern, styles }) =>
      block(pattern, [
        [
          'Content-Security-Policy',
          contentSecurityPolicy({ ...base, inline: { styles, scripts: inline.scripts } }),
        ],
        ['Cache-Control', PAGE_CACHE],
      ]),
    ),
    // Vite's bundles and the image build's files are named by their content: a changed file gets a new name.
    block('/assets/*', immutable),
    block('/media/*', immutable),
    // A drawing opened on its own is a document: even if a script got past the sanitiser, it may not run.
    block('/media/*.svg', [['Content-Security-Policy', SVG_POLICY]]),
    '',
  ].join('\n\n');
}

/** Every embed address the site data holds (project videos and maps). */
export function embedsOf(site: SiteData): string[] {
  return site.projects
    .flatMap((project) => [project.video_embed, project.map_embed])
    .filter((url): url is string => url !== null);
}

/** Writes `dist`'s headers file (headersFile); returns what to tell whoever built it. */
export async function writeHeaders(dist: string, base: PolicyBase, inline: InlineHashes): Promise<string> {
  await writeFile(join(dist, '_headers'), headersFile(base, inline));
  const policy = contentSecurityPolicy({ ...base, inline: { styles: [], scripts: inline.scripts } });
  return `Headers: ${join(dist, '_headers')} (${inline.pages.length} page policies; connect-src ${policy.match(/connect-src ([^;]*)/)?.[1] ?? ''}).`;
}

async function main(): Promise<void> {
  const dist = resolve(PROJECT_ROOT, process.env.SITE_OUT ?? 'dist');
  const site = JSON.parse(
    await readFile(join(PROJECT_ROOT, 'src/generated/site-data.json'), 'utf8'),
  ) as SiteData;
  const inline = JSON.parse(await readFile(join(dist, INLINE_HASHES), 'utf8')) as InlineHashes;
  console.log(await writeHeaders(dist, buildPolicyBase(PROJECT_ROOT, site), inline));
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === import.meta.filename) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
