import { appendFile, mkdir } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname } from 'node:path';

/** Largest request body accepted; a lead or a message is a few hundred bytes. */
const MAX_BODY_BYTES = 64 * 1024;

const LEAD_PATH = '/addLead';
const EMAILJS_PATH = '/api/v1.0/email/send-form';
/** What @emailjs/browser's sendForm adds to the form's own fields; EmailJS refuses a request without them. */
const EMAILJS_PARAMS = ['lib_version', 'service_id', 'template_id', 'user_id'] as const;

class BadRequest extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new BadRequest('Request body too large.', 413);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function leadOf(body: Buffer): Record<string, unknown> {
  let lead: unknown;
  try {
    lead = JSON.parse(body.toString('utf8'));
  } catch {
    throw new BadRequest('A lead must be JSON.');
  }
  if (lead === null || typeof lead !== 'object' || Array.isArray(lead))
    throw new BadRequest('A lead must be a JSON object.');
  return lead as Record<string, unknown>;
}

/** Fields of a multipart or urlencoded form, as EmailJS's send-form receives them. */
async function formFields(body: Buffer, contentType: string): Promise<Record<string, string>> {
  let form: FormData;
  try {
    form = await new Request('http://localhost/', {
      method: 'POST',
      body,
      headers: { 'content-type': contentType },
    }).formData();
  } catch {
    throw new BadRequest('A message must be sent as multipart/form-data.');
  }
  const fields: Record<string, string> = {};
  form.forEach((value, key) => {
    if (typeof value === 'string') fields[key] = value;
  });
  const missing = EMAILJS_PARAMS.filter((name) => !fields[name]);
  if (missing.length > 0)
    throw new BadRequest(
      `The ${missing.join(', ')} parameter${missing.length > 1 ? 's are' : ' is'} required.`,
    );
  return fields;
}

/**
 * Stand-ins for the lead service and EmailJS, for the local quick start: each
 * lead or message received is appended as one JSON line to `logFile`, so a
 * developer can see exactly what the site would have sent. They answer as the
 * real services do (200 "OK"; 400 with a reason for a malformed request), and
 * allow any origin, as EmailJS does, so a dev server on another port can use them.
 */
export function localServices(logFile: string) {
  const record = async (entry: Record<string, unknown>) => {
    await mkdir(dirname(logFile), { recursive: true });
    await appendFile(logFile, `${JSON.stringify({ receivedAt: new Date().toISOString(), ...entry })}\n`);
  };

  const reply = (response: ServerResponse, status: number, text: string) => {
    response.writeHead(status, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Access-Control-Allow-Origin': '*',
    });
    response.end(text);
  };

  /** Returns true when it answered the request. */
  return async (request: IncomingMessage, response: ServerResponse): Promise<boolean> => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path !== LEAD_PATH && path !== EMAILJS_PATH) return false;
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'POST',
        'Access-Control-Allow-Headers': 'Content-Type',
        'Access-Control-Max-Age': '600',
      });
      response.end();
      return true;
    }
    if (request.method !== 'POST') return false;
    try {
      const body = await readBody(request);
      if (path === LEAD_PATH) {
        await record({ service: 'lead', path, body: leadOf(body) });
      } else {
        await record({
          service: 'emailjs',
          path,
          body: await formFields(body, String(request.headers['content-type'] ?? '')),
        });
      }
      reply(response, 200, 'OK');
    } catch (error) {
      if (!(error instanceof BadRequest)) throw error;
      reply(response, error.status, error.message);
    }
    return true;
  };
}
