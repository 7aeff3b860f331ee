import { Suspense } from 'react';
import { lazyWithRetry } from '../../app/lazy-with-retry';
import type { GalleryImage } from '../../schema/project';
import { Picture } from '../ui/Picture';
import { Section } from '../ui/Section';
import { whenNear } from '../ui/when-near';
import styles from './ProjectGallerySection.module.css';

const SECTION_ID = 'gallery';

/**
 * The slider's code (Swiper) is fetched, run and hydrated only as the gallery comes near. Until
 * then its boundary keeps the pre-rendered pictures, which scroll sideways, and the page starts
 * without it, and while its code cannot be fetched (fetched again when the connection returns).
 * The server renders it in full.
 */
const ProjectGallery = lazyWithRetry(
  () => import('./ProjectGallery'),
  (m) => m.ProjectGallery,
  async () => {
    if (typeof window !== 'undefined') await whenNear(SECTION_ID);
  },
);

export interface ProjectGallerySectionProps {
  projectName: string;
  images: GalleryImage[];
}

/** Gallery: the slider, or the lone picture when the sheet gives only one. */
export function ProjectGallerySection({ projectName, images }: ProjectGallerySectionProps) {
  const [only] = images;
  return (
    <Section title="Gallery" id={SECTION_ID}>
      {images.length === 1 && only ? (
        <Picture
          src={only.image}
          alt={only.alt}
          sizes="(min-width: 1248px) 1200px, 100vw"
          className={styles.single}
        />
      ) : (
        <Suspense>
          <ProjectGallery projectName={projectName} images={images} />
        </Suspense>
      )}
    </Section>
  );
}
