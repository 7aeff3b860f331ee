import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { NewStaffMember, StaffRole } from '../../schema/staff';
import { StaffListSchema, StaffMemberSchema } from '../../schema/staff';
import { api } from '../api';

const KEY = ['members'];

/** Everyone who may sign in (admins only). */
export function useMembers() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => api('/members', StaffListSchema, { signal }) });
}

export function useAddMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (member: NewStaffMember) =>
      api('/members', StaffMemberSchema, { method: 'POST', body: member }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

const OpenLeadsSchema = z.object({ open: z.number().int() });

/** How many open leads `email` owns: removing them asks who takes these over. */
export function useOpenLeads(email: string) {
  return useQuery({
    queryKey: [...KEY, email, 'open-leads'],
    queryFn: ({ signal }) =>
      api(`/members/${encodeURIComponent(email)}/open-leads`, OpenLeadsSchema, { signal }),
  });
}

/** Removes a member; their open leads go to the member whose email is `handOverTo`. */
export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ email, handOverTo }: { email: string; handOverTo: string }) =>
      api(
        `/members/${encodeURIComponent(email)}${handOverTo === '' ? '' : `?handOverTo=${encodeURIComponent(handOverTo)}`}`,
        StaffMemberSchema,
        { method: 'DELETE' },
      ),
    onSuccess: () => client.invalidateQueries(),
  });
}

/** An admin changes a member's role (audited by the service). */
export function useChangeRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ email, role }: { email: string; role: StaffRole }) =>
      api(`/members/${encodeURIComponent(email)}`, StaffMemberSchema, { method: 'PATCH', body: { role } }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
