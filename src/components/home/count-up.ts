/** Ease-out cubic: the figure races at first and settles gently on its target. */
function easeOut(progress: number): number {
  return 1 - (1 - progress) ** 3;
}

/** The figure shown `elapsed` ms into a count from 0 to `target` lasting `duration` ms: whole numbers, exact at the end. */
export function countUpValue(target: number, elapsed: number, duration: number): number {
  if (elapsed <= 0) return 0;
  if (elapsed >= duration) return target;
  return Math.floor(target * easeOut(elapsed / duration));
}
