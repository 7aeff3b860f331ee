/**
 * The browser tests' server is their own: a free port unless E2E_PORT names one, refused when
 * that port is already served (a site started with npm start), its own data folder, and never
 * a server that was already running.
 */
import type { AddressInfo, Server } from 'node:net';
import { createServer } from 'node:net';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { e2eDataDir, e2ePort, freePort, portFree, removeStaleData } from '../e2e/e2e-server';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
  vi.unstubAllEnvs();
  vi.resetModules();
});

/** A site already running, as `npm start` leaves one: something listening on a port. */
async function runningSite(): Promise<number> {
  const server = createServer();
  servers.push(server);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return (server.address() as AddressInfo).port;
}

describe('the browser tests’ server', () => {
  it('listens on a free port when none is named, and tells the workers which', () => {
    const env: NodeJS.ProcessEnv = {};
    const port = e2ePort(env);
    expect(env.E2E_PORT).toBe(String(port));
    expect(portFree(port)).toBe(true);
    // A worker reads the same environment and so the same port.
    expect(e2ePort({ ...env, TEST_WORKER_INDEX: '0' })).toBe(port);
  });

  it('refuses a named port something already listens on, saying why', async () => {
    const taken = await runningSite();
    expect(portFree(taken)).toBe(false);
    expect(() => e2ePort({ E2E_PORT: String(taken) })).toThrow(
      new RegExp(`E2E_PORT ${taken} is in use.*never reuse`),
    );
  });

  it('takes a named port that is free, and refuses one that is no port', async () => {
    const port = await runningSite();
    await new Promise((done) => servers.pop()?.close(done));
    expect(e2ePort({ E2E_PORT: String(port) })).toBe(port);
    expect(() => e2ePort({ E2E_PORT: '4173x' })).toThrow('E2E_PORT must be a port number');
  });

  it('is started by the config on that port with a data folder of its own, never reused', async () => {
    const port = freePort();
    vi.stubEnv('E2E_PORT', String(port));
    const { default: config, E2E_DATA_DIR } = await import('../../playwright.config');
    const server = Array.isArray(config.webServer) ? config.webServer[0] : config.webServer;
    expect(E2E_DATA_DIR).toBe(e2eDataDir(port));
    expect(E2E_DATA_DIR).not.toBe('.data');
    expect(server?.reuseExistingServer).toBe(false);
    expect(server?.url).toBe(`http://127.0.0.1:${port}/`);
    expect(server?.command).toContain(`--port ${port} --data-dir ${E2E_DATA_DIR}`);
    expect(server?.command).toMatch(new RegExp(`^rm -rf ${E2E_DATA_DIR} `));
    expect(config.use?.baseURL).toBe(`http://127.0.0.1:${port}`);
  });
});

describe('the databases of earlier runs', () => {
  it('are removed, but not this run’s, nor that of a run still serving beside it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'e2e-data-'));
    try {
      const beside = await runningSite();
      const mine = freePort();
      const done = freePort();
      for (const name of [String(mine), String(beside), String(done), 'pglite'])
        mkdirSync(join(root, name, 'base'), { recursive: true });
      expect(removeStaleData(mine, root).sort()).toEqual([String(done), 'pglite'].sort());
      expect(readdirSync(root).sort()).toEqual([String(beside), String(mine)].sort());
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
