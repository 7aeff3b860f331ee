import type { GalleryImage } from '../../schema/project';
import { Picture } from '../ui/Picture';
import { Section } from '../ui/Section';
import { ProjectGallery } from './ProjectGallery';
import styles from './ProjectGallerySection.module.css';

export interface ProjectGallerySectionProps {
  projectName: string;
  images: GalleryImage[];
}

/** Gallery: the slider, or the lone picture when the sheet gives only one. */
export function ProjectGallerySection({ projectName, images }: ProjectGallerySectionProps) {
  const [only] = images;
  return (
    <Section title="Gallery" id="gallery">
      {images.length === 1 && only ? (
        <Picture
          src={only.image}
          alt={only.alt}
          sizes="(min-width: 1248px) 1200px, 100vw"
          className={styles.single}
        />
      ) : (
        <ProjectGallery projectName={projectName} images={images} />
      )}
    </Section>
  );
}
