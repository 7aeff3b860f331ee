import { createContext, useContext } from 'react';

/**
 * The path of the page being shown, percent-encoded as the browser sends it. Every page is
 * its own pre-rendered document, so the path is fixed for the page's life: no router needed.
 */
export const PagePathContext = createContext('/');

export const usePagePath = (): string => useContext(PagePathContext);
