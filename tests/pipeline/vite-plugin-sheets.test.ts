/** The dev server plugin: a saved sheet reloads the page, a broken one shows the overlay and keeps the last good data. */
import { copyFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { sheetsApi, sheetsPlugin } from '../../pipeline/vite-plugin-sheets';
import { FIXTURES, sheetSet, VALID } from './fixtures';

let dir: string;
let server: ViteDevServer;
let sent: ReturnType<typeof vi.fn>;

beforeAll(async () => {
  dir = await sheetSet(null);
  server = await createServer({
    configFile: false,
    root: dir,
    mode: 'development',
    logLevel: 'silent',
    plugins: [sheetsPlugin({ sheetsDir: dir })],
  });
  sent = vi.fn();
  server.ws.send = sent as unknown as ViteDevServer['ws']['send'];
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const payloads = (type: string) =>
  sent.mock.calls.map(([payload]) => payload).filter((p) => p?.type === type);

it('serves the data through its API, then reloads on a valid change and shows the errors of a broken one', async () => {
  const api = sheetsApi(server.config.plugins);
  expect(api).toBeDefined();
  const first = await api?.getSite();
  expect(first?.tenants).toContain('NYKAA');

  await copyFile(join(FIXTURES, 'broken/references/home-pre-rented.csv'), join(dir, 'home-pre-rented.csv'));
  await vi.waitFor(() => expect(payloads('error')).toHaveLength(1), { timeout: 10_000, interval: 50 });
  const [overlay] = payloads('error');
  expect(overlay.err.message).toContain(
    'home-pre-rented.csv row 3, column A (tenant): "Nykaa" is not a tenant',
  );
  expect(overlay.err.stack).toBe('');
  // The server keeps the last good data while the sheet is broken.
  expect(await api?.getSite()).toBe(first);
  expect(api?.getProblems().map((p) => p.code)).toEqual(['unknown-reference']);

  const reloads = payloads('full-reload').length;
  await copyFile(join(VALID, 'home-pre-rented.csv'), join(dir, 'home-pre-rented.csv'));
  await vi.waitFor(() => expect(payloads('full-reload').length).toBeGreaterThan(reloads), {
    timeout: 10_000,
    interval: 50,
  });
  const next = await api?.getSite();
  expect(next).not.toBe(first);
  expect(next?.homePreRented.map((card) => card.tenant)).toEqual(['SBI Bank', 'NYKAA']);
  expect(api?.getProblems()).toEqual([]);
});
