import { formsConfig } from './config';
import type { OutboxEntry } from './outbox';
import type { Lead } from './payloads';
import { connectionFailure, failureForStatus, retryAfterMs } from './send-failure';

/** The headers of a lead's POST: its submission id, and where the visit came from. */
export function leadHeaders({
  id,
  attribution,
}: Pick<OutboxEntry, 'id' | 'attribution'>): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'Idempotency-Key': id,
    'Lead-Page': attribution.page,
    ...(attribution.referrer === undefined ? {} : { 'Lead-Referrer': attribution.referrer }),
    ...(attribution.utm === undefined ? {} : { 'Lead-UTM': attribution.utm }),
  };
}

/**
 * POSTs a lead as JSON to the lead service's /addLead. Resolves when the service accepted it
 * (any 2xx: 201 stored now, 200 stored before under the same key), otherwise rejects with a
 * SendFailure. keepalive lets the request finish when the visitor leaves the page.
 */
export async function sendLead(
  lead: Lead,
  entry: Pick<OutboxEntry, 'id' | 'attribution'>,
  url: string = formsConfig().leadUrl,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: leadHeaders(entry),
      body: JSON.stringify(lead),
      keepalive: true,
    });
  } catch {
    throw connectionFailure();
  }
  if (!response.ok) {
    throw failureForStatus(response.status, retryAfterMs(response.headers.get('Retry-After'), Date.now()));
  }
}
