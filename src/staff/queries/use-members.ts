import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      api(`/members/${encodeURIComponent(email)}`, StaffMemberSchema, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
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
