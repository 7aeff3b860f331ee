/**
 * What the lead service stored, read from its database: browser tests count
 * these, never what the page says. The Playwright web server runs the real
 * service on an embedded database in E2E_DATA_DIR; it is read through the
 * service's local socket, as `npm run leads` reads it.
 */
import { resolve } from 'node:path';
import { E2E_DATA_DIR } from '../../playwright.config';
import { embeddedPaths } from '../../server/db/embedded';
import { readThroughLocalAccess } from '../../server/leads/local-access-client';
import type { StoredEnquiry } from '../../server/leads/store';

export type { StoredEnquiry };

const socket = embeddedPaths(resolve(import.meta.dirname, '../..', E2E_DATA_DIR)).socket;

/** The enquiries stored under one submission id (a lead's Idempotency-Key, a message's submission_id). */
export function storedBySubmission(submissionId: string): Promise<StoredEnquiry[]> {
  return readThroughLocalAccess(socket, { submissionId });
}

/** The enquiries any of whose fields contains `text` (a random token typed into the name, say). */
export async function storedContaining(text: string): Promise<StoredEnquiry[]> {
  const all = await readThroughLocalAccess(socket, {});
  return all.filter((enquiry) => Object.values(enquiry.fields).some((value) => value.includes(text)));
}
