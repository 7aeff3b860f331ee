/**
 * SVG pictures from sheets/images are published only after DOMPurify (run on
 * jsdom) has cleaned them: an SVG opened on its own is a document that can run
 * scripts, on any host that ignores the `_headers` file's sandbox policy.
 *
 * Removed: scripts, event attributes (onload, onclick…), foreignObject and
 * animations that could set them, javascript: links, and every reference to
 * another file (href, xlink:href and url(…) that do not point inside the SVG
 * itself, @import in a style element). A logo drawn with shapes, text, classes,
 * gradients and <use href="#…"> keeps its look.
 */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

const purify = createDOMPurify(new JSDOM('').window);

const REFERENCE_ATTRIBUTES = new Set(['href', 'xlink:href']);
/** url(…) pointing anywhere but at an element of the same SVG (url(#gradient)). */
const EXTERNAL_URL = /url\(\s*(?!['"]?#)/i;

purify.addHook('uponSanitizeAttribute', (_node, data) => {
  const value = data.attrValue.trim();
  const external = REFERENCE_ATTRIBUTES.has(data.attrName)
    ? !value.startsWith('#')
    : EXTERNAL_URL.test(value);
  if (external) data.keepAttr = false;
});

purify.addHook('uponSanitizeElement', (node, data) => {
  if (data.tagName === 'style' && /@import|url\(\s*(?!['"]?#)/i.test(node.textContent ?? ''))
    node.parentNode?.removeChild(node);
});

const CONFIG = {
  USE_PROFILES: { svg: true, svgFilters: true },
  // <use> is how drawing tools repeat a shape; its references are kept to the same file above.
  ADD_TAGS: ['use'],
  FORBID_TAGS: ['foreignObject'],
};

/**
 * The SVG with everything that could run or load removed, or null when no
 * <svg> element is left (the file was not an SVG drawing).
 */
export function sanitiseSvg(text: string): string | null {
  // Text around the drawing (what is left of an XML prolog or a DOCTYPE) is dropped with it.
  const svg = purify.sanitize(text, { ...CONFIG, RETURN_DOM_FRAGMENT: true }).querySelector('svg');
  if (svg === null) return null;
  // The HTML serialiser writes a non-breaking space as &nbsp;, an entity XML does not know.
  return `${svg.outerHTML.replace(/&nbsp;/g, '&#160;')}\n`;
}
