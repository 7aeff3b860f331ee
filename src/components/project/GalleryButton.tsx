import type { Ref } from 'react';
import styles from './GalleryButton.module.css';

const ICONS = {
  previous: 'M15 5l-7 7 7 7',
  next: 'M9 5l7 7-7 7',
  pause: 'M9 5v14M15 5v14',
  play: 'M8 5l11 7-11 7z',
} as const;

export interface GalleryButtonProps {
  icon: keyof typeof ICONS;
  /** What the button does, read aloud and shown as its tooltip. */
  label: string;
  onClick?: () => void;
  className?: string;
  ref?: Ref<HTMLButtonElement>;
}

/** A round icon button over the gallery's pictures. */
export function GalleryButton({ icon, label, onClick, className, ref }: GalleryButtonProps) {
  return (
    <button
      ref={ref}
      type="button"
      className={className ? `${styles.button} ${className}` : styles.button}
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      <svg
        viewBox="0 0 24 24"
        width="20"
        height="20"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d={ICONS[icon]} />
      </svg>
    </button>
  );
}
