import styles from './Icon.module.css';

/** Stroke drawings on a 24 × 24 grid; brand marks are drawn as outlines too so they share one weight. */
const PATHS = {
  menu: ['M3 6h18', 'M3 12h18', 'M3 18h18'],
  close: ['M6 6l12 12', 'M18 6L6 18'],
  chevron: ['M6 9l6 6 6-6'],
  'chevron-right': ['M9 6l6 6-6 6'],
  'arrow-right': ['M5 12h14', 'M13 6l6 6-6 6'],
  phone: [
    'M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.8 2z',
  ],
  mail: ['M3 5h18v14H3z', 'M3 6l9 7 9-7'],
  pin: ['M12 22s7-6.1 7-12a7 7 0 0 0-14 0c0 5.9 7 12 7 12z', 'M12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z'],
  hand: [
    'M18 11V10a2 2 0 0 0-4 0',
    'M14 10V9a2 2 0 0 0-4 0v1',
    'M10 9.5V4a2 2 0 0 0-4 0v10',
    'M18 11a2 2 0 1 1 4 0v3a8 8 0 0 1-8 8h-2c-2.8 0-4.5-.9-6-2.3l-3.6-3.6a2 2 0 0 1 2.8-2.8L7 15',
  ],
  facebook: ['M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V10H6.5v3.5H9V21h3.5v-7.5H15l.5-3.5h-3V7a1 1 0 0 1 1-1H15z'],
  youtube: [
    'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8z',
    'M10 15l5-3-5-3z',
  ],
  linkedin: [
    'M4 9h3.5v11H4z',
    'M5.75 3.5a1.75 1.75 0 1 0 0 3.5 1.75 1.75 0 0 0 0-3.5z',
    'M10.5 9H14v1.6a3.8 3.8 0 0 1 3.2-1.8c2.3 0 3.3 1.5 3.3 4V20H17v-6.3c0-1.3-.5-2-1.6-2-1.2 0-1.9.8-1.9 2.1V20h-3z',
  ],
  instagram: [
    'M7 2.5h10A4.5 4.5 0 0 1 21.5 7v10a4.5 4.5 0 0 1-4.5 4.5H7A4.5 4.5 0 0 1 2.5 17V7A4.5 4.5 0 0 1 7 2.5z',
    'M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
    'M17.5 6.5h.01',
  ],
  whatsapp: [
    'M3 21l1.6-4.7A8.5 8.5 0 1 1 8 19.8z',
    'M9 8.5c0 3.5 3 6.5 6.5 6.5l1-1.5-2-1-1 .8a4.5 4.5 0 0 1-2.3-2.3l.8-1-1-2z',
  ],
} as const;

export type IconName = keyof typeof PATHS;

/**
 * A small line icon in the current text colour. Decorative (aria-hidden): the control
 * that holds it carries the accessible name.
 * - `name`: which drawing; `size`: width and height in px (default 20).
 */
export function Icon({ name, size = 20, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      className={className ? `${styles.icon} ${className}` : styles.icon}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
