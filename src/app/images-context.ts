import { createContext, useContext } from 'react';
import type { ImageAsset } from '../schema/site';

export const ImagesContext = createContext<Record<string, ImageAsset>>({});

/** The generated files and size of a picture named by a sheet. */
export function useImage(src: string): ImageAsset | undefined {
  return useContext(ImagesContext)[src];
}
