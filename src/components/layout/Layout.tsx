import type { ReactNode } from 'react';
import { Suspense, useCallback, useEffect, useRef } from 'react';
import { EnquiryContext } from '../../app/enquiry-context';
import { watchOutbox } from '../../forms/outbox-watch';
import { warmForms } from '../../forms/use-submission';
import { notePopupOpened } from '../../forms/visit';
import { PageNotice } from '../forms/PageNotice';
import { ActionBar } from './ActionBar';
import { EnquiryPopup } from './EnquiryPopup';
import { HydrationMark } from './HydrationMark';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { SkipLink } from './SkipLink';

/**
 * The frame of every page: header, the page inside <main> (the skip link's target),
 * footer, the action bar (Call, WhatsApp, Enquire Now) and the pop-up. Pages render their sections, not a <main> of their own.
 *
 * Each region is a Suspense boundary of its own. Nothing in them suspends: the boundaries let
 * React hydrate the regions in short slices after the frame, instead of one long task that
 * freezes a slow phone, and hydrate first whichever region the visitor touches.
 */
export function Layout({ children }: { children: ReactNode }) {
  const popup = useRef<HTMLDialogElement>(null);
  const openEnquiry = useCallback(() => {
    const dialog = popup.current;
    if (dialog && !dialog.open) dialog.showModal();
    notePopupOpened();
    warmForms();
  }, []);

  // Every page opens at its top, even when the browser would restore a scroll position: a visitor arriving from a link starts at the page's heading.
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    if (window.location.hash === '') window.scrollTo(0, 0);
  }, []);

  // Enquiries saved on this phone are sent on every page view and when the connection returns.
  useEffect(() => watchOutbox(), []);

  return (
    <EnquiryContext value={openEnquiry}>
      <SkipLink />
      <Suspense>
        <SiteHeader />
      </Suspense>
      <main id="main" tabIndex={-1}>
        <Suspense>{children}</Suspense>
      </main>
      <Suspense>
        <SiteFooter />
        <ActionBar />
        <EnquiryPopup dialogRef={popup} />
        <PageNotice />
        <HydrationMark />
      </Suspense>
    </EnquiryContext>
  );
}
