import styles from './filter-controls.module.css';

/**
 * A labelled set of choices of which exactly one is current (property type, status, locality).
 * - `legend`: the question, shown above the choices.
 * - `name`: the radio group's form name.
 * - `options`: each choice; one with `href` is a link to another page, drawn like a radio
 *   (e.g. Residential on /ourProperty goes to /residential), so it works without JavaScript.
 * - `value`: the current choice; `onChange` gets the chosen value.
 * Drawn as pills, like every filter of the listing pages (filter-controls.module.css).
 */
interface RadioOption<V extends string> {
  value: V;
  label: string;
  href?: string;
}

export interface RadioGroupProps<V extends string> {
  legend: string;
  name: string;
  options: readonly RadioOption<V>[];
  value: V;
  onChange: (value: V) => void;
  className?: string;
  /** Shown but not choosable, as a filter is until the page's script runs. */
  disabled?: boolean;
}

export function RadioGroup<V extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  className,
  disabled = false,
}: RadioGroupProps<V>) {
  return (
    <fieldset className={className ? `${styles.group} ${className}` : styles.group} disabled={disabled}>
      <legend className={styles.label}>{legend}</legend>
      <div className={styles.choices}>
        {options.map((option) =>
          option.href !== undefined ? (
            <a key={option.value} href={option.href} className={styles.choice}>
              {option.label}
            </a>
          ) : (
            <label key={option.value} className={styles.choice}>
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={option.value === value}
                onChange={() => onChange(option.value)}
                className={styles.input}
              />
              {option.label}
            </label>
          ),
        )}
      </div>
    </fieldset>
  );
}
