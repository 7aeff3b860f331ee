import { useQuery } from '@tanstack/react-query';
import { StaffMemberSchema } from '../../schema/staff';
import { api } from '../api';

/** The signed-in member (id, email, name, role); a visitor is sent to sign in. */
export function useMe() {
  return useQuery({
    queryKey: ['me'],
    queryFn: ({ signal }) => api('/me', StaffMemberSchema, { signal }),
    staleTime: 60_000,
  });
}
