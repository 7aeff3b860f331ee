import { absoluteUrl } from '../data/links';
import type { PageMeta } from '../routes/route';
import type { ImageAsset } from '../schema/site';
import type { PageAssets } from './payload';
import { scriptSafeJson } from './payload';
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

const brokerageJsonBySettings = new WeakMap<Settings, string>();

/** The brokerage's JSON-LD, the same on every page: serialised once per build. */
function brokerageJson(settings: Settings): string {
  let json = brokerageJsonBySettings.get(settings);
  if (json === undefined) {
    json = scriptSafeJson(brokerageData(settings));
    brokerageJsonBySettings.set(settings, json);
  }
  return json;
}

/**
 * The document head: what search engines and link previews read, and the boot script. The
 * pre-render writes the content policy and the styles in at its top (pipeline/critical-css.ts).
 */
export function Head({ meta, settings, assets, payload, shareImage }: HeadProps) {
  const title =
    meta.canonical === '/'
      ? `${settings.brand_name} | ${meta.title}`
      : `${meta.title} | ${settings.brand_name}`;
  const canonical = absoluteUrl(settings.site_url, meta.canonical);
  // Link previews (WhatsApp, Facebook, X) read JPEG or PNG only: an SVG logo is no share image.
  const image = shareImage && !shareImage.url.endsWith('.svg') ? shareImage : null;
  const imageUrl = image ? absoluteUrl(settings.site_url, image.url) : null;
  const jsonLd = [
    brokerageJson(settings),
    ...[breadcrumbData(meta, settings.site_url), ...(meta.structuredData ?? [])]
      .filter((entry) => entry !== null)
      .map(scriptSafeJson),
  ];
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{title}</title>
      <meta name="description" content={meta.description} />
      {/* A page kept out of search results names no canonical address: the two signals would contradict. */}
      {meta.noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={canonical} />}
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={settings.brand_name} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={meta.description} />
      {meta.noindex ? null : <meta property="og:url" content={canonical} />}
      <meta property="og:locale" content="en_IN" />
      {image && imageUrl ? (
        <>
          <meta property="og:image" content={imageUrl} />
          <meta property="og:image:type" content={image.url.endsWith('.png') ? 'image/png' : 'image/jpeg'} />
          <meta property="og:image:width" content={String(image.width)} />
          <meta property="og:image:height" content={String(image.height)} />
        </>
      ) : null}
      <meta name="twitter:card" content={imageUrl ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={meta.description} />
      {imageUrl ? <meta name="twitter:image" content={imageUrl} /> : null}
      <script
        data-entry={assets.entry}
        data-payload={payload}
        data-fonts={assets.fonts.length > 0 ? JSON.stringify(assets.fonts) : undefined}
        type="module"
        dangerouslySetInnerHTML={{ __html: assets.boot }}
      />
      {assets.scripts.map((src) => (
        <script key={src} type="module" src={src} />
      ))}
      {jsonLd.map((json, index) => (
        <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />
      ))}
    </head>
  );
}
