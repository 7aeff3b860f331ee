import { useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { A11y, Autoplay, Keyboard } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import { TESTIMONIAL_AUTOPLAY_MS, TESTIMONIAL_GAP_PX } from '../../app/constants';
import type { HomeData } from '../../data/page-data/home-data';
import { Icon } from '../ui/Icon';
import { TestimonialCard } from './TestimonialCard';
import styles from './TestimonialCarousel.module.css';

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The reviews two at a time, moving on every 5 s and round again at the end.
 * It waits while the pointer or keyboard focus is on it, and Pause stops it;
 * under reduced motion it starts paused and moves without sliding.
 */
export function TestimonialCarousel({ testimonials }: { testimonials: HomeData['testimonials'] }) {
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [paused, setPaused] = useState(reducedMotion);
  const toggle = () => {
    if (paused) swiper?.autoplay.start();
    else swiper?.autoplay.stop();
    setPaused(!paused);
  };
  return (
    <div
      className={styles.carousel}
      role="region"
      aria-roledescription="carousel"
      aria-label="What our clients say"
      onFocus={() => swiper?.autoplay.pause()}
      onBlur={() => (paused ? undefined : swiper?.autoplay.resume())}
    >
      <Swiper
        modules={[A11y, Autoplay, Keyboard]}
        slidesPerView={2}
        spaceBetween={TESTIMONIAL_GAP_PX}
        loop
        speed={reducedMotion() ? 0 : 300}
        autoplay={
          paused
            ? false
            : { delay: TESTIMONIAL_AUTOPLAY_MS, pauseOnMouseEnter: true, disableOnInteraction: false }
        }
        keyboard={{ enabled: true, onlyInViewport: true }}
        a11y={{ enabled: true, slideRole: 'group' }}
        onSwiper={setSwiper}
      >
        {testimonials.map((testimonial, index) => (
          <SwiperSlide key={`${testimonial.name}-${index}`} className={styles.slide}>
            <TestimonialCard testimonial={testimonial} />
          </SwiperSlide>
        ))}
      </Swiper>
      <div className={styles.controls}>
        <button type="button" className={styles.control} onClick={() => swiper?.slidePrev()}>
          <Icon name="chevron-right" className={styles.back} />
          <span className="visually-hidden">Previous reviews</span>
        </button>
        <button
          type="button"
          className={`${styles.control} ${styles.pause}`}
          aria-pressed={paused}
          onClick={toggle}
        >
          {paused ? 'Play' : 'Pause'}
          <span className="visually-hidden"> reviews</span>
        </button>
        <button type="button" className={styles.control} onClick={() => swiper?.slideNext()}>
          <Icon name="chevron-right" />
          <span className="visually-hidden">Next reviews</span>
        </button>
      </div>
    </div>
  );
}
