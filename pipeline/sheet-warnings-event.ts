/**
 * What the sheets plugin (node) and the preview's warnings panel (browser)
 * say to each other over Vite's socket; a module of its own, as the panel
 * cannot load the plugin's node imports.
 */

/** The event carrying the sheets' warnings to the panel, and the panel's request for them. */
export const WARNINGS_EVENT = 'brokerage:sheet-warnings';
export const WARNINGS_REQUEST = 'brokerage:sheet-warnings-request';

/** One warning as the panel lists it: where, and what to do. */
export interface SheetWarning {
  place: string;
  message: string;
}
