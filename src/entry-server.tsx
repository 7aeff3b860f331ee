import { createHash } from 'node:crypto';
import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { Document } from './Document';
import { SlottedDocument } from './SlottedDocument';
import type { FrameHtml } from './components/layout/frame-html';
import { fillFrame, frameVariant, learnFrame } from './components/layout/frame-html';
import type { HeadProps } from './app/head-html';
import { headHtml } from './app/head-html';
import { PageTemplates } from './app/page-templates';
import { TemplateContext } from './app/template-context';
import type { LayoutData, PageAssets, PagePayload } from './app/payload';
import { jsonOf, payloadAddress } from './app/payload';
import { imagesNamedIn } from './data/images';
import { localityLinks } from './data/localities';
import { indiaDay } from './forms/india-time';
import type { PageData, PageName, PageProps } from './data/page-data/page-data';
import { loadPage } from './pages/registry';
import { buildNavigation } from './routes/navigation';
import type { PageMeta, Route } from './routes/route';
import { resolveReading } from './routes/route';
import { allPages, routeById } from './routes/table';
import type { ImageAsset, SiteData } from './schema/site';

export { allPages, frameVariant, routeById };
export { BOOT_SCRIPT } from './app/boot-script';

/** The frame's data; `builtAt` dates the build, whose year in India the footer's copyright line shows. */
export function layoutData(site: SiteData, builtAt = new Date()): LayoutData {
  return {
    settings: site.settings,
    localities: localityLinks(site),
    nav: buildNavigation(site),
    year: Number(indiaDay(builtAt).slice(0, 4)),
  };
}

/** The pictures of the frame (header, footer, pop-up), found once per build rather than per page. */
const frameImagesByLayout = new WeakMap<LayoutData, Record<string, ImageAsset>>();

function frameImages(layout: LayoutData, site: SiteData): Record<string, ImageAsset> {
  let images = frameImagesByLayout.get(layout);
  if (images === undefined) {
    images = imagesNamedIn(layout.settings, site.images);
    frameImagesByLayout.set(layout, images);
  }
  return images;
}

/** One page: the payload its body hydrates from, and its head, which only the server writes. */
export interface PageDocument {
  payload: PagePayload;
  /** The payload as its file holds it, served at `head.payload`. */
  payloadJson: string;
  head: HeadProps;
  /** What the page's HTML is made from, apart from the files every page links (digestOf). */
  digest: string;
  /** The parts of the site data its route read (resolveReading): the sitemap dates the page by them. */
  reads: (keyof SiteData)[];
}

/**
 * What a route finds at a path, the parts of the site data it read, its inputs (data/reads.ts)
 * and the pictures its content names; null when it finds nothing.
 */
function pageContent(site: SiteData, route: Route, path: string) {
  const found = resolveReading(route, site, path);
  if (found === null) return null;
  const { page, reads, reading } = found;
  const images = imagesNamedIn(page.data, site.images);
  // Which of its strings name pictures turns on the catalogue's names; what each shows, on its entry.
  reading.note(['images', 'names']);
  for (const name of Object.keys(images)) reading.note(['images', 'entry', name]);
  if (page.meta.image) reading.note(['images', 'entry', page.meta.image]);
  return { ...page, reads, inputs: [...reading.inputs.keys()], images };
}

type PageContent = NonNullable<ReturnType<typeof pageContent>>;

const hashed = (text: string) => createHash('sha256').update(text).digest('base64');

/**
 * The frame's part of every page's digest, taken once per build: 6 KB of JSON a page otherwise.
 * A build against an earlier one compares it before it skips a page whose inputs are unchanged.
 */
const frameDigestByLayout = new WeakMap<LayoutData, string>();

export function frameDigest(layout: LayoutData, site: SiteData): string {
  let digest = frameDigestByLayout.get(layout);
  if (digest === undefined) {
    digest = hashed(JSON.stringify([layout, frameImages(layout, site)]));
    frameDigestByLayout.set(layout, digest);
  }
  return digest;
}

/** The frame's data as JSON, the same in every page's payload: written once per build. */
const layoutJsonByLayout = new WeakMap<LayoutData, string>();

function layoutJson(layout: LayoutData): string {
  let json = layoutJsonByLayout.get(layout);
  if (json === undefined) {
    json = JSON.stringify(layout);
    layoutJsonByLayout.set(layout, json);
  }
  return json;
}

/**
 * Everything a page's document holds but the files every page links: its route, path, content,
 * pictures and head, and the frame. Equal digests make equal HTML, and it costs a fraction of
 * the document, whose payload repeats the frame and is hashed whole for its address. The page's
 * data as JSON (`pageJson`) is the payload's too: it is written once.
 */
function digestOf(
  site: SiteData,
  layout: LayoutData,
  route: Route,
  path: string,
  { meta, images }: PageContent,
  pageJson: string,
) {
  const shareImage = meta.image ? (site.images[meta.image] ?? null) : null;
  // The data's JSON as written, and the JSON-LD as the head writes it (jsonOf): each made once.
  const { structuredData = [], ...described } = meta;
  const content = `[${pageJson},${JSON.stringify(images)},${JSON.stringify(described)},[${structuredData.map(jsonOf).join(',')}],${JSON.stringify(shareImage)}]`;
  return hashed([route.id, route.page, path, content, frameDigest(layout, site)].join('\0'));
}

/** JSON.stringify(payload), with the page's and the frame's JSON as already written. */
function payloadText(payload: PagePayload, pageJson: string): string {
  const { routeId, pageName, path, layout, images } = payload;
  return `{"routeId":${JSON.stringify(routeId)},"pageName":${JSON.stringify(pageName)},"path":${JSON.stringify(path)},"page":${pageJson},"layout":${layoutJson(layout)},"images":${JSON.stringify(images)}}`;
}

/** A page read once: its digest, head meta, reads and inputs, and its document, made only when asked for. */
export interface PageReading {
  digest: string;
  meta: PageMeta;
  reads: (keyof SiteData)[];
  /** What it was read from, by key (data/reads.ts' inputKey). */
  inputs: string[];
  document: (assets: PageAssets) => PageDocument;
}

/**
 * What a route finds at a path (pageDocument's), read once: a build against an earlier one
 * compares the digest, and makes the document of a page whose digest changed from the same
 * reading (at 10,000 records the listing's and the table's readings take a tenth of a second
 * each); null when the route finds nothing.
 *
 * A page that repeats another under another spelling of its address (Route's `original`, in the
 * same frame) is read `as` that address: its document names the original's path, so where their
 * content is the same, so are their digest and HTML.
 */
export function readPage(
  site: SiteData,
  layout: LayoutData,
  route: Route,
  path: string,
  as = path,
): PageReading | null {
  const content = pageContent(site, route, path);
  if (content === null) return null;
  const pageJson = JSON.stringify(content.data);
  const digest = digestOf(site, layout, route, as, content, pageJson);
  const { data: page, meta, reads, inputs } = content;
  return {
    digest,
    meta,
    reads,
    inputs,
    document: (assets) => {
      const images = { ...content.images, ...frameImages(layout, site) };
      const payload: PagePayload = {
        routeId: route.id,
        pageName: route.page,
        path: as,
        page,
        layout,
        images,
      };
      const payloadJson = payloadText(payload, pageJson);
      return {
        payload,
        payloadJson,
        head: {
          meta,
          settings: layout.settings,
          assets,
          payload: payloadAddress(createHash('sha256').update(payloadJson).digest('hex')),
          shareImage: meta.image ? site.images[meta.image] : undefined,
        },
        digest,
        reads,
      };
    },
  };
}

/** One page's document, or null when its route finds nothing at that path. */
export function pageDocument(
  site: SiteData,
  layout: LayoutData,
  route: Route,
  path: string,
  assets: PageAssets,
): PageDocument | null {
  return readPage(site, layout, route, path)?.document(assets) ?? null;
}

type PageComponent = ComponentType<PageProps<PageData[PageName]>>;

/** Each page component once: a dynamic import per page costs more than rendering a small page. */
const pageComponents = new Map<PageName, Promise<PageComponent>>();

function pageComponent(name: PageName): Promise<PageComponent> {
  let component = pageComponents.get(name);
  if (component === undefined) {
    component = loadPage(name);
    pageComponents.set(name, component);
  }
  return component;
}

/** What renderToString writes for a Suspense boundary it could not wait for: the fallback, to be replaced in the browser. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/** What `prerender` writes before the document and renderToString does not. */
const DOCTYPE = '<!DOCTYPE html>';

/**
 * The page's HTML from renderToString, without its doctype, or null when the page suspends. Pages
 * render from their payload and wait for nothing, so this is what `prerender` writes with every
 * Suspense boundary in place, for well under half its CPU time: `prerender` encodes every chunk
 * into a byte stream. The doctype is put before the first part of the page (renderDocumentParts):
 * before the whole, it would have the page copied again to be split at its frame's slots.
 */
function renderSynchronously(element: ReactNode): string | null {
  try {
    const html = renderToString(element);
    return html.includes(CLIENT_RENDERED_BOUNDARY) ? null : html;
  } catch {
    // A component suspended outside any boundary; prerender waits for it, or reports a real error.
    return null;
  }
}

/**
 * prerender's default moves a boundary larger than 12.8 kB out of place, into a hidden element
 * that an inline script puts back: the content policy (script-src 'self') blocks that script,
 * and a visitor without script would see no header, page or footer. With no size limit, every
 * boundary stays in place.
 */
const IN_PLACE = { progressiveChunkSize: Infinity };

/**
 * A page longer than this is not rendered a second time, slotted, to learn its frame: the table
 * and the listings (8 to 11 MB at 10,000 records) are the only pages of their variant, and a
 * publish that changes a tenant renders little else.
 */
const LEARN_FROM_AT_MOST = 256 * 1024;

/** The frame's HTML of each variant (frameVariant), learnt once per build: the build's layout is one object. */
const framesByLayout = new WeakMap<LayoutData, Map<string, FrameHtml>>();

function framesOf(layout: LayoutData): Map<string, FrameHtml> {
  let frames = framesByLayout.get(layout);
  if (frames === undefined) {
    frames = new Map();
    framesByLayout.set(layout, frames);
  }
  return frames;
}

/** The <Templated> parts' HTML, learnt once per build (src/app/page-templates.ts). */
const templatesByLayout = new WeakMap<LayoutData, PageTemplates>();

function templatesOf(layout: LayoutData): PageTemplates {
  let templates = templatesByLayout.get(layout);
  if (templates === undefined) {
    templates = new PageTemplates();
    templatesByLayout.set(layout, templates);
  }
  return templates;
}

/** How many pages of the build with this layout had parts filled from templates (PageTemplates). */
export const pagesFilledFromTemplates = (layout: LayoutData): number => templatesOf(layout).pagesFilled;

/** What React writes for the document's empty head. */
const HEAD_OPEN = '<head>';
const HEAD_CLOSE = '</head>';

/**
 * A rendered page's HTML with its head's elements written in: before and after what React put
 * in the empty head (what it hoists out of the body), in the order React orders a head.
 */
export function withHead(html: string, head: HeadProps): string {
  const open = html.indexOf(HEAD_OPEN) + HEAD_OPEN.length;
  const close = html.indexOf(HEAD_CLOSE, open);
  if (open < HEAD_OPEN.length || close === -1) throw new Error('A rendered page has no <head> to write in.');
  const { first, rest } = headHtml(head);
  return html.slice(0, open) + first + html.slice(open, close) + rest + html.slice(close);
}

/**
 * The complete HTML of one page, in parts to be joined. The frame (header, footer) is more than
 * half of a page's elements and alike on most pages: React writes it once for each variant, from
 * that variant's first page rendered both whole and slotted, and every other page of the variant
 * is rendered slotted and has the same HTML put in its slots. Such a page comes in five parts: the
 * two at odd places are its frame's, the same strings on every page of the variant, which
 * prerender reads once each (styleSignature); any other page comes in one. The head's elements
 * are written into the first part (withHead).
 */
export async function renderDocumentParts({ payload, head }: PageDocument): Promise<string[]> {
  const Page = await pageComponent(payload.pageName);
  const slottedElement = <SlottedDocument payload={payload} Page={Page} />;
  const frames = framesOf(payload.layout);
  const variant = frameVariant(payload.layout, payload.path);
  const frame = frames.get(variant);
  if (frame !== undefined) {
    const slotted = templatesOf(payload.layout).render(
      (run) =>
        renderSynchronously(
          run === null ? slottedElement : <TemplateContext value={run}>{slottedElement}</TemplateContext>,
        ),
      payload.path,
    );
    if (slotted !== null) {
      const [before = '', ...rest] = fillFrame(slotted, frame);
      return [DOCTYPE + withHead(before, head), ...rest];
    }
  }
  const element = <Document payload={payload} Page={Page} />;
  const html = renderSynchronously(element);
  if (html !== null) {
    if (frame === undefined && html.length <= LEARN_FROM_AT_MOST) {
      const slotted = renderSynchronously(slottedElement);
      if (slotted !== null) frames.set(variant, learnFrame(html, slotted));
    }
    return [DOCTYPE + withHead(html, head)];
  }
  const { prelude } = await prerender(element, IN_PLACE);
  return [withHead(await new Response(prelude).text(), head)];
}

/** The complete HTML of one page (renderDocumentParts, joined). */
export async function renderDocument(document: PageDocument): Promise<string> {
  return (await renderDocumentParts(document)).join('');
}
