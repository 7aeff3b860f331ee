import { useId, useState } from 'react';
import type { useSignOut } from '../queries/use-sign-out';
import { usePublishRunning } from '../sheets/use-publish-running';
import layout from './Layout.module.css';
import styles from './SignOutButton.module.css';

/**
 * Sign out. While a publish, undo or restore this tab sent is running, it first
 * says that the change goes on without the member and where to see it finish,
 * and signs out only when asked again.
 */
export function SignOutButton({ signOut }: { signOut: ReturnType<typeof useSignOut> }) {
  const running = usePublishRunning();
  const [asking, setAsking] = useState(false);
  const textId = useId();
  return (
    <>
      <button
        type="button"
        className={layout.signOut}
        onClick={() => (running ? setAsking(true) : signOut.mutate())}
      >
        Sign out
      </button>
      {asking && running ? (
        <div
          role="alertdialog"
          aria-label="Sign out while publishing"
          aria-describedby={textId}
          className={styles.ask}
        >
          <p id={textId}>
            Your change is still being published. It goes on after you sign out: sign in again and open
            Sheets, then History, to see it live.
          </p>
          <div className={styles.actions}>
            <button type="button" className={styles.primary} onClick={() => signOut.mutate()}>
              Sign out now
            </button>
            <button type="button" className={styles.secondary} onClick={() => setAsking(false)}>
              Stay
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}
