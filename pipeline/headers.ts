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
 *   SITE_OUT=/abs/dist npx tsx pipeline/headers.ts      (default dist/)
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { loadEnv } from 'vite';
import type { FormEnv } from '../src/forms/env';
import type { SiteData } from '../src/schema/site';

export interface HeaderInputs {
  env: FormEnv;
  /** Addresses of the video and map players the pages may embed. */
  embeds: readonly string[];
  /** Hashes of what the pages carry inline. */
  inline: InlineHashes;
}

/** CSP sources ('sha256-…') of the inline stylesheets (critical-css.ts) and scripts (the boot script) the pages carry. */
export interface InlineHashes {
  styles: readonly string[];
  scripts: readonly string[];
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

/**
 * What the policy is made from in a build: the production environment, the embeds the sheets
 * name and the hashes of what the pages carry inline.
 */
export function buildHeaderInputs(root: string, site: SiteData, inline: InlineHashes): HeaderInputs {
  // Read as the client build reads them, so the policy allows exactly where the forms send.
  return { env: loadEnv('production', root, 'VITE_'), embeds: embedsOf(site), inline };
}

/** The policy of a published SVG: a sandboxed document that loads nothing and runs nothing; its own styles apply. */
export const SVG_POLICY = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:";

export function headersFile(inputs: HeaderInputs): string {
  const security: [string, string][] = [
    ['Content-Security-Policy', contentSecurityPolicy(inputs)],
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

async function main(): Promise<void> {
  const root = resolve(import.meta.dirname, '..');
  const dist = resolve(root, process.env.SITE_OUT ?? 'dist');
  const site = JSON.parse(await readFile(join(root, 'src/generated/site-data.json'), 'utf8')) as SiteData;
  const inline = JSON.parse(await readFile(join(dist, INLINE_HASHES), 'utf8')) as InlineHashes;
  const inputs = buildHeaderInputs(root, site, inline);
  await writeFile(join(dist, '_headers'), headersFile(inputs));
  console.log(
    `Headers: ${join(dist, '_headers')} (connect-src ${contentSecurityPolicy(inputs).match(/connect-src ([^;]*)/)?.[1] ?? ''}).`,
  );
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === import.meta.filename) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
