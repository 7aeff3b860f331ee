/** Why a form could not be sent; each has its own message for the visitor. */
export type FailureKind =
  'server' | 'rejected' | 'rate-limit' | 'too-soon' | 'timeout' | 'offline' | 'network';

export class SendFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    /** HTTP status, when the service answered. */
    readonly status?: number,
    /** How long the service asked us to wait before trying again (Retry-After), in ms. */
    readonly retryAfterMs?: number,
  ) {
    super(status === undefined ? `Sending failed: ${kind}` : `Sending failed: ${kind} (HTTP ${status})`);
    this.name = 'SendFailure';
  }
}

/** How long a visitor waits for an answer before being told, and offered the other ways to reach us. */
export const SEND_TIMEOUT_MS = 15_000;

/**
 * Failures worth trying again with the same submission: the request did not get through,
 * or the service could not take it now. Anything else the service refused is shown instead.
 */
const RETRYABLE: ReadonlySet<FailureKind> = new Set([
  'server',
  'rate-limit',
  'timeout',
  'offline',
  'network',
]);

export function isRetryable(failure: SendFailure): boolean {
  return RETRYABLE.has(failure.kind);
}

/** Retry-After as seconds or an HTTP date, in ms from `now`; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now: number): number | undefined {
  const value = header?.trim() ?? '';
  if (value === '') return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const when = Date.parse(value);
  return Number.isNaN(when) ? undefined : Math.max(0, when - now);
}

export function failureForStatus(status: number, retryAfter?: number): SendFailure {
  if (status === 429) return new SendFailure('rate-limit', status, retryAfter);
  return new SendFailure(status >= 500 ? 'server' : 'rejected', status, retryAfter);
}

/** A request that never got an answer: the visitor's connection, or the service unreachable. */
export function connectionFailure(): SendFailure {
  return new SendFailure(typeof navigator !== 'undefined' && !navigator.onLine ? 'offline' : 'network');
}

/** Anything a send threw, as a SendFailure: a failed fetch or import is a connection failure. */
export function asSendFailure(error: unknown): SendFailure {
  if (error instanceof SendFailure) return error;
  if (error instanceof TypeError) return connectionFailure();
  return new SendFailure('rejected');
}

/** `work`'s result, or undefined once SEND_TIMEOUT_MS have passed (the work itself goes on). */
export function withinTimeout<T>(work: Promise<T>): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), SEND_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
