import type { Testimonial } from '../../schema/content';
import { Reveal } from '../ui/Reveal';
import { Section } from '../ui/Section';
import styles from './TestimonialQuotes.module.css';

/** A few client reviews side by side (About Us, Contact Us); nothing is rendered when the sheet has none. */
export function TestimonialQuotes({ testimonials }: { testimonials: readonly Testimonial[] }) {
  if (testimonials.length === 0) return null;
  return (
    <Section title="What Our Clients Say" kicker="In their words" tone="dark">
      <ul className={styles.list}>
        {testimonials.map((t, index) => (
          <Reveal as="li" key={`${t.name}-${t.text}`} from={index % 2 === 0 ? 'left' : 'right'}>
            <figure className={styles.quote}>
              <p className={styles.stars}>
                <span aria-hidden="true">{'★'.repeat(t.rating)}</span>
                <span className="visually-hidden">{t.rating} out of 5 stars</span>
              </p>
              <blockquote className={styles.text}>
                <p>{t.text}</p>
              </blockquote>
              <figcaption className={styles.who}>
                <span className={styles.name}>{t.name}</span>
                {t.detail ? <span className={styles.detail}>{t.detail}</span> : null}
              </figcaption>
            </figure>
          </Reveal>
        ))}
      </ul>
    </Section>
  );
}
