/**
 * How long a request may take to arrive. A visitor's request is a few kilobytes: headers and body
 * arrive whole within a few seconds, or the connection is answered 408 and closed, so a client
 * that trickles bytes holds nothing for long. A staff upload (a sheet of up to 8 MB, a picture of
 * up to 30 MB) sent from a phone on a slow line can take minutes: it may, so long as it keeps
 * moving, and is cut once it stalls.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export interface RequestTimes {
  /** Headers must arrive within this; so must the body of any request but an upload. */
  requestMs: number;
  /** An upload is cut when no byte of it arrives for this long. */
  uploadIdleMs: number;
  /** Whether a request (by method and path) is an upload. */
  isUpload: (method: string, path: string) => boolean;
}

/** An answer written straight to the socket, as Node writes its own 408 before closing. */
const TIMED_OUT = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

/**
 * Enforces `times` on `server`, whose own `requestTimeout` is the cap of the slowest upload and
 * whose `headersTimeout` is `times.requestMs`.
 */
export function limitRequestTimes(server: Server, times: RequestTimes): void {
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (times.isUpload(request.method ?? 'GET', path)) {
      request.setTimeout(times.uploadIdleMs, () => request.socket.destroy());
      // Once the whole body is in, the answer may take its time (reading and checking the file).
      request.once('end', () => request.setTimeout(0));
      return;
    }
    const timer = setTimeout(() => {
      if (request.complete || response.headersSent) return;
      request.socket.end(TIMED_OUT);
      request.socket.destroySoon();
    }, times.requestMs);
    const done = () => clearTimeout(timer);
    response.once('finish', done);
    response.once('close', done);
  });
}
