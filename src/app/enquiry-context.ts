import { createContext, useContext } from 'react';

/** Opens the enquiry pop-up; a no-op until the page has hydrated. */
export const EnquiryContext = createContext<() => void>(() => {});

/** The function that opens the enquiry pop-up (Enquire Now, /testcode's button). */
export function useOpenEnquiry(): () => void {
  return useContext(EnquiryContext);
}
