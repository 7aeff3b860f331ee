import { useIsMutating } from '@tanstack/react-query';
import { useEffect } from 'react';

/** The mutation key of every change this tab sends to the publisher: a publish, an undo, a restore. */
export const PUBLISH_KEY = ['sheets', 'change'] as const;

/**
 * Whether a change this tab sent is still being published. The publisher goes on whatever the
 * page does; while it runs, leaving the page makes the browser ask first (browsers show their
 * own words, so the screens say beside the running change that it continues and where it ends).
 */
export function usePublishRunning(): boolean {
  const running = useIsMutating({ mutationKey: PUBLISH_KEY }) > 0;
  useEffect(() => {
    if (!running) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    addEventListener('beforeunload', ask);
    return () => removeEventListener('beforeunload', ask);
  }, [running]);
  return running;
}
