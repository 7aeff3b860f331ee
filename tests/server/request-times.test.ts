/**
 * How long a request may take to arrive (server/request-times.ts), on a bare Node server whose
 * handler reads the whole body and answers with its length: a visitor's slow body is cut at the
 * request limit, a staff upload may trickle in for longer so long as it keeps moving, and is cut
 * once it stalls. Limits are shortened; the order of events is what is checked, not the time.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitRequestTimes } from '../../server/request-times';
import { isStaffUpload } from '../../server/staff/console';

const REQUEST_MS = 400;
const IDLE_MS = 1000;
const UPLOAD = '/staff/api/sheets/upload';

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer({ requestTimeout: 60_000, headersTimeout: REQUEST_MS }, (request, response) => {
    let length = 0;
    request.on('data', (chunk: Buffer) => (length += chunk.length));
    request.on('end', () => {
      // An answer that takes longer than an upload may stall: reading and checking the file.
      setTimeout(() => response.end(`read ${length}`), Number(request.headers['x-think-ms'] ?? 0));
    });
  });
  limitRequestTimes(server, { requestMs: REQUEST_MS, uploadIdleMs: IDLE_MS, isUpload: isStaffUpload });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/**
 * Sends a POST of `length` bytes to `path`, one byte every `everyMs`, and stops after `sent` of them
 * (all by default). Resolves with all the server sent, once the connection is closed.
 */
function post(
  path: string,
  {
    length,
    sent = length,
    everyMs = 0,
    headers = '',
  }: { length: number; sent?: number; everyMs?: number; headers?: string },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let answer = '';
    let written = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (/\r\n\r\nread \d+$/.test(answer)) socket.end();
    });
    socket.once('close', () => {
      clearInterval(timer);
      resolve(answer);
    });
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/csv\r\nContent-Length: ${length}\r\n${headers}\r\n`,
      );
      timer = setInterval(() => {
        if (written >= sent || socket.destroyed) return clearInterval(timer);
        socket.write('x');
        written += 1;
      }, everyMs);
    });
  });
}

describe('how long a request may take to arrive', () => {
  it('answers 408 to a visitor’s request whose body comes slower than the request limit', async () => {
    const answer = await post('/addLead', { length: 40, everyMs: 100 });
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('receives a staff upload that takes many times the request limit, so long as it keeps moving', async () => {
    const answer = await post(UPLOAD, { length: 12, everyMs: 150 });
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/read 12$/);
  });

  it('cuts an upload that stalls, and lets one that arrived take its time to be answered', async () => {
    const stalled = await post(UPLOAD, { length: 12, sent: 3, everyMs: 20 });
    expect(stalled).toBe('');
    const answered = await post(UPLOAD, {
      length: 4,
      everyMs: 20,
      headers: `X-Think-Ms: ${IDLE_MS * 2}\r\n`,
    });
    expect(answered).toMatch(/^HTTP\/1\.1 200 [\s\S]*read 4$/);
  });
});
