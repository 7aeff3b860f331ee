import type { Award } from '../../schema/content';
import { Picture } from '../ui/Picture';
import { Reveal } from '../ui/Reveal';
import styles from './AwardCard.module.css';

/** One award on Achievements: its pair of pictures, title, who gave it, the year and a line about it. */
export function AwardCard({ award, index }: { award: Award; index: number }) {
  const sizes = '(min-width: 1000px) 300px, 50vw';
  return (
    <Reveal as="li" from={index % 2 === 0 ? 'left' : 'right'} className={styles.card}>
      <article className={styles.article}>
        <div className={styles.pictures}>
          <Picture
            src={award.image_1}
            alt={`${award.title}, photo 1 of 2`}
            sizes={sizes}
            className={styles.photo}
          />
          <Picture
            src={award.image_2}
            alt={`${award.title}, photo 2 of 2`}
            sizes={sizes}
            className={styles.photo}
          />
        </div>
        <div className={styles.body}>
          <p className={styles.meta}>
            {award.awarded_by} · {award.year}
          </p>
          <h2 className={styles.title}>{award.title}</h2>
          <p className={styles.text}>{award.text}</p>
        </div>
      </article>
    </Reveal>
  );
}
