import type { CSSProperties, MouseEvent } from 'react';
import { useRef, useState } from 'react';
import type { Swiper as SwiperClass } from 'swiper';
import { A11y, Autoplay, Keyboard, Navigation, Thumbs } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import { GALLERY_GAP_PX, GALLERY_THUMBNAILS } from '../../app/constants';
import type { GalleryImage } from '../../schema/project';
import { Picture } from '../ui/Picture';
import { GalleryButton } from './GalleryButton';
import styles from './ProjectGallery.module.css';

const AUTOPLAY_DELAY_MS = 5000;
/** Looping needs a slide on each side of the current one. */
const MIN_SLIDES_TO_LOOP = 3;

export interface ProjectGalleryProps {
  projectName: string;
  images: GalleryImage[];
}

/**
 * The main slider (loop, autoplay, arrows, keys) linked to a strip of thumbnails.
 * Before the script runs it is a row of pictures that scrolls sideways, first one in view.
 */
export function ProjectGallery({ projectName, images }: ProjectGalleryProps) {
  const [main, setMain] = useState<SwiperClass | null>(null);
  const [thumbs, setThumbs] = useState<SwiperClass | null>(null);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const prev = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const count = images.length;
  const label = `${projectName} gallery`;

  const start = (swiper: SwiperClass) => {
    setMain(swiper);
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      swiper.params.speed = 0;
      swiper.autoplay.stop();
    }
  };

  const togglePlay = () => {
    if (!main) return;
    if (main.autoplay.running) main.autoplay.stop();
    else main.autoplay.start();
  };

  // Pointer taps reach the slider through the Thumbs module; keys (detail 0) need this.
  const showFromKeyboard = (index: number) => (event: MouseEvent) => {
    if (event.detail === 0) main?.slideToLoop(index);
  };

  const layout = { '--thumbs': GALLERY_THUMBNAILS, '--gap': `${GALLERY_GAP_PX}px` } as CSSProperties;

  return (
    <div className={styles.gallery} style={layout}>
      <Swiper
        className={styles.main}
        role="region"
        aria-label={label}
        // Keys scroll the pictures before the slider starts, and move it once it runs (keyboard module).
        tabIndex={0}
        modules={[Navigation, Thumbs, Autoplay, A11y, Keyboard]}
        loop={count >= MIN_SLIDES_TO_LOOP}
        speed={600}
        autoplay={{ delay: AUTOPLAY_DELAY_MS, disableOnInteraction: true, pauseOnMouseEnter: true }}
        keyboard={{ enabled: true, onlyInViewport: true }}
        navigation={{ enabled: true }}
        thumbs={{ swiper: thumbs && !thumbs.destroyed ? thumbs : null }}
        a11y={{
          containerMessage: label,
          containerRoleDescriptionMessage: 'carousel',
          itemRoleDescriptionMessage: 'slide',
          slideLabelMessage: 'Picture {{index}} of {{slidesLength}}',
          prevSlideMessage: 'Previous picture',
          nextSlideMessage: 'Next picture',
        }}
        onBeforeInit={(swiper) => {
          // The arrows are our own buttons; they exist only once React has rendered them.
          if (typeof swiper.params.navigation === 'object') {
            swiper.params.navigation.prevEl = prev.current;
            swiper.params.navigation.nextEl = next.current;
          }
        }}
        onSwiper={start}
        onAutoplayStart={() => setPlaying(true)}
        onAutoplayStop={() => setPlaying(false)}
        onRealIndexChange={(swiper) => setCurrent(swiper.realIndex)}
      >
        {images.map((image) => (
          <SwiperSlide key={image.image} className={styles.slide}>
            <Picture
              src={image.image}
              alt={image.alt}
              sizes="(min-width: 1248px) 1200px, 100vw"
              className={styles.slideImage}
            />
          </SwiperSlide>
        ))}
        <div slot="container-end" className={styles.controls}>
          <GalleryButton ref={prev} icon="previous" label="Previous picture" className={styles.prev} />
          <GalleryButton ref={next} icon="next" label="Next picture" className={styles.next} />
          <div className={styles.bar}>
            <p className={styles.counter} aria-hidden="true">
              {current + 1} / {count}
            </p>
            <GalleryButton
              icon={playing ? 'pause' : 'play'}
              label={playing ? 'Pause slideshow' : 'Play slideshow'}
              onClick={togglePlay}
            />
          </div>
        </div>
      </Swiper>
      <Swiper
        className={styles.thumbs}
        modules={[Thumbs, A11y]}
        onSwiper={setThumbs}
        slidesPerView={GALLERY_THUMBNAILS}
        spaceBetween={GALLERY_GAP_PX}
        watchSlidesProgress
        a11y={{ enabled: true, containerMessage: `${projectName} thumbnails` }}
      >
        {images.map((image, index) => (
          <SwiperSlide key={image.image} className={styles.thumbSlide}>
            <button
              type="button"
              className={styles.thumb}
              aria-label={`Show picture ${index + 1} of ${count}: ${image.alt}`}
              onClick={showFromKeyboard(index)}
            >
              <Picture src={image.image} alt="" sizes="240px" className={styles.thumbImage} />
            </button>
          </SwiperSlide>
        ))}
      </Swiper>
    </div>
  );
}
