import { useImage } from '../../app/images-context';
import type { HomeData } from '../../data/page-data/home-data';
import { Section } from '../ui/Section';
import { useNear } from '../ui/use-near';
import styles from './BuilderMarquee.module.css';

type Builders = HomeData['builders'];

const SECTION_ID = 'builders';
/**
 * A screen ahead: time enough for seventeen small files, yet on a phone the marquee (three
 * screens down) is not near at load, so the logos' start stays out of the page's first work.
 */
const NEAR_MARGIN = '100% 0px';

/**
 * A logo. It is lazy at first, so that seventeen logos do not take the connections the
 * stylesheet, the fonts and the lead picture need on a slow line. As the marquee comes near
 * every logo loads at once, since a lazy image clipped by the marquee's moving window would
 * only start loading as it slides in, showing blank gaps. Logos are small SVGs with no
 * responsive versions, so a plain <img> loses nothing.
 */
function Logo({ src, alt, loading }: { src: string; alt: string; loading: 'lazy' | 'eager' }) {
  const asset = useImage(src);
  if (!asset) throw new Error(`Logo "${src}" is not in this page's data.`);
  return (
    <img
      src={asset.url}
      width={asset.width}
      height={asset.height}
      alt={alt}
      className={styles.image}
      loading={loading}
      decoding="async"
    />
  );
}

function LogoList({
  builders,
  hidden,
  loading,
}: {
  builders: Builders;
  hidden: boolean;
  loading: 'lazy' | 'eager';
}) {
  return (
    <ul className={styles.list} aria-hidden={hidden || undefined}>
      {builders.map((builder) => (
        <li key={builder.name} className={styles.logo}>
          <Logo src={builder.logo} alt={hidden ? '' : builder.name} loading={loading} />
        </li>
      ))}
    </ul>
  );
}

/**
 * OUR DEVELOPER PORTFOLIO: the logos scroll left, one cycle per --marquee-cycle,
 * drawn twice so the loop has no seam (the copy is hidden from screen readers).
 * Hovering, focusing or ticking Pause stops it; it stands still under reduced
 * motion. Pause is a checkbox styled by CSS, so it works without JavaScript.
 */
export function BuilderMarquee({ builders }: { builders: Builders }) {
  const loading = useNear(SECTION_ID, NEAR_MARGIN) ? 'eager' : 'lazy';
  return (
    <Section title="OUR DEVELOPER PORTFOLIO" kicker="Trusted partners" id={SECTION_ID}>
      <div className={styles.marquee}>
        <label className={styles.pause}>
          <input type="checkbox" className={styles.toggle} />
          <span>Pause logos</span>
        </label>
        <div className={styles.viewport}>
          <div className={styles.track}>
            <LogoList builders={builders} hidden={false} loading={loading} />
            <LogoList builders={builders} hidden loading={loading} />
          </div>
        </div>
      </div>
    </Section>
  );
}
