import { useEffect, useRef, useState } from 'react';
import { PATHS } from '../../data/links';
import { Picture } from '../ui/Picture';
import { useVideoAllowed } from './use-motion-allowed';
import { usePageLoaded } from './use-page-loaded';
import styles from './HomeHero.module.css';

/** The looping background film, shipped in public/video (a slow move over the poster picture). */
const HOME_VIDEO = { webm: '/video/home.webm', mp4: '/video/home.mp4' } as const;

/**
 * The opening screen: the poster picture, and over it the muted looping film once the
 * page has loaded, unless the visitor prefers reduced motion or saves data.
 */
export function HomeHero({ poster, brand }: { poster: string; brand: string }) {
  const loaded = usePageLoaded();
  const allowed = useVideoAllowed() && loaded;
  const [paused, setPaused] = useState(false);
  const [playing, setPlaying] = useState(false);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    element.muted = true;
    if (paused) element.pause();
    else element.play().catch(() => setPaused(true));
  }, [allowed, paused]);

  return (
    <header className={styles.hero}>
      <Picture src={poster} alt="" priority className={styles.media} />
      {allowed ? (
        <video
          ref={video}
          className={`${styles.media} ${styles.video}`}
          data-playing={playing}
          muted
          loop
          playsInline
          preload="auto"
          aria-hidden="true"
          onPlaying={() => setPlaying(true)}
        >
          <source src={HOME_VIDEO.webm} type="video/webm" />
          <source src={HOME_VIDEO.mp4} type="video/mp4" />
        </video>
      ) : null}
      <div className={styles.content}>
        <p className={styles.kicker}>{brand}</p>
        <h1 className={styles.title}>Luxury commercial &amp; residential property in Gurugram</h1>
        <p className={styles.lead}>
          Pre-rented investments, new launches and homes across Gurugram, Dwarka and Delhi NCR.
        </p>
        <a href={PATHS.underConstruction} className={styles.cta}>
          Explore properties
        </a>
      </div>
      {allowed ? (
        <button
          type="button"
          className={styles.pause}
          aria-pressed={paused}
          onClick={() => setPaused(!paused)}
        >
          {paused ? 'Play' : 'Pause'}
          <span className="visually-hidden"> background video</span>
        </button>
      ) : null}
    </header>
  );
}
