import { Webhook } from 'standardwebhooks';
import type { z } from 'zod';
import type { LeadWebhookSchema } from '../../src/schema/lead-webhook';
import type { StoredEnquiry } from '../leads/store';
import type { Notifier } from './notifiers';

/** A CRM that has not answered by then is tried again later, so a hanging one holds up nothing for long. */
const WEBHOOK_TIMEOUT_MS = 10_000;

type LeadWebhook = z.output<typeof LeadWebhookSchema>;

function leadCreated({ kind: _kind, ...lead }: StoredEnquiry): LeadWebhook {
  return { type: 'lead.created', timestamp: lead.receivedAt, data: lead };
}

/** Why a request got no answer, in a few words: undici says only "fetch failed" and keeps the reason in its cause. */
function unreachable(error: unknown, host: string, timeoutMs: number): Error {
  if (error instanceof Error && error.name === 'TimeoutError')
    return new Error(`${host} did not answer within ${timeoutMs / 1000} s`);
  const cause =
    error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  const reason = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return new Error(`${host} could not be reached: ${reason}`);
}

/**
 * Posts each new lead to the CRM, signed as the Standard Webhooks
 * specification says (webhook-id, webhook-timestamp, webhook-signature). The
 * webhook-id is the notification's, the same on every try, so that a CRM that
 * got a lead but whose answer was lost can drop the repeat; the timestamp and
 * signature are made afresh for each try, as receivers refuse old ones. Any
 * 2xx answer is delivery; anything else, a redirect included, is a failure
 * the outbox retries.
 */
export function webhookNotifier(url: string, secret: string, timeoutMs = WEBHOOK_TIMEOUT_MS): Notifier {
  const signer = new Webhook(secret);
  const { host } = new URL(url);
  return {
    label: `posted to the CRM at ${host}`,
    async notify(enquiry, delivery) {
      const body = JSON.stringify(leadCreated(enquiry));
      const now = new Date();
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'webhook-id': delivery.id,
            'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
            'webhook-signature': signer.sign(delivery.id, now, body),
          },
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw unreachable(error, host, timeoutMs);
      }
      await response.body?.cancel();
      if (!response.ok)
        throw new Error(
          `${host} answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
        );
    },
    close: () => undefined,
  };
}
