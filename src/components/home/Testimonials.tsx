import type { CSSProperties } from 'react';
import { Suspense, useState, useSyncExternalStore } from 'react';
import { TESTIMONIAL_GAP_PX } from '../../app/constants';
import { lazyWithRetry } from '../../app/lazy-with-retry';
import type { HomeData } from '../../data/page-data/home-data';
import { Picture } from '../ui/Picture';
import { Section } from '../ui/Section';
import { useNear } from '../ui/use-near';
import { TestimonialList } from './TestimonialList';
import styles from './Testimonials.module.css';

/**
 * Swiper is fetched only by wide screens, and only as the section comes near; while it cannot be
 * (the connection lost), the reviews stay a list and it is fetched again when the connection returns.
 */
const TestimonialCarousel = lazyWithRetry(
  () => import('./TestimonialCarousel'),
  (m) => m.TestimonialCarousel,
);

const SECTION_ID = 'testimonials';
const WIDE = '(min-width: 768px)';
const subscribeWide = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/**
 * WHAT OUR CLIENTS SAY: the owner's picture beside the reviews in a carousel, on medium screens and
 * up only: on a phone the reviews would push the listings a screen further down. Until the carousel has loaded, the reviews are a plain list.
 */
export function Testimonials({
  testimonials,
  ownerPhoto,
}: {
  testimonials: HomeData['testimonials'];
  ownerPhoto: string;
}) {
  const wide = useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
  const near = useNear(SECTION_ID);
  // Swapping the list out from under a visitor's focus would drop them at the top of the page.
  const [listFocused, setListFocused] = useState(false);

  const list = (
    <TestimonialList
      testimonials={testimonials}
      onFocus={() => setListFocused(true)}
      onBlur={() => setListFocused(false)}
    />
  );
  return (
    <Section
      title="WHAT OUR CLIENTS SAY"
      kicker="Testimonials"
      tone="ivory"
      id={SECTION_ID}
      className={styles.section}
    >
      <div
        className={styles.layout}
        style={{ '--testimonial-gap': `${TESTIMONIAL_GAP_PX}px` } as CSSProperties}
      >
        <div className={styles.owner}>
          <Picture src={ownerPhoto} alt="" sizes="(min-width: 768px) 320px, 0px" className={styles.photo} />
        </div>
        <div className={styles.reviews}>
          <Suspense fallback={list}>
            {wide && near && !listFocused ? <TestimonialCarousel testimonials={testimonials} /> : list}
          </Suspense>
        </div>
      </div>
    </Section>
  );
}
