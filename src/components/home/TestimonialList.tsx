import type { HomeData } from '../../data/page-data/home-data';
import { TestimonialCard } from './TestimonialCard';
import styles from './TestimonialList.module.css';

/**
 * Every review in a row that scrolls sideways (one and a bit in view on a phone,
 * two on wider screens). This is the page as rendered and the phone's view; wider
 * screens swap in the carousel once it has loaded.
 */
export function TestimonialList({
  testimonials,
  onFocus,
  onBlur,
}: {
  testimonials: HomeData['testimonials'];
  onFocus?: () => void;
  onBlur?: () => void;
}) {
  return (
    <ul
      className={styles.list}
      tabIndex={0}
      aria-label="Client reviews, scrolls sideways"
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {testimonials.map((testimonial) => (
        <li key={`${testimonial.name}-${testimonial.text.length}`} className={styles.item}>
          <TestimonialCard testimonial={testimonial} />
        </li>
      ))}
    </ul>
  );
}
