import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { REVEAL_OFFSET_PX } from '../../app/constants';
import styles from './Reveal.module.css';

/**
 * Fades its content in, sliding from one side, when it scrolls into view.
 * - `from`: the side it comes from: left, right or up (default).
 * - `as`: the element to render (default div).
 * Content is visible as rendered on the server: it is hidden only once the script runs,
 * only while it is still below the fold, and never when reduced motion is asked for.
 */
export interface RevealProps {
  from?: 'left' | 'right' | 'up';
  as?: 'div' | 'section' | 'article' | 'li';
  className?: string;
  children: ReactNode;
}

export function Reveal({ from = 'up', as: Element = 'div', className, children }: RevealProps) {
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    // Where the element is comes from the observer's first report, not from measuring it here:
    // a measure per element, each after the previous one's write, lays the page out again and
    // again while it starts. The phase lives on the element, not in React state: it changes
    // nothing React renders.
    let first = true;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        const below = entry.boundingClientRect.top >= (entry.rootBounds?.bottom ?? window.innerHeight);
        if (first) {
          first = false;
          // Anything the visitor can already see, or has scrolled past, stays put: hiding it would flash.
          if (below) element.dataset.reveal = 'waiting';
          else observer.disconnect();
        } else if (entry.isIntersecting) {
          element.dataset.reveal = 'shown';
          observer.disconnect();
        }
      },
      { rootMargin: `0px 0px -${REVEAL_OFFSET_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const classes = [styles.reveal, styles[from], className].filter(Boolean).join(' ');
  return (
    <Element ref={ref as never} className={classes}>
      {children}
    </Element>
  );
}
