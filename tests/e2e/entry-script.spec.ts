/**
 * On a slow phone the page paints and its lead picture arrives before any script work: the
 * entry script waits for both, so before they happen it may load nothing but the small loader.
 * A static import of anything else (the chunk that shares code with React's pages) is fetched
 * ahead of the lead picture and costs the largest paint about half a second on slow 4G.
 */
import { expect, test } from './fixtures';

test('the entry script statically imports the loader only', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const entry = /<script type="module" src="([^"]+)"/.exec(html)?.[1];
  expect(entry, 'the page has a module entry script').toBeDefined();
  const code = await (await request.get(entry ?? '')).text();
  const imported = [...code.matchAll(/(?:^|[;}\s])import\s*(?:[\w{}\s,*$]+from\s*)?["']([^"']+)["']/g)].map(
    (match) => match[1],
  );
  expect(imported.length).toBeGreaterThan(0);
  for (const file of imported)
    expect(file, `${entry} imports ${file} before the first paint`).toMatch(/\/loader-[\w-]+\.js$/);
});
