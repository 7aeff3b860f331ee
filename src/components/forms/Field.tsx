import type { FieldDefinition } from '../../forms/definitions';
import styles from './Field.module.css';

const INPUT_TYPE = { text: 'text', email: 'email', phone: 'tel', date: 'date' } as const;

interface FieldProps {
  field: FieldDefinition;
  id: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** One labelled input with its hint and, after a refused submit, its message in plain words. */
export function Field({ field, id, value, error, onChange }: FieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [field.hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const shared = {
    id,
    name: field.name,
    value,
    required: true,
    autoComplete: field.autoComplete,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: styles.control,
  };
  return (
    <div className={field.half ? `${styles.field} ${styles.half}` : styles.field}>
      <label className={styles.label} htmlFor={id}>
        {field.label}
      </label>
      {field.kind === 'message' ? (
        <textarea {...shared} rows={4} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...shared}
          type={INPUT_TYPE[field.kind]}
          spellCheck={field.kind === 'email' || field.kind === 'phone' ? false : undefined}
          autoCapitalize={field.kind === 'email' ? 'none' : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {field.hint && (
        <span className={styles.hint} id={hintId}>
          {field.hint}
        </span>
      )}
      {error && (
        <span className={styles.error} id={errorId}>
          {error}
        </span>
      )}
    </div>
  );
}
