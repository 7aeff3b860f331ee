import { FETCHED_FONTS_KEY, boot } from './boot';

/**
 * The boot script's source: the same text on every page, so the content policy allows it by one
 * hash (pipeline/headers.ts). A build writes it minified (PageAssets.boot). A module of its own,
 * for the server alone: the entry imports boot.ts for its storage key, and this line would bring
 * the whole function into the entry's file.
 */
export const BOOT_SCRIPT = `(${boot.toString()})(${JSON.stringify(FETCHED_FONTS_KEY)})`;
