import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InboxFilter, LeadChange, LeadDetail } from '../../schema/staff';
import {
  DueCountsSchema,
  LeadConflictSchema,
  LeadDetailSchema,
  LeadNoteSchema,
  LeadPageSchema,
  ProjectListSchema,
} from '../../schema/staff';
import { INBOX_POLL_MS, searchFromFilter } from '../../data/staff';
import { api, ApiError } from '../api';

/** The inbox under `filter`, newest first, a page at a time, asked again every 10 s. */
export function useLeads(filter: InboxFilter) {
  const search = searchFromFilter(filter);
  return useInfiniteQuery({
    queryKey: ['leads', search],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams(search);
      if (pageParam !== null) params.set('after', pageParam);
      return api(`/leads?${params}`, LeadPageSchema, { signal });
    },
    getNextPageParam: (page) => page.next,
    refetchInterval: INBOX_POLL_MS,
    refetchIntervalInBackground: true,
  });
}

/** Open leads' follow-ups due today and overdue, for the navigation: asked again as the inbox is. */
export function useDueCounts() {
  return useQuery({
    queryKey: ['leads', 'due'],
    queryFn: ({ signal }) => api('/leads/due', DueCountsSchema, { signal }),
    refetchInterval: INBOX_POLL_MS,
    refetchIntervalInBackground: true,
  });
}

/** The projects enquiries name, for the inbox's Project list. */
export function useProjects() {
  return useQuery({
    queryKey: ['leads', 'projects'],
    queryFn: ({ signal }) => api('/leads/projects', ProjectListSchema, { signal }),
  });
}

/** One lead in full, asked again as the inbox is: a colleague's change or note shows without a reload. */
export function useLead(id: string) {
  return useQuery({
    queryKey: ['lead', id],
    queryFn: ({ signal }) => api(`/leads/${id}`, LeadDetailSchema, { signal }),
    refetchInterval: INBOX_POLL_MS,
    refetchIntervalInBackground: true,
  });
}

/**
 * Changes a lead. When someone else changed it first, the server refuses (409): the lead
 * as it now stands replaces the stale one on screen, and the error says who changed what.
 */
export function useChangeLead(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: LeadChange) =>
      api(`/leads/${id}`, LeadDetailSchema, { method: 'PATCH', body: change }),
    onSuccess: (lead) => {
      client.setQueryData<LeadDetail>(['lead', id], lead);
      void client.invalidateQueries({ queryKey: ['leads'] });
    },
    onError: (error) => {
      const conflict =
        error instanceof ApiError && error.status === 409 ? LeadConflictSchema.safeParse(error.body) : null;
      if (conflict?.success) client.setQueryData<LeadDetail>(['lead', id], conflict.data.lead);
    },
  });
}

export function useAddNote(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api(`/leads/${id}/notes`, LeadNoteSchema, { method: 'POST', body: { body } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['lead', id] }),
  });
}
