import type { NavLink } from '../../routes/route';

/** Paths compared as the browser shows them, ignoring a trailing slash. */
export const normalise = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path);

/** aria-current for a menu link: "page" on the link to the page being shown. */
export function currentFor(link: NavLink, pathname: string): 'page' | undefined {
  return normalise(link.href) === normalise(pathname) ? 'page' : undefined;
}
