import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { AuditChoicesSchema, AuditPageSchema } from '../../schema/staff';
import { api } from '../api';

/** Whose entries and which kind of action to show; empty means all. */
export interface AuditFilter {
  actor: string;
  action: string;
}

/** The audit log under `filter`, newest first, a page at a time (admins only). */
export function useAudit(filter: AuditFilter) {
  return useInfiniteQuery({
    queryKey: ['audit', filter.actor, filter.action],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams(Object.entries(filter).filter(([, value]) => value !== ''));
      if (pageParam !== null) params.set('before', pageParam);
      return api(`/audit?${params}`, AuditPageSchema, { signal });
    },
    getNextPageParam: (page) => page.next,
  });
}

/** The members and kinds of action the log holds, for its filters. */
export function useAuditChoices() {
  return useQuery({
    queryKey: ['audit', 'choices'],
    queryFn: ({ signal }) => api('/audit/choices', AuditChoicesSchema, { signal }),
  });
}
