import type { MouseEvent, ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { Icon } from '../ui/Icon';
import styles from './DeferredFrame.module.css';

export interface DeferredFrameProps {
  /** Address of the embedded page; nothing is requested from its host before the visitor asks. */
  src: string;
  /** Names the frame for screen readers. */
  title: string;
  /** Where the link goes when no script runs: the same content as a page of its own. */
  href: string;
  /** Text of the link that loads the frame. */
  label: string;
  /** play: a round play button over the poster; map: a button under it. */
  variant: 'play' | 'map';
  allow?: string;
  sandbox: string;
  /** Sizes the frame's box (it is 16:9, 4:3 on phones, unless this says otherwise). */
  className?: string;
  /** What shows until then (a still or a static map). */
  children: ReactNode;
}

/** A third-party frame (video player, map) created only when the visitor asks for it. */
export function DeferredFrame({
  src,
  title,
  href,
  label,
  variant,
  allow,
  sandbox,
  className,
  children,
}: DeferredFrameProps) {
  const box = className ? `${styles.box} ${className}` : styles.box;
  const [open, setOpen] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    // The link that had focus is gone; keyboard users continue inside the player.
    if (open) frame.current?.focus();
  }, [open]);

  const load = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setOpen(true);
  };

  if (open) {
    return (
      <div className={box}>
        <iframe
          ref={frame}
          className={styles.frame}
          src={src}
          title={title}
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
          allow={allow}
          allowFullScreen
          sandbox={sandbox}
        />
      </div>
    );
  }

  return (
    <div className={box}>
      <div className={styles.poster}>{children}</div>
      <a
        className={variant === 'play' ? styles.play : styles.map}
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        onClick={load}
      >
        {variant === 'play' ? (
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M8 5l11 7-11 7z" fill="currentColor" />
          </svg>
        ) : (
          <Icon name="pin" size={20} />
        )}
        <span className={variant === 'play' ? 'visually-hidden' : undefined}>{label}</span>
      </a>
    </div>
  );
}
