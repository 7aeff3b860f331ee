import { useEffect, useState } from 'react';
import type { LeadRow } from '../../schema/staff';

/**
 * How many of `leads` arrived after the inbox first showed (or after `markSeen`), and the
 * tab title counting them: "(2) Leads · Staff console".
 */
export function useNewCount(leads: readonly LeadRow[] | undefined, title: string) {
  const [seen, setSeen] = useState<ReadonlySet<string> | null>(null);
  // The first rows to arrive are the ones already there: none of them is new.
  if (leads !== undefined && seen === null) setSeen(new Set(leads.map((lead) => lead.id)));
  const fresh = seen === null ? [] : (leads ?? []).filter((lead) => !seen.has(lead.id));
  const count = fresh.length;

  useEffect(() => {
    document.title = `${count > 0 ? `(${count}) ` : ''}${title} · Staff console`;
  }, [count, title]);

  return {
    count,
    isNew: (id: string) => fresh.some((lead) => lead.id === id),
    markSeen: () => setSeen(new Set((leads ?? []).map((lead) => lead.id))),
  };
}
