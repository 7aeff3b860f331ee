import '@fontsource/cormorant-garamond/latin-600.css';
import './styles/fonts.css';
import './styles/global.css';
import { hydrateRoot } from 'react-dom/client';
import { Document } from './app/Document';
import type { PagePayload } from './app/payload';
import { PAYLOAD_ELEMENT_ID } from './app/payload';
import { loadPage } from './pages/registry';

async function hydrate(): Promise<void> {
  const json = document.getElementById(PAYLOAD_ELEMENT_ID)?.textContent;
  if (!json) throw new Error('This page has no data to start from.');
  const payload = JSON.parse(json) as PagePayload;
  const Page = await loadPage(payload.pageName);
  hydrateRoot(document, <Document payload={payload} payloadJson={json} Page={Page} />);
}

void hydrate();
