import type { Ref } from 'react';
import styles from './Honeypot.module.css';

interface HoneypotProps {
  id: string;
  inputRef: Ref<HTMLInputElement>;
}

/**
 * A field people never see or reach, which form-filling robots do fill. It
 * has no name, so it is never part of what a form sends.
 */
export function Honeypot({ id, inputRef }: HoneypotProps) {
  return (
    <div className={styles.trap} aria-hidden="true">
      <label htmlFor={id}>Website</label>
      <input id={id} ref={inputRef} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
