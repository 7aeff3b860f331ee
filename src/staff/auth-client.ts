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
