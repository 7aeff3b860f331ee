import { useId } from 'react';
import controls from './filter-controls.module.css';

interface FilterSelectProps {
  label: string;
  /** The choice in force; '' for none. */
  value: string;
  /** The label of the choice that filters nothing. */
  anyLabel: string;
  options: readonly { value: string; label: string }[];
  disabled: boolean;
  /** '' when the visitor picks `anyLabel`. */
  onChange: (value: string) => void;
  className?: string;
}

/** A labelled drop-down of a filter panel, in the panel's control style. */
export function FilterSelect({
  label,
  value,
  anyLabel,
  options,
  disabled,
  onChange,
  className,
}: FilterSelectProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={controls.label}>
        {label}
      </label>
      <select
        id={id}
        className={controls.control}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
