import './generated/fonts/fonts.css';
import './styles/global.css';
import type { PagePayload } from './app/payload';
import { fetchWebFonts } from './app/web-fonts';
import { rememberLanding } from './forms/attribution';

/**
 * Links the rest of the site's stylesheet (the rules the page does not carry inline: those of
 * states only script brings) and resolves once it has loaded or failed.
 */
function loadStylesheet(href: string, after: Element): Promise<unknown> {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  const loaded = new Promise((settled) => {
    link.addEventListener('load', settled, { once: true });
    link.addEventListener('error', settled, { once: true });
  });
  after.after(link);
  return loaded;
}

/**
 * The rest of the pre-rendered page's stylesheet. In development Vite injects the whole
 * stylesheet, fonts included, and the page names no rest.
 */
function loadRestOfStyles(): Promise<unknown> {
  const inline = document.querySelector<HTMLStyleElement>('style[data-stylesheet]');
  const href = inline?.dataset.stylesheet;
  if (inline === null || href === undefined) return Promise.resolve();
  return loadStylesheet(href, inline);
}

/** The data the page was rendered from, from the file its boot script names. */
async function loadPayload(boot: HTMLScriptElement): Promise<PagePayload> {
  const address = boot.dataset.payload;
  if (address === undefined) throw new Error('This page names no data to start from.');
  const response = await fetch(address);
  if (!response.ok) throw new Error(`This page's data did not load (${response.status} at ${address}).`);
  return (await response.json()) as PagePayload;
}

/** Resolves in a task of its own, so that the browser may draw and answer taps in between. */
const nextTask = () =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = resolve;
    channel.port2.postMessage(null);
  });

// The boot script (src/app/boot.ts) loads this file once the page's lead picture has painted.
// Nothing can have changed the address or the referrer before: pages navigate by full loads
// until React hydrates them.
rememberLanding();
const boot = document.querySelector<HTMLScriptElement>('script[data-entry]');
if (boot === null) throw new Error('This page has no boot script to name its data.');
void fetchWebFonts(boot);
// Everything is fetched at once; React is run first, in a task of its own, and the page's code
// in the next: together they would hold a slow phone's main thread for one long task.
const payload = loadPayload(boot);
void Promise.all([loadRestOfStyles(), import('react-dom/client')])
  .then(nextTask)
  .then(() => Promise.all([import('./hydrate'), payload]))
  .then(([{ hydrate }, data]) => hydrate(data));
