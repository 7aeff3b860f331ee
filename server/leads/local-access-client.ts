/**
 * The other end of the embedded database's local socket (local-access.ts): what `npm run leads`,
 * `npm run staff` and the browser tests send the process that holds the database. Apart from the
 * socket's server so that they load none of the service.
 */
import { request } from 'node:http';
import type { StaffCommand, StaffCommandResult } from '../staff/commands';
import { MemberProblem } from '../staff/member-problem';
import type { EnquiryFilter, StoredEnquiry } from './store';

export const STAFF_PATH = '/staff';

const unreachable = (socketPath: string, error: Error) =>
  new Error(
    `The running service holds the embedded database, but its socket ${socketPath} does not answer (${error.message}). Restart it with npm start.`,
  );

/** Has the process holding the embedded database run a staff command; rejects with its reason. */
export function staffCommandThroughLocalAccess(
  socketPath: string,
  command: StaffCommand,
): Promise<StaffCommandResult> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path: STAFF_PATH, method: 'POST' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
        if (res.statusCode === 200) resolve(body as StaffCommandResult);
        else {
          const message = (body as { error: string }).error;
          const status = res.statusCode;
          reject(status === 404 || status === 409 ? new MemberProblem(message, status) : new Error(message));
        }
      });
    });
    req.on('error', (error) => reject(unreachable(socketPath, error)));
    req.end(JSON.stringify(command));
  });
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
    req.on('error', (error) => reject(unreachable(socketPath, error)));
    req.end();
  });
}
