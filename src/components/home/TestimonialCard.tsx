import type { HomeData } from '../../data/page-data/home-data';
import { Stars } from './Stars';
import styles from './TestimonialCard.module.css';

/** One client's review: stars, the words, the name. */
export function TestimonialCard({ testimonial }: { testimonial: HomeData['testimonials'][number] }) {
  return (
    <figure className={styles.card}>
      <Stars rating={testimonial.rating} />
      <blockquote className={styles.quote}>
        <p>{testimonial.text}</p>
      </blockquote>
      <figcaption className={styles.by}>
        <span className={styles.name}>{testimonial.name}</span>
        {testimonial.detail ? <span className={styles.detail}>{testimonial.detail}</span> : null}
      </figcaption>
    </figure>
  );
}
