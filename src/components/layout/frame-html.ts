import { currentFor, normalise } from './nav-links';
import { encodePath } from '../../data/links';
import type { LayoutData } from '../../app/payload';

/** What <SlottedDocument> writes for each of its two slots. */
const FRAME_SLOT = '<template data-frame-slot=""></template>';

/** The HTML of the frame's regions around the page: the header's, and the footer's with what follows it. */
export interface FrameHtml {
  header: string;
  footer: string;
}

/**
 * What the frame's HTML depends on besides the build's layout: the menu links to the page itself,
 * which the header marks aria-current. Pages alike in it share one frame.
 */
export function frameVariant(layout: LayoutData, path: string): string {
  // Every page of a build asks: the variant of each address a menu links is found once per layout.
  let variants = variantsByLayout.get(layout);
  if (variants === undefined) {
    const links = Object.values(layout.nav).flat();
    variants = new Map(
      links.map(({ href }) => [
        normalise(href),
        links
          .filter((link) => currentFor(link, href) !== undefined)
          .map((link) => link.href)
          .join(' '),
      ]),
    );
    variantsByLayout.set(layout, variants);
  }
  return variants.get(normalise(encodePath(path))) ?? '';
}

const variantsByLayout = new WeakMap<LayoutData, Map<string, string>>();

/** The three parts of a slotted document: before the header's slot, between the slots (the page), after the footer's. */
function aroundSlots(slotted: string): [string, string, string] {
  const parts = slotted.split(FRAME_SLOT);
  if (parts.length !== 3)
    throw new Error(`A slotted document holds ${parts.length - 1} frame slots, not 2: did a page write one?`);
  return parts as [string, string, string];
}

/**
 * The frame's HTML, from one page written whole and the same page slotted. Each part of the
 * slotted page must stand in the whole one, in order and once: otherwise <SlottedDocument> no
 * longer matches <Document> and <Layout> around the page, and filling its slots would write
 * other HTML than React.
 */
export function learnFrame(whole: string, slotted: string): FrameHtml {
  const [before, page, after] = aroundSlots(slotted);
  const middle = whole.slice(before.length, whole.length - after.length);
  const at = middle.indexOf(page);
  if (!whole.startsWith(before) || !whole.endsWith(after) || at === -1 || middle.lastIndexOf(page) !== at)
    throw new Error(
      '<SlottedDocument> no longer writes what <Document> does around the page: make them alike again.',
    );
  return { header: middle.slice(0, at), footer: middle.slice(at + page.length) };
}

/** The whole page, from the page slotted and its frame's HTML: in parts, the frame's at odd places. */
export function fillFrame(slotted: string, frame: FrameHtml): string[] {
  const [before, page, after] = aroundSlots(slotted);
  return [before, frame.header, page, frame.footer, after];
}
