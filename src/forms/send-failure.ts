/** Why a form could not be sent; each has its own message for the visitor. */
export type FailureKind = 'server' | 'rejected' | 'rate-limit' | 'timeout' | 'offline' | 'network';

export class SendFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    /** HTTP status, when the service answered. */
    readonly status?: number,
  ) {
    super(status === undefined ? `Sending failed: ${kind}` : `Sending failed: ${kind} (HTTP ${status})`);
    this.name = 'SendFailure';
  }
}

/** How long a visitor waits for an answer before being offered the other ways to reach us. */
export const SEND_TIMEOUT_MS = 15_000;

export function failureForStatus(status: number): SendFailure {
  if (status === 429) return new SendFailure('rate-limit', status);
  return new SendFailure(status >= 500 ? 'server' : 'rejected', status);
}

/** A request that never got an answer: the visitor's connection, or the service unreachable. */
export function connectionFailure(): SendFailure {
  return new SendFailure(typeof navigator !== 'undefined' && !navigator.onLine ? 'offline' : 'network');
}

/** Rejects with a timeout failure if `work` has not settled within SEND_TIMEOUT_MS. */
export function withTimeout<T>(work: Promise<T>, onTimeout?: () => void): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout?.();
      reject(new SendFailure('timeout'));
    }, SEND_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
