/**
 * The embedded database belongs to the one process that opened it. Other
 * programs on this machine (`npm run leads`, the browser tests) read its
 * enquiries through this Unix socket, which only this machine's user can
 * open: it is never part of the public HTTP service.
 */
import { chmod, rm } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import type { Database } from '../db/database';
import type { EnquiryFilter, StoredEnquiry } from './store';
import { listEnquiries } from './store';

export async function openLocalAccess(db: Database, socketPath: string) {
  // A socket file left by a process that was killed would stop the listener from starting.
  await rm(socketPath, { force: true });
  const server = createServer((req, res) => {
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

/** Asks the process holding the embedded database for its enquiries. */
export function readThroughLocalAccess(socketPath: string, filter: EnquiryFilter): Promise<StoredEnquiry[]> {
  const query = new URLSearchParams();
  if (filter.since !== undefined) query.set('since', filter.since.toISOString());
  if (filter.submissionId !== undefined) query.set('submission', filter.submissionId);
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path: `/enquiries?${query}` }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (res.statusCode === 200) resolve(JSON.parse(text) as StoredEnquiry[]);
        else reject(new Error(`The running service could not list the enquiries: ${text}`));
      });
    });
    req.on('error', (error) =>
      reject(
        new Error(
          `The running service holds the embedded database, but its socket ${socketPath} does not answer (${error.message}). Restart it with npm start.`,
        ),
      ),
    );
    req.end();
  });
}
