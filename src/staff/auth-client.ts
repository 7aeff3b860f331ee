/** better-auth's browser client for the console's sign-in endpoints (server/staff/auth.ts). */
import { createAuthClient } from 'better-auth/client';
import { emailOTPClient } from 'better-auth/client/plugins';
import { UNREACHABLE } from './api';

export const authClient = createAuthClient({
  baseURL: location.origin,
  basePath: '/staff/api/auth',
  plugins: [emailOTPClient()],
});

/**
 * Runs a call of the auth client. A refusal comes back as its `error`; a dropped connection
 * throws the browser's own words, which become the console's.
 */
export async function reach<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch {
    throw new Error(UNREACHABLE);
  }
}

/** When the member's session ends (12 hours after they signed in): the console then asks again. */
export async function sessionEnd(): Promise<Date | null> {
  const { data, error } = await reach(() => authClient.getSession());
  if (error) throw new Error(error.message ?? 'The session could not be read; reload the page.');
  return data === null ? null : new Date(data.session.expiresAt);
}
