/** better-auth's browser client for the console's sign-in endpoints (server/staff/auth.ts). */
import { createAuthClient } from 'better-auth/client';
import { emailOTPClient } from 'better-auth/client/plugins';

export const authClient = createAuthClient({
  baseURL: location.origin,
  basePath: '/staff/api/auth',
  plugins: [emailOTPClient()],
});
