import type { FailureKind } from './send-failure';

/** Confirmation of the lead forms. */
export const LEAD_THANKS = 'Thank You for your request. We will get back to you very shortly.';
/** Confirmation of the Contact, Join Our Team and List With Us forms. */
export const MESSAGE_THANKS = 'Thank You for your request. We will get back to you very shortly. Thank you';

/** Why the request has not gone through, the first line of the visitor's notice. */
export const FAILURE_TEXT: Record<FailureKind, string> = {
  server: 'Sorry, our system answered with an error, so your request has not reached us yet.',
  rejected: 'Sorry, your request could not be sent: the service did not accept it.',
  'rate-limit': 'Our system is busy just now, so your request has not reached us yet.',
  'too-soon': 'You sent this form a few seconds ago. Please wait a moment, then try again.',
  timeout: 'Sorry, our system did not answer within 15 seconds.',
  offline: 'You seem to be offline, so your request has not reached us yet.',
  network: 'Sorry, we could not reach our system, so your request has not reached us yet.',
};

/** A submission saved in the outbox, sent when the connection returns (the words). */
export const SAVED_OFFLINE =
  'Your details are saved on this phone and will be sent as soon as you are back online.';
/** A submission saved in the outbox after the service failed: tried again by itself. */
export const SAVED_RETRY =
  'Your details are saved on this phone and will be sent again automatically in a few moments.';
/** An email whose answer is late: sending it again could deliver it twice, so we wait. */
export const WAITING_TEXT =
  'We cannot tell yet whether your message arrived. We are still waiting for an answer and will tell you here; there is no need to send it again.';
/** Under a failure that was not saved: the form keeps everything. */
const KEPT_IN_FORM = 'Everything you typed is still in the form. Try again, or reach us directly:';
/** Under a refusal reported in the page, where no form holds what was typed. */
export const REACH_US = 'Please reach us directly instead:';

/** A submission saved on an earlier page view, or in a closed pop-up, that has now gone through. */
export const DELIVERED_LATER =
  'Good news: the enquiry you sent earlier, which was saved on this phone, has now reached us. We will get back to you very shortly.';

/** The second line under a failure reason: what becomes of the request. */
export function fateText(failure: FailureKind, result: 'saved' | 'waiting' | 'failed'): string {
  if (result === 'waiting') return WAITING_TEXT;
  if (result === 'failed') return KEPT_IN_FORM;
  return failure === 'offline' || failure === 'network' ? SAVED_OFFLINE : SAVED_RETRY;
}

/** How many fields need attention, announced when a submit is refused. */
export function invalidSummary(labels: readonly string[]): string {
  return labels.length === 1
    ? `Please check one field: ${labels[0]}.`
    : `Please check ${labels.length} fields: ${labels.join(', ')}.`;
}
