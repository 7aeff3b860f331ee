/**
 * How the outcome of a send reaches the visitor: the form that sent it, while it is on
 * the page and watching, or else a notice in the page (a pop-up closed mid-send, or a
 * submission saved on an earlier page view that has now gone through).
 */
import { useSyncExternalStore } from 'react';
import type { SendFailure } from './send-failure';

/** What became of one try of a submission. */
export type Delivery =
  /** The service confirmed it; it has left the outbox. */
  | { result: 'sent' }
  /** Not yet: it is in the outbox and will be tried again. */
  | { result: 'saved'; failure: SendFailure }
  /** An email whose answer has not come in time: whether it arrived is not known yet. */
  | { result: 'waiting'; failure: SendFailure }
  /** Refused, or it could not be saved: the visitor must act. */
  | { result: 'failed'; failure: SendFailure };

/** A notice in the page about a submission no form is showing. */
export interface PageNoticeItem {
  key: number;
  delivery: Delivery;
  /** The confirmation to show once sent. */
  thanks: string;
  /** WhatsApp chat prefilled with what the visitor typed, when it is known. */
  chatText?: string;
}

type Watcher = (delivery: Delivery) => void;
const watchers = new Map<string, Watcher>();

/** Lets a form hear the later outcomes of its submission `id`; returns the way to stop. */
export function watchOutcome(id: string, watcher: Watcher): () => void {
  watchers.set(id, watcher);
  return () => {
    if (watchers.get(id) === watcher) watchers.delete(id);
  };
}

let notices: readonly PageNoticeItem[] = [];
let nextKey = 1;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

export function showPageNotice(notice: Omit<PageNoticeItem, 'key'>): void {
  notices = [...notices, { ...notice, key: nextKey++ }];
  changed();
}

export function dismissPageNotice(key: number): void {
  notices = notices.filter((notice) => notice.key !== key);
  changed();
}

/**
 * Tells whoever should know: the watching form, or the page. Tries that failed again are
 * only worth a notice to a form that shows the submission; the page hears of the end.
 */
export function reportOutcome(id: string, delivery: Delivery, thanks: string): void {
  const watcher = watchers.get(id);
  if (watcher) watcher(delivery);
  else if (delivery.result === 'sent' || delivery.result === 'failed') showPageNotice({ delivery, thanks });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const none: readonly PageNoticeItem[] = [];

/** The page's notices, newest last; none while pre-rendering. */
export function usePageNotices(): readonly PageNoticeItem[] {
  return useSyncExternalStore(
    subscribe,
    () => notices,
    () => none,
  );
}
