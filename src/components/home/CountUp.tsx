import { useEffect, useRef } from 'react';
import { COUNT_UP_DURATION_MS } from '../../app/constants';
import { formatStatistic } from '../../data/format';
import { countUpValue } from './count-up';
import styles from './CountUp.module.css';

/**
 * A figure that counts up from 0 when it scrolls into view. The page as
 * rendered (and a screen reader, always) has the final figure; the moving
 * figure is for eyes only and never runs under reduced motion. Frames are
 * written straight to the element: sixty React renders a second would buy nothing.
 */
export function CountUp({ value, suffix }: { value: number; suffix: string | null }) {
  const shown = useRef<HTMLSpanElement>(null);
  const final = formatStatistic(value, suffix);

  useEffect(() => {
    const element = shown.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    let frame = 0;
    const show = (figure: number) => {
      element.textContent = formatStatistic(figure, suffix);
    };
    show(0);
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      const start = performance.now();
      const tick = (now: number) => {
        show(countUpValue(value, now - start, COUNT_UP_DURATION_MS));
        if (now - start < COUNT_UP_DURATION_MS) frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      show(value);
    };
  }, [value, suffix]);

  return (
    <span className={styles.figure}>
      <span className="visually-hidden">{final}</span>
      <span aria-hidden="true" className={styles.sizer}>
        {final}
      </span>
      <span ref={shown} aria-hidden="true" className={styles.shown}>
        {final}
      </span>
    </span>
  );
}
