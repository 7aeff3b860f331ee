import type { NavLink } from '../../routes/route';
import { localityPath } from '../../data/links';
import type { LocalityLink } from '../../data/localities';
import { countLabel } from '../../data/localities';
import type { LinkListItem } from './LinkList';

/** Each locality page with its property count. */
export function localityItems(localities: readonly LocalityLink[]): LinkListItem[] {
  return localities.map((l) => ({ href: localityPath(l.route), label: l.name, note: countLabel(l.count) }));
}

/** Menu links as list items without a second line. */
export function navItems(links: readonly NavLink[]): LinkListItem[] {
  return links.map((link) => ({ ...link, note: null }));
}
