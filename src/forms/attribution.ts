/**
 * Where a visit came from, sent with each lead (the privacy policy tells visitors): the
 * referrer and the utm_* parameters of the visit's first page, kept for the tab's session,
 * and the page where the form was sent. Imports nothing, so the entry script can call
 * rememberLanding before React arrives.
 */
const LANDING_KEY = 'enquiry-landing';

export interface Attribution {
  /** Absolute address of the page where the visitor submitted. */
  page: string;
  /** The referrer of the visit's first page, when another site sent the visitor. */
  referrer?: string;
  /** The utm_* parameters of the visit's first page, as a query string. */
  utm?: string;
}

type Landing = Omit<Attribution, 'page'>;

function session(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The landing's referrer and UTM parameters, from its address and referrer; pure. */
export function landingOf(href: string, referrer: string): Landing {
  const url = new URL(href);
  const utm = new URLSearchParams([...url.searchParams].filter(([key]) => key.startsWith('utm_')));
  // A referrer on this site means the visit began earlier, in another tab: it names no source.
  const external = referrer !== '' && URL.canParse(referrer) && new URL(referrer).origin !== url.origin;
  return {
    ...(external ? { referrer } : {}),
    ...(utm.size > 0 ? { utm: utm.toString() } : {}),
  };
}

/** Called on every page view; only the first page of the tab's visit is remembered. */
export function rememberLanding(): void {
  const store = session();
  if (!store || store.getItem(LANDING_KEY) !== null) return;
  try {
    store.setItem(LANDING_KEY, JSON.stringify(landingOf(window.location.href, document.referrer)));
  } catch {
    // Storage full or refused: leads are then sent without attribution.
  }
}

/** What to send with a submission made now, on this page. */
export function currentAttribution(): Attribution {
  let landing: Landing = {};
  try {
    landing = JSON.parse(session()?.getItem(LANDING_KEY) ?? '{}') as Landing;
  } catch {
    landing = {};
  }
  return { page: window.location.href, ...landing };
}
