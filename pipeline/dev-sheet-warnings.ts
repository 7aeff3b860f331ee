/**
 * The dev preview's panel of sheet warnings (`npm run dev` only; no build
 * includes it): what the sheet check let through but a person should look at,
 * each at its sheet, row and column, in the check's own words. Errors keep
 * Vite's overlay; warnings do not stop the page, so they sit in a corner
 * until dismissed. A dismissed list stays away for the tab's session until the
 * warnings change.
 */
import type { SheetWarning } from './sheet-warnings-event';
import { WARNINGS_EVENT, WARNINGS_REQUEST } from './sheet-warnings-event';

const DISMISSED = 'sheet-warnings-dismissed';

const STYLE = `
  section { position: fixed; inset: auto auto 1rem 1rem; z-index: 2147483646; max-width: min(36rem, calc(100vw - 2rem));
    max-height: 50vh; display: flex; flex-direction: column; border-radius: 0.5rem; background: #fffbeb;
    color: #1c1917; border: 1px solid #b45309; box-shadow: 0 0.5rem 1.5rem rgb(0 0 0 / 0.25);
    font: 0.875rem/1.45 system-ui, sans-serif; }
  header { display: flex; gap: 1rem; align-items: center; justify-content: space-between; padding: 0.5rem 0.75rem;
    border-bottom: 1px solid #fcd34d; }
  h2 { margin: 0; font-size: 0.9375rem; }
  button { min-height: 2.75rem; padding: 0 1rem; border: 1px solid #78350f; border-radius: 999px; background: #fff;
    color: #78350f; font: inherit; font-weight: 600; cursor: pointer; }
  ol { margin: 0; padding: 0.5rem 0.75rem 0.75rem 2rem; overflow: auto; }
  li + li { margin-top: 0.5rem; }
  strong { display: block; }
`;

let host: HTMLElement | null = null;

function hide(): void {
  host?.remove();
  host = null;
}

function show(warnings: readonly SheetWarning[]): void {
  hide();
  const key = JSON.stringify(warnings);
  if (warnings.length === 0 || sessionStorage.getItem(DISMISSED) === key) return;
  host = document.createElement('div');
  // Its own shadow root: the page's styles cannot reach it, nor its styles the page.
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = STYLE;
  const panel = document.createElement('section');
  panel.setAttribute('aria-labelledby', 'sheet-warnings-title');
  const header = document.createElement('header');
  const title = document.createElement('h2');
  title.id = 'sheet-warnings-title';
  title.textContent = `${warnings.length} ${warnings.length === 1 ? 'warning' : 'warnings'} in the sheets`;
  const dismiss = document.createElement('button');
  dismiss.type = 'button';
  dismiss.textContent = 'Dismiss';
  dismiss.addEventListener('click', () => {
    sessionStorage.setItem(DISMISSED, key);
    hide();
  });
  header.append(title, dismiss);
  const list = document.createElement('ol');
  for (const warning of warnings) {
    const item = document.createElement('li');
    const place = document.createElement('strong');
    place.textContent = warning.place;
    item.append(place, warning.message);
    list.append(item);
  }
  panel.append(header, list);
  root.append(style, panel);
  document.body.append(host);
}

if (import.meta.hot) {
  import.meta.hot.on(WARNINGS_EVENT, show);
  import.meta.hot.send(WARNINGS_REQUEST);
}
