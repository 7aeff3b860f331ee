import type { Figure } from '../../data/staff';
import { indiaDay } from '../../forms/india-time';

/** The name a download of `figure` is saved under, e.g. `leads-by-week-2026-11-27.csv`. */
export const fileName = (figure: Figure, kind: 'csv' | 'png') =>
  `leads-by-${figure.id}-${indiaDay(new Date())}.${kind}`;

/** Saves `file` (a Blob, or a data: address) under `name`, as a link to it with `download` would. */
export function download(file: Blob | string, name: string) {
  const href = typeof file === 'string' ? file : URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.click();
  if (typeof file !== 'string') setTimeout(() => URL.revokeObjectURL(href), 0);
}
