import { absoluteUrl } from '../data/links';
import type { PageMeta } from '../routes/route';
import type { ImageAsset } from '../schema/site';
import { escapeHtml } from './html-escape';
import type { PageAssets } from './payload';
import { jsonOf, scriptSafe, scriptSafeJson } from './payload';
import type { Settings } from '../schema/settings';
import { breadcrumbData, brokerageData } from '../routes/structured-data';

export interface HeadProps {
  meta: PageMeta;
  settings: Settings;
  assets: PageAssets;
  /** Address of the page's payload file, which the entry fetches to hydrate the page. */
  payload: string;
  shareImage: ImageAsset | undefined;
}

/**
 * A head's elements as React 19 orders them: the charset and the viewport first, then what React
 * hoists out of the body (the lead picture's preload), then the rest.
 */
export interface HeadHtml {
  first: string;
  rest: string;
}

/** What every page of a build writes alike in its head, escaped once. */
interface Shared {
  site: string;
  brokerage: string;
}

const sharedBySettings = new WeakMap<Settings, Shared>();

function sharedOf(settings: Settings): Shared {
  let shared = sharedBySettings.get(settings);
  if (shared === undefined) {
    const brand = escapeHtml(settings.brand_name);
    shared = {
      site: `<link rel="icon" href="/favicon.svg" type="image/svg+xml"/><meta property="og:type" content="website"/><meta property="og:site_name" content="${brand}"/>`,
      brokerage: `<script type="application/ld+json">${scriptSafeJson(brokerageData(settings))}</script>`,
    };
    sharedBySettings.set(settings, shared);
  }
  return shared;
}

/** The boot script's element around the page's payload address, the same on every page of a build. */
const bootByAssets = new WeakMap<PageAssets, readonly [string, string]>();

function bootOf(assets: PageAssets): readonly [string, string] {
  let boot = bootByAssets.get(assets);
  if (boot === undefined) {
    const fonts = assets.fonts.length > 0 ? ` data-fonts="${escapeHtml(JSON.stringify(assets.fonts))}"` : '';
    const scripts = assets.scripts.map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`);
    boot = [
      `<script data-entry="${escapeHtml(assets.entry)}" data-payload="`,
      `"${fonts} type="module">${assets.boot}</script>${scripts.join('')}`,
    ];
    bootByAssets.set(assets, boot);
  }
  return boot;
}

const FIRST = '<meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>';

/**
 * The document head: what search engines and link previews read, and the boot script. Only the
 * server writes it, and the browser hydrates none of it (React keeps a head's elements it did not
 * render), so it is written as text, byte for byte what React wrote for it, each value escaped as
 * React escapes it. The pre-render writes the content policy and the styles in at its top
 * (pipeline/critical-css.ts).
 */
export function headHtml({ meta, settings, assets, payload, shareImage }: HeadProps): HeadHtml {
  const pageTitle =
    meta.canonical === '/'
      ? `${settings.brand_name} | ${meta.title}`
      : `${meta.title} | ${settings.brand_name}`;
  const title = escapeHtml(pageTitle);
  const description = escapeHtml(meta.description);
  const canonical = escapeHtml(absoluteUrl(settings.site_url, meta.canonical));
  // Link previews (WhatsApp, Facebook, X) read JPEG or PNG only: an SVG logo is no share image.
  const image = shareImage && !shareImage.url.endsWith('.svg') ? shareImage : null;
  const imageUrl = image ? escapeHtml(absoluteUrl(settings.site_url, image.url)) : null;
  const shared = sharedOf(settings);
  const [bootBefore, bootAfter] = bootOf(assets);
  const breadcrumbs = breadcrumbData(meta, settings.site_url);
  let rest =
    `<title>${title}</title><meta name="description" content="${description}"/>` +
    // A page kept out of search results names no canonical address: the two signals would contradict.
    (meta.noindex
      ? '<meta name="robots" content="noindex"/>'
      : `<link rel="canonical" href="${canonical}"/>`) +
    shared.site +
    `<meta property="og:title" content="${title}"/><meta property="og:description" content="${description}"/>` +
    (meta.noindex ? '' : `<meta property="og:url" content="${canonical}"/>`) +
    '<meta property="og:locale" content="en_IN"/>';
  if (image && imageUrl)
    rest +=
      `<meta property="og:image" content="${imageUrl}"/>` +
      `<meta property="og:image:type" content="${image.url.endsWith('.png') ? 'image/png' : 'image/jpeg'}"/>` +
      `<meta property="og:image:width" content="${image.width}"/><meta property="og:image:height" content="${image.height}"/>`;
  rest +=
    `<meta name="twitter:card" content="${imageUrl ? 'summary_large_image' : 'summary'}"/>` +
    `<meta name="twitter:title" content="${title}"/><meta name="twitter:description" content="${description}"/>` +
    (imageUrl ? `<meta name="twitter:image" content="${imageUrl}"/>` : '') +
    bootBefore +
    escapeHtml(payload) +
    bootAfter +
    shared.brokerage;
  if (breadcrumbs !== null)
    rest += `<script type="application/ld+json">${scriptSafeJson(breadcrumbs)}</script>`;
  // As the page's digest read them (entry-server.tsx): a tenant page's JSON-LD is serialised once.
  for (const data of meta.structuredData ?? [])
    rest += `<script type="application/ld+json">${scriptSafe(jsonOf(data))}</script>`;
  return { first: FIRST, rest };
}
