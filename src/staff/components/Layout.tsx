import type { ReactNode } from 'react';
import { Fragment } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { filterFromSearch } from '../../data/staff';
import type { StaffMember } from '../../schema/staff';
import type { useSignOut } from '../queries/use-sign-out';
import type { Screen } from '../screens';
import { DueLinks } from './DueLinks';
import styles from './Layout.module.css';
import { SessionEnds } from './SessionEnds';
import { SignOutButton } from './SignOutButton';

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
  // A follow-up view is current in its own link, not in the inbox's.
  const dueView = filterFromSearch(useSearch()).due !== undefined;
  return (
    <div className={styles.frame}>
      <header className={styles.header}>
        <p className={styles.brand}>Staff console</p>
        <nav aria-label="Console" className={styles.nav}>
          {screens
            .filter((screen) => screen.nav !== undefined)
            .map((screen) => {
              const current =
                (location === screen.path && !(screen.followUps === true && dueView)) ||
                location.startsWith(`${screen.path}/`);
              return (
                <Fragment key={screen.path}>
                  <Link
                    href={screen.path}
                    className={styles.link}
                    aria-current={current ? 'page' : undefined}
                  >
                    {screen.nav}
                  </Link>
                  {screen.followUps === true ? <DueLinks /> : null}
                </Fragment>
              );
            })}
        </nav>
        <div className={styles.who}>
          <span className={styles.name} title={member.email}>
            {member.name}
          </span>
          <SignOutButton signOut={signOut} />
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
