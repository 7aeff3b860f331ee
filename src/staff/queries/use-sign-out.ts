import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient, reach } from '../auth-client';

/**
 * Signs the member out. The console's own calls are dropped first: one the service answered
 * after the session ended would send the member to sign in again, back to the screen they left.
 * While it runs, the App shows no screen, so nothing asks again (the inbox polls).
 */
export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await client.cancelQueries();
      const { error } = await reach(() => authClient.signOut());
      if (error) throw new Error(error.message ?? 'Signing out failed; try again.');
    },
    onSuccess: () => window.location.assign('/staff/sign-in'),
  });
}
