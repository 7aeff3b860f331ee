import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { loadPage } from './pages/registry';
import { Document } from './Document';
import type { PagePayload } from './app/payload';

/** Brings the pre-rendered page to life from the data it was rendered with. */
export async function hydrate(payload: PagePayload): Promise<void> {
  const Page = await loadPage(payload.pageName);
  // React 19 hydrates <head> as a singleton: it keeps every element it was not asked to render,
  // so the server's title, share tags, JSON-LD and file links stay as written, with no data.
  // Outside a transition React hydrates the whole page in one task; inside one it works in
  // slices and lets the browser answer taps in between. A tap on a part not yet hydrated makes
  // React hydrate that part first.
  startTransition(() => {
    hydrateRoot(document, <Document payload={payload} Page={Page} />);
  });
}
