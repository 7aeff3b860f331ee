import type { ReactNode } from 'react';
import { useCallback, useEffect, useRef } from 'react';
import { EnquiryContext } from '../../app/enquiry-context';
import { EnquireNow } from './EnquireNow';
import { EnquiryPopup } from './EnquiryPopup';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { SkipLink } from './SkipLink';

/**
 * The frame of every page: header, the page inside <main> (the skip link's target),
 * footer, Enquire Now and the pop-up. Pages render their sections, not a <main> of their own.
 */
export function Layout({ children }: { children: ReactNode }) {
  const popup = useRef<HTMLDialogElement>(null);
  const openEnquiry = useCallback(() => {
    const dialog = popup.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  // Every page opens at its top (spec 2.1), even when the browser would restore a scroll position.
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    if (window.location.hash === '') window.scrollTo(0, 0);
    // Tells browser tests that the page's script has taken over.
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  return (
    <EnquiryContext value={openEnquiry}>
      <SkipLink />
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <EnquireNow />
      <EnquiryPopup dialogRef={popup} />
    </EnquiryContext>
  );
}
