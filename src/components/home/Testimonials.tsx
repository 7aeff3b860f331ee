import type { CSSProperties } from 'react';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { TESTIMONIAL_GAP_PX } from '../../app/constants';
import type { HomeData } from '../../routes/listings';
import { Picture } from '../ui/Picture';
import { Section } from '../ui/Section';
import { useNear } from '../ui/use-near';
import { TestimonialList } from './TestimonialList';
import styles from './Testimonials.module.css';

/** Swiper is fetched only by wide screens, and only as the section comes near. */
const TestimonialCarousel = lazy(() =>
  import('./TestimonialCarousel').then((m) => ({ default: m.TestimonialCarousel })),
);

const SECTION_ID = 'testimonials';
const WIDE = '(min-width: 768px)';
const subscribeWide = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** WHAT OUR CLIENTS SAY: the owner's picture beside the reviews; a carousel on medium screens and up. */
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

  const list = <TestimonialList testimonials={testimonials} />;
  return (
    <Section title="WHAT OUR CLIENTS SAY" kicker="Testimonials" tone="ivory" id={SECTION_ID}>
      <div
        className={styles.layout}
        style={{ '--testimonial-gap': `${TESTIMONIAL_GAP_PX}px` } as CSSProperties}
      >
        <div className={styles.owner}>
          <Picture src={ownerPhoto} alt="" sizes="(min-width: 768px) 320px, 0px" className={styles.photo} />
        </div>
        <div className={styles.reviews}>
          {wide && near ? (
            <Suspense fallback={list}>
              <TestimonialCarousel testimonials={testimonials} />
            </Suspense>
          ) : (
            list
          )}
        </div>
      </div>
    </Section>
  );
}
