import 'react';

declare module 'react' {
  /**
   * Chromium's Element Timing: an image so named reports when it has painted, which the boot
   * script waits for before fetching anything more (src/app/boot.ts).
   */
  interface ImgHTMLAttributes<T> extends HTMLAttributes<T> {
    elementtiming?: string | undefined;
  }
}
