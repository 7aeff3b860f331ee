import { useId } from 'react';
import styles from './filter-controls.module.css';

/**
 * Two or three mutually exclusive views of one panel (Commercial / Residential).
 * - `label`: names the group; shown above the choices when `showLabel` (as on the filters of a
 *   locality page), otherwise for screen readers only.
 * - `options`: value and visible label of each choice.
 * - `value`: the current choice; `onChange` gets the chosen value.
 * Each choice is a button with aria-pressed; the caller renders the matching panel. Drawn as
 * pills, like every filter of the listing pages (filter-controls.module.css).
 */
export interface SegmentedToggleProps<V extends string> {
  label: string;
  showLabel?: boolean;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
  className?: string;
}

export function SegmentedToggle<V extends string>({
  label,
  showLabel = false,
  options,
  value,
  onChange,
  className,
}: SegmentedToggleProps<V>) {
  const labelId = useId();
  return (
    <div
      role="group"
      {...(showLabel ? { 'aria-labelledby': labelId } : { 'aria-label': label })}
      className={className ? `${styles.group} ${className}` : styles.group}
    >
      {showLabel ? (
        <p id={labelId} className={styles.label}>
          {label}
        </p>
      ) : null}
      <div className={styles.choices}>
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            className={styles.choice}
            aria-pressed={option.value === value}
            onClick={() => onChange(option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>
    </div>
  );
}
