/**
 * The service's HTTP listener, probed with raw sockets as a stranger would:
 * a connection that sends nothing or only part of a request is closed, and
 * one address cannot hold more than its share of connections while others
 * are still served.
 */
import type { Socket } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config';
import type { Service, ServiceOptions } from '../../server/service';
import { startService } from '../../server/service';
import type { TestDatabase } from './databases';
import { testDatabase } from './databases';

interface Probe {
  socket: Socket;
  /** Everything the server sent, once it has closed the connection. */
  closed: Promise<string>;
}

/** Opens a connection from `localAddress` and resolves once it is connected. */
function open(service: Service, localAddress = '127.0.0.1'): Promise<Probe> {
  const { hostname, port } = new URL(service.url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), localAddress });
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const closed = new Promise<string>((done) => socket.once('close', () => done(answer)));
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

/** Sends a whole GET on `probe` and resolves with the status line of its answer. */
function get(probe: Probe): Promise<string> {
  return new Promise((resolve) => {
    let answer = '';
    probe.socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) resolve(answer.split('\r\n')[0] ?? '');
    });
    probe.socket.write('GET /addLead HTTP/1.1\r\nHost: localhost\r\n\r\n');
  });
}

async function serviceWith(database: TestDatabase, connections?: ServiceOptions['connections']) {
  const config = readConfig({ ...database.env, PORT: '0', SITE_ROOT: database.env.DATA_DIR });
  return startService(config, { emailJsStandIn: false, ...(connections && { connections }) });
}

describe('the service’s connections', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase('pglite');
  });
  afterAll(() => database.drop());

  it('answers 408 and closes a connection that sends nothing or an incomplete request', async () => {
    const service = await serviceWith(database);
    try {
      const silent = await open(service);
      const partial = await open(service);
      partial.socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n');
      expect(await silent.closed).toMatch(/^HTTP\/1\.1 408 /);
      expect(await partial.closed).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      await service.close();
    }
  }, 60_000);

  it('by default serves an office of twenty browsers sharing one address, six connections each', async () => {
    const service = await serviceWith(database, { requestTimeoutMs: 120_000 });
    try {
      const office = await Promise.all(Array.from({ length: 20 * 6 }, () => open(service)));
      const answers = await Promise.all(office.map((probe) => Promise.race([get(probe), probe.closed])));
      expect(answers.filter((answer) => !/^HTTP\/1\.1 \d{3} /.test(answer))).toEqual([]);
      for (const probe of office) probe.socket.destroy();
    } finally {
      await service.close();
    }
  }, 60_000);

  it('closes connections past one address’s share, and still serves other addresses and, once it has let go, that one', async () => {
    // Nothing times out meanwhile: the connections held stay open until the test closes them.
    const service = await serviceWith(database, { requestTimeoutMs: 120_000, perAddress: 3 });
    try {
      const held = await Promise.all([open(service), open(service), open(service)]);
      const refused = await open(service);
      expect(await refused.closed).toBe('');
      expect(await get(held[0] as Probe)).toMatch(/^HTTP\/1\.1 \d{3} /);
      const other = await open(service, '127.0.0.2');
      expect(await get(other)).toMatch(/^HTTP\/1\.1 \d{3} /);

      for (const probe of held) probe.socket.destroy();
      await Promise.all(held.map((probe) => probe.closed));
      // The server hears of the closes a moment after the client: it serves again once it has.
      let served = '';
      while (served === '') {
        const again = await open(service);
        served = await Promise.race([get(again), again.closed]);
        again.socket.destroy();
      }
      expect(served).toMatch(/^HTTP\/1\.1 \d{3} /);
      other.socket.destroy();
    } finally {
      await service.close();
    }
  }, 60_000);
});
