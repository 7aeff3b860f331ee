import type { RefObject } from 'react';
import { useEffect, useId } from 'react';
import { POPUP_DELAY_MS } from '../../app/constants';
import { warmForms } from '../../forms/use-submission';
import { notePopupOpened, popupMayOpenByItself } from '../../forms/visit';
import { LeadPopupForm } from '../forms/LeadPopupForm';
import { Icon } from '../ui/Icon';
import styles from './EnquiryPopup.module.css';
import { useHydrated } from './use-hydrated';

/** Whether the visitor is typing in a form on the page. */
function typing(): boolean {
  return document.activeElement?.matches('input, textarea, select') ?? false;
}

/** Whether a menu (the phone's, or a desktop drop-down) or another dialog is open, which the pop-up would cover. */
function otherLayerOpen(): boolean {
  return document.querySelector('dialog[open], details[data-menu][open]') !== null;
}

/**
 * In `npm run dev`, Vite shows a sheet's mistakes in its error overlay; a modal dialog sits in the
 * top layer, above anything else, and would hide them from the sales person previewing an edit.
 */
const ERROR_OVERLAY = 'vite-error-overlay';
const errorShown = () => import.meta.env.DEV && document.querySelector(ERROR_OVERLAY) !== null;

/**
 * The enquiry pop-up of every page: a modal <dialog>, so focus moves into it, stays there,
 * Escape, Cancel and × close it and focus returns where it was. It opens by itself
 * POPUP_DELAY_MS after the page loads, at most once per visit and never once a lead was sent
 * from this device (forms/visit.ts); not on a page where, when the time comes, a menu or another
 * dialog is open, the visitor is busy typing in another form, which it would interrupt, or the
 * development server is showing an error. Enquire Now opens it every time, through the Layout.
 *
 * It is rendered once the page has hydrated: only script opens it, and written into the HTML it
 * would lengthen every page its lead picture waits for. Only it renders again then, not the frame.
 */
export function EnquiryPopup({ dialogRef }: { dialogRef: RefObject<HTMLDialogElement | null> }) {
  const titleId = useId();
  const hydrated = useHydrated();

  useEffect(() => {
    const timer = setTimeout(() => {
      const dialog = dialogRef.current;
      if (!dialog || dialog.open || typing() || otherLayerOpen() || errorShown() || !popupMayOpenByItself())
        return;
      dialog.showModal();
      notePopupOpened();
      warmForms();
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

  if (!hydrated) return null;
  return (
    <dialog ref={dialogRef} className={styles.popup} aria-labelledby={titleId}>
      <button type="button" className={styles.close} onClick={close} aria-label="Close">
        <Icon name="close" size={20} />
      </button>
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
