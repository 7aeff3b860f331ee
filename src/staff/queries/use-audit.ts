import { useInfiniteQuery } from '@tanstack/react-query';
import { AuditPageSchema } from '../../schema/staff';
import { api } from '../api';

/** The audit log, newest first, a page at a time (admins only). */
export function useAudit() {
  return useInfiniteQuery({
    queryKey: ['audit'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api(pageParam === null ? '/audit' : `/audit?before=${pageParam}`, AuditPageSchema, { signal }),
    getNextPageParam: (page) => page.next,
  });
}
