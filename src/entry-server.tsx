import { prerender } from 'react-dom/static';
import { Document } from './app/Document';
import type { LayoutData, PageAssets, PagePayload } from './app/payload';
import { scriptSafeJson } from './app/payload';
import { imagesNamedIn } from './data/images';
import { localityLinks } from './data/localities';
import { loadPage } from './pages/registry';
import { buildNavigation } from './routes/navigation';
import type { AnyRoute } from './routes/route';
import { allPages, routeById } from './routes/table';
import type { SiteData } from './schema/site';

export { allPages, routeById };

export function layoutData(site: SiteData): LayoutData {
  return { settings: site.settings, localities: localityLinks(site), nav: buildNavigation(site) };
}

/** The payload of one page, or null when its route finds nothing at that path. */
export function pagePayload(
  site: SiteData,
  layout: LayoutData,
  route: AnyRoute,
  path: string,
  assets: PageAssets,
): PagePayload | null {
  const page = route.load(site, path);
  if (page === null) return null;
  const meta = route.meta(page as never, site, path);
  const images = imagesNamedIn([page, meta.image, layout.settings], site.images);
  return { routeId: route.id, pageName: route.page, path, page, layout, meta, images, assets };
}

async function streamToString(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

/** The complete HTML of one page. */
export async function renderDocument(payload: PagePayload): Promise<string> {
  const Page = await loadPage(payload.pageName);
  const { prelude } = await prerender(
    <Document payload={payload} payloadJson={scriptSafeJson(payload)} Page={Page} />,
  );
  return streamToString(prelude);
}
