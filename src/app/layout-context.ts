import { createContext, useContext } from 'react';
import type { LayoutData } from './payload';

export const LayoutContext = createContext<LayoutData | null>(null);

/** Site settings and navigation, available to every component of every page. */
export function useLayout(): LayoutData {
  const layout = useContext(LayoutContext);
  if (layout === null) throw new Error('useLayout() used outside <Document>.');
  return layout;
}
