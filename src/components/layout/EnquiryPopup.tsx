import type { RefObject } from 'react';
import { useEffect, useId } from 'react';
import { POPUP_DELAY_MS } from '../../app/constants';
import { LeadPopupForm } from '../forms/LeadPopupForm';
import styles from './EnquiryPopup.module.css';

/** Whether the visitor is typing in a form on the page. */
function typing(): boolean {
  return document.activeElement?.matches('input, textarea, select') ?? false;
}

/**
 * In `npm run dev`, Vite shows a sheet's mistakes in its error overlay; a modal dialog sits in the
 * top layer, above anything else, and would hide them from the sales person previewing an edit.
 */
const ERROR_OVERLAY = 'vite-error-overlay';
const errorShown = () => import.meta.env.DEV && document.querySelector(ERROR_OVERLAY) !== null;

/**
 * The enquiry pop-up of every page: a modal <dialog>, so focus moves into it, stays there,
 * Escape closes it and focus returns where it was. It opens by itself once, POPUP_DELAY_MS
 * after the page loads (unless it is already open, or the visitor is busy typing in another
 * form, which it would interrupt, or the development server is showing an error), and from
 * Enquire Now through the Layout.
 */
export function EnquiryPopup({ dialogRef }: { dialogRef: RefObject<HTMLDialogElement | null> }) {
  const titleId = useId();

  useEffect(() => {
    const timer = setTimeout(() => {
      const dialog = dialogRef.current;
      if (dialog && !dialog.open && !typing() && !errorShown()) dialog.showModal();
    }, POPUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [dialogRef]);

  // Development only: the pop-up gives way to the error overlay the moment it appears.
  useEffect(() => {
    if (!import.meta.env.DEV) return;
    const observer = new MutationObserver(() => {
      if (errorShown()) dialogRef.current?.close();
    });
    observer.observe(document.body, { childList: true });
    return () => observer.disconnect();
  }, [dialogRef]);

  const close = () => dialogRef.current?.close();

  return (
    <dialog ref={dialogRef} className={styles.popup} aria-labelledby={titleId}>
      <div className={styles.head}>
        <p className={styles.tagline}>TO GET BEST PRICE ON PROPERTY</p>
        <h2 id={titleId} className={styles.title}>
          Share your Contact Details
        </h2>
      </div>
      <div className={styles.body}>
        <LeadPopupForm onCancel={close} onSent={close} />
      </div>
    </dialog>
  );
}
