import { videoPageUrl, videoPlayerUrl } from '../../data/projects';
import { Picture } from '../ui/Picture';
import { Section } from '../ui/Section';
import { DeferredFrame } from './DeferredFrame';
import styles from './ProjectVideo.module.css';

export interface ProjectVideoProps {
  projectName: string;
  /** The player's embed address. */
  embed: string;
  still: string | null;
}

/** Video Gallery: a still with a play button; the player loads only once it is pressed. */
export function ProjectVideo({ projectName, embed, still }: ProjectVideoProps) {
  return (
    <Section title="Video Gallery" id="video">
      <div className={styles.stage}>
        <DeferredFrame
          variant="play"
          src={videoPlayerUrl(embed)}
          href={videoPageUrl(embed)}
          title={`Video of ${projectName}`}
          label={`Play the video of ${projectName}`}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
        >
          {still ? <Picture src={still} alt="" sizes="(min-width: 1000px) 960px, 100vw" /> : null}
        </DeferredFrame>
      </div>
    </Section>
  );
}
