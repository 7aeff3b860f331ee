import { preload } from 'react-dom';
import { useImage } from '../../app/images-context';
import type { ImageAsset } from '../../schema/site';
import styles from './Picture.module.css';

/**
 * A picture named by a sheet, with its generated AVIF/WebP widths.
 * - `src`: the path as written in the sheet (relative to sheets/images); it must be
 *   part of the page's data (the route's `load`) so the page ships its size and files.
 * - `alt`: what the picture shows; "" for decoration.
 * - `sizes`: how wide it is drawn, as in <img sizes> (default 100vw).
 * - `priority`: the page's main (LCP) picture: loaded eagerly, with high priority, preloaded.
 * - `className`: applied to the <img>.
 */
export interface PictureProps {
  src: string;
  alt: string;
  sizes?: string;
  priority?: boolean;
  className?: string;
}

function srcSet(asset: ImageAsset, format: 'avif' | 'webp'): string {
  return asset.variants
    .filter((v) => v.format === format)
    .map((v) => `${v.url} ${v.width}w`)
    .join(', ');
}

export function Picture({ src, alt, sizes = '100vw', priority = false, className }: PictureProps) {
  const asset = useImage(src);
  if (!asset) throw new Error(`Picture "${src}" is not in this page's data: name it in the route's load().`);
  const avif = srcSet(asset, 'avif');
  const webp = srcSet(asset, 'webp');
  if (priority) {
    preload(asset.url, {
      as: 'image',
      fetchPriority: 'high',
      ...(avif ? { imageSrcSet: avif, imageSizes: sizes, type: 'image/avif' } : {}),
    });
  }
  return (
    <picture className={styles.picture}>
      {avif ? <source type="image/avif" srcSet={avif} sizes={sizes} /> : null}
      {webp ? <source type="image/webp" srcSet={webp} sizes={sizes} /> : null}
      <img
        src={asset.url}
        width={asset.width}
        height={asset.height}
        alt={alt}
        className={className}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding={priority ? 'sync' : 'async'}
        elementtiming={priority ? 'lead-picture' : undefined}
      />
    </picture>
  );
}
