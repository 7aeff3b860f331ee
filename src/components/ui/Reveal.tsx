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
    // Anything the visitor can already see stays put: hiding it now would flash.
    if (element.getBoundingClientRect().top < window.innerHeight - REVEAL_OFFSET_PX) return;
    // The phase lives on the element, not in React state: it changes nothing React renders.
    element.dataset.reveal = 'waiting';
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
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
