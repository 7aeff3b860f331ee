import { useQuery } from '@tanstack/react-query';
import { sessionEnd } from '../auth-client';
import styles from './SessionEnds.module.css';

const TIME = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit' });
const DAY_AND_TIME = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/** When the session ends, in the member's own time: today's time, or the day as well. */
function when(end: Date): string {
  return end.toDateString() === new Date().toDateString() ? TIME.format(end) : DAY_AND_TIME.format(end);
}

/** "Signed in until 9:30 pm": a session lasts 12 hours from sign-in, then the console asks again. */
export function SessionEnds() {
  const end = useQuery({ queryKey: ['session-end'], queryFn: sessionEnd, staleTime: Infinity });
  if (!end.data) return null;
  return (
    <span
      className={styles.ends}
      title="Sessions last 12 hours from sign-in; then the console asks you to sign in again."
    >
      Signed in until {when(end.data)}
    </span>
  );
}
