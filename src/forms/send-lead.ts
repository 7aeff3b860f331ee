import { formsConfig } from './config';
import type { Lead } from './payloads';
import { connectionFailure, failureForStatus, SendFailure, withTimeout } from './send-failure';

/**
 * POSTs a lead as JSON to the lead service's /addLead. Resolves when the
 * service accepted it (any 2xx; the answer's body is not used), otherwise
 * rejects with a SendFailure; gives up after SEND_TIMEOUT_MS.
 */
export async function sendLead(lead: Lead, url: string = formsConfig().leadUrl): Promise<void> {
  const controller = new AbortController();
  const request = fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(lead),
    signal: controller.signal,
  }).then(
    (response) => {
      if (!response.ok) throw failureForStatus(response.status);
    },
    (error: unknown) => {
      throw error instanceof SendFailure ? error : connectionFailure();
    },
  );
  await withTimeout(request, () => controller.abort());
}
