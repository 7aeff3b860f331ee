/**
 * The embedded database belongs to the one process that opened it. Other
 * programs on this machine (`npm run leads`, `npm run staff`, the browser
 * tests) read its enquiries and run staff commands through this Unix socket, which only this machine's user can
 * open: it is never part of the public HTTP service.
 */
import { chmod, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { Database } from '../db/database';
import type { StaffAuth } from '../staff/auth';
import type { StaffCommand } from '../staff/commands';
import { runStaffCommand } from '../staff/commands';
import { MemberProblem } from '../staff/member-problem';
import { STAFF_PATH } from './local-access-client';
import type { EnquiryFilter } from './store';
import { listEnquiries } from './store';

/** A staff command is a few hundred bytes; anything far larger is not one. */
const MAX_COMMAND_BYTES = 64 * 1024;
const COMMANDS = new Set<string>(['add', 'list', 'remove', 'link']);

function answer(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The command in a request's body, or null when the body is not one (not JSON, no known command). */
function commandOf(body: string): StaffCommand | null {
  try {
    const command = JSON.parse(body) as { command?: unknown } | null;
    return typeof command?.command === 'string' && COMMANDS.has(command.command)
      ? (command as StaffCommand)
      : null;
  } catch {
    return null;
  }
}

/**
 * `npm run staff`'s command, sent as JSON, run here where the database is open. A request that is
 * not one is answered 400: whatever another program sends, the service keeps running.
 */
function staffCommand(req: IncomingMessage, res: ServerResponse, db: Database, staffAuth: StaffAuth) {
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('error', () => res.destroy());
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= MAX_COMMAND_BYTES) chunks.push(chunk);
  });
  req.on('end', () => {
    const command = size > MAX_COMMAND_BYTES ? null : commandOf(Buffer.concat(chunks).toString('utf8'));
    if (command === null)
      return answer(res, 400, {
        error: `Not a staff command: send JSON such as {"command":"list"}, at most ${MAX_COMMAND_BYTES / 1024} KB.`,
      });
    runStaffCommand(db, staffAuth, command).then(
      (result) => answer(res, 200, result),
      (error: unknown) =>
        error instanceof MemberProblem
          ? answer(res, error.status, { error: error.message })
          : answer(res, 500, { error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

export async function openLocalAccess(db: Database, socketPath: string, staffAuth: StaffAuth) {
  // A socket file left by a process that was killed would stop the listener from starting.
  await rm(socketPath, { force: true });
  const server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === STAFF_PATH) return staffCommand(req, res, db, staffAuth);
    const query = new URL(req.url ?? '/', 'http://local').searchParams;
    const since = query.get('since');
    const filter: EnquiryFilter = {
      ...(since === null ? {} : { since: new Date(since) }),
      ...(query.has('submission') ? { submissionId: query.get('submission') ?? '' } : {}),
    };
    listEnquiries(db, filter).then(
      (enquiries) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(enquiries));
      },
      (error: unknown) => {
        res.writeHead(500, { 'Content-Type': 'text/plain' });
        res.end(error instanceof Error ? error.message : String(error));
      },
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(socketPath, resolve));
  await chmod(socketPath, 0o600);
  return {
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await rm(socketPath, { force: true });
    },
  };
}
