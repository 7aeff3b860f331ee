import styles from './SegmentedToggle.module.css';

/**
 * Two or three mutually exclusive views of one panel (Commercial / Residential).
 * - `label`: names the group for screen readers.
 * - `options`: value and visible label of each choice.
 * - `value`: the current choice; `onChange` gets the chosen value.
 * Each choice is a button with aria-pressed; the caller renders the matching panel.
 */
export interface SegmentedToggleProps<V extends string> {
  label: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
  className?: string;
}

export function SegmentedToggle<V extends string>({
  label,
  options,
  value,
  onChange,
  className,
}: SegmentedToggleProps<V>) {
  return (
    <div
      role="group"
      aria-label={label}
      className={className ? `${styles.toggle} ${className}` : styles.toggle}
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={styles.option}
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
