/**
 * What the device remembers for the enquiry pop-up: whether it has opened in this visit (the
 * tab's session) and whether a lead was ever sent from here. Each is kept in memory too, for the
 * page at hand, since some private modes throw on any access to storage.
 */

type StorageKind = 'localStorage' | 'sessionStorage';

const POPUP_OPENED_KEY = 'enquiry-popup-opened';
const LEAD_SENT_KEY = 'enquiry-lead-sent';

const remembered = { popupOpened: false, leadSent: false };

/** Whether `key` is set in the storage; undefined when the browser refuses it. */
function stored(kind: StorageKind, key: string): boolean | undefined {
  try {
    return window[kind].getItem(key) !== null;
  } catch {
    return undefined;
  }
}

function store(kind: StorageKind, key: string): void {
  try {
    window[kind].setItem(key, '1');
  } catch {
    // Remembered for this page only.
  }
}

/**
 * Whether the pop-up may open by itself: not yet opened in this visit and no lead ever sent
 * from this device. Where storage cannot say, it does not: with nothing to remember it by, it
 * would open again on every page.
 */
export function popupMayOpenByItself(): boolean {
  if (remembered.popupOpened || remembered.leadSent) return false;
  return (
    stored('sessionStorage', POPUP_OPENED_KEY) === false && stored('localStorage', LEAD_SENT_KEY) === false
  );
}

/** The pop-up has opened, by itself or from Enquire Now: the visitor has seen it in this visit. */
export function notePopupOpened(): void {
  remembered.popupOpened = true;
  store('sessionStorage', POPUP_OPENED_KEY);
}

/** The lead service accepted a lead from this device: the pop-up need never ask again by itself. */
export function noteLeadSent(): void {
  remembered.leadSent = true;
  store('localStorage', LEAD_SENT_KEY);
}
