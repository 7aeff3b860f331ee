import { hydrateRoot } from 'react-dom/client';
import { loadPage } from '../pages/registry';
import { Document } from './Document';
import type { PagePayload } from './payload';
import { PAYLOAD_ELEMENT_ID } from './payload';

/** Brings the pre-rendered page to life from the data it was rendered with. */
export async function hydrate(): Promise<void> {
  const json = document.getElementById(PAYLOAD_ELEMENT_ID)?.textContent;
  if (!json) throw new Error('This page has no data to start from.');
  const payload = JSON.parse(json) as PagePayload;
  const Page = await loadPage(payload.pageName);
  hydrateRoot(document, <Document payload={payload} payloadJson={json} Page={Page} />);
}
