/**
 * The timings and distances the scripts act on, named once. Values only styles
 * use (the marquee's cycle, the locality hero's offset) live in tokens.css.
 */

/** The enquiry pop-up opens by itself this long after a page loads. */
export const POPUP_DELAY_MS = 3000;

/** Past this scroll offset the header turns gold. */
export const HEADER_SCROLL_THRESHOLD_PX = 80;

/** Opacity of the header bar in its scrolled (gold) state. */
export const HEADER_SCROLLED_OPACITY = 0.9;

/** A section fades in once its top is this far above the bottom of the viewport. */
export const REVEAL_OFFSET_PX = 150;

/** Scroll handling is throttled to once per this interval. */
export const SCROLL_THROTTLE_MS = 50;

/** Count-up statistics run from 0 to their target in this time. */
export const COUNT_UP_DURATION_MS = 10_000;

/** Testimonial carousel: time each slide stays, and the gap between slides. */
export const TESTIMONIAL_AUTOPLAY_MS = 5000;
export const TESTIMONIAL_GAP_PX = 30;

/** Project gallery: thumbnails visible under the main slider, and the gap between slides. */
export const GALLERY_THUMBNAILS = 5;
export const GALLERY_GAP_PX = 10;
