import type { FailureKind } from './send-failure';

/** Confirmation of the lead forms. */
export const LEAD_THANKS = 'Thank You for your request. We will get back to you very shortly.';
/** Confirmation of the Contact, Join Our Team and List With Us forms. */
export const MESSAGE_THANKS = 'Thank You for your request. We will get back to you very shortly. Thank you';

export const FAILURE_TEXT: Record<FailureKind, string> = {
  server: 'Sorry, your request could not be sent: our system answered with an error.',
  rejected: 'Sorry, your request could not be sent: the service did not accept it.',
  'rate-limit': 'You sent this form a few seconds ago. Please wait a moment, then try again.',
  timeout: 'Sorry, our system did not answer within 15 seconds, so your request may not have arrived.',
  offline: 'You seem to be offline, so your request could not be sent. Please check your connection.',
  network: 'Sorry, your request could not be sent: we could not reach our system.',
};

/** How many fields need attention, announced when a submit is refused. */
export function invalidSummary(labels: readonly string[]): string {
  return labels.length === 1
    ? `Please check one field: ${labels[0]}.`
    : `Please check ${labels.length} fields: ${labels.join(', ')}.`;
}
