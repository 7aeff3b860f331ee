import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { StaffMember } from '../../schema/staff';
import type { useSignOut } from '../queries/use-sign-out';
import type { Screen } from '../screens';
import styles from './Layout.module.css';
import { SessionEnds } from './SessionEnds';

interface Props {
  member: StaffMember;
  screens: Screen[];
  /** Signing out happens above the console, which it closes (App.tsx); a failure shows here. */
  signOut: ReturnType<typeof useSignOut>;
  children: ReactNode;
}

/** The signed-in frame: the console's name, its navigation, who is signed in, and Sign out. */
export function Layout({ member, screens, signOut, children }: Props) {
  const [location] = useLocation();
  return (
    <div className={styles.frame}>
      <header className={styles.header}>
        <p className={styles.brand}>Staff console</p>
        <nav aria-label="Console" className={styles.nav}>
          {screens
            .filter((screen) => screen.nav !== undefined)
            .map((screen) => {
              const current = location === screen.path || location.startsWith(`${screen.path}/`);
              return (
                <Link
                  key={screen.path}
                  href={screen.path}
                  className={styles.link}
                  aria-current={current ? 'page' : undefined}
                >
                  {screen.nav}
                </Link>
              );
            })}
        </nav>
        <div className={styles.who}>
          <span className={styles.name} title={member.email}>
            {member.name}
          </span>
          <button type="button" className={styles.signOut} onClick={() => signOut.mutate()}>
            Sign out
          </button>
        </div>
        <SessionEnds />
      </header>
      {signOut.isError ? (
        <p role="alert" className={styles.problem}>
          {signOut.error.message}
        </p>
      ) : null}
      <main className={styles.main}>{children}</main>
    </div>
  );
}
