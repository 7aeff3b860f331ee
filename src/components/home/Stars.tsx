import styles from './Stars.module.css';

const OUT_OF = 5;
const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

/** A star rating, read out as "Rated 5 out of 5". */
export function Stars({ rating }: { rating: number }) {
  return (
    <p className={styles.stars} role="img" aria-label={`Rated ${rating} out of ${OUT_OF}`}>
      {Array.from({ length: OUT_OF }, (_, index) => (
        <svg
          key={index}
          viewBox="0 0 24 24"
          width="18"
          height="18"
          aria-hidden="true"
          className={index < rating ? styles.on : styles.off}
        >
          <path d={STAR} />
        </svg>
      ))}
    </p>
  );
}
