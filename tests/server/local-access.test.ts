/**
 * The embedded database's local socket (server/leads/local-access.ts), sent
 * what `npm run staff` never sends: each gets a 400 that says what a command
 * is, and the service goes on answering.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedPaths } from '../../server/db/embedded';
import { openLocalAccess } from '../../server/leads/local-access';
import { staffCommandThroughLocalAccess } from '../../server/leads/local-access-client';
import type { StaffHarness } from './staff-harness';
import { staffHarness } from './staff-harness';

/** Posts `body` to the socket's staff command path; resolves with the status and the answer. */
function post(socketPath: string, body: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path: '/staff', method: 'POST' }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve(`${res.statusCode} ${text}`));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the local socket', () => {
  let harness: StaffHarness;
  let socket: string;
  let local: Awaited<ReturnType<typeof openLocalAccess>>;

  beforeAll(async () => {
    harness = await staffHarness('pglite');
    socket = embeddedPaths(harness.env.DATA_DIR).socket;
    local = await openLocalAccess(harness.db, socket, harness.staffAuth);
  }, 60_000);
  afterAll(async () => {
    await local.close();
    await harness.close();
  });

  it('answers malformed commands with an error and keeps running', async () => {
    const answers = new Set<string>();
    for (const body of [
      '{"command":',
      'null',
      '[]',
      '"list"',
      '{"command":"drop"}',
      Buffer.alloc(200_000, 'x'),
    ])
      answers.add(await post(socket, body));
    expect([...answers]).toEqual([
      '400 {"error":"Not a staff command: send JSON such as {\\"command\\":\\"list\\"}, at most 64 KB."}',
    ]);
    expect(await post(socket, '{"command":"remove"}')).toMatch(/^500 /);
    await harness.addMember('admin', 'Asha Admin');
    expect(await staffCommandThroughLocalAccess(socket, { command: 'list' })).toMatchObject({
      command: 'list',
      members: [{ name: 'Asha Admin' }],
    });
  });
});
