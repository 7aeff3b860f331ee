import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { authClient, reach } from '../auth-client';
import styles from './SignIn.module.css';

/** Only an address inside the console is followed after sign-in, never one on another site. */
function afterSignIn(): string {
  const next = new URLSearchParams(location.search).get('next') ?? '';
  return /^\/staff\/[^/\\]/.test(next) ? next : '/staff/leads';
}

const LINK_PROBLEM = 'That sign-in link has expired or was used already. Ask for a code below.';

/** Sign-in by email: the address first, then the six-digit code sent to it. */
export function SignIn() {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const linkFailed = new URLSearchParams(location.search).has('link');

  const send = useMutation({
    mutationFn: async () => {
      const { error } = await reach(() =>
        authClient.emailOtp.sendVerificationOtp({ email, type: 'sign-in' }),
      );
      if (error) throw new Error(error.message ?? 'The code could not be sent; try again.');
    },
  });
  const signIn = useMutation({
    mutationFn: async () => {
      const { error } = await reach(() => authClient.signIn.emailOtp({ email, otp: code.trim() }));
      if (error)
        throw new Error(
          error.status === 429
            ? 'Too many attempts; wait a few minutes and try again.'
            : 'That code is wrong, expired or used already. Check it, or ask for a new one.',
        );
    },
    onSuccess: () => window.location.assign(afterSignIn()),
  });

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <p className={styles.brand}>Staff console</p>
        <h1>Sign in</h1>
        {linkFailed && !send.isSuccess ? (
          <p role="alert" className={styles.problem}>
            {LINK_PROBLEM}
          </p>
        ) : null}
        {!send.isSuccess ? (
          <form
            className={styles.form}
            onSubmit={(event) => {
              event.preventDefault();
              send.mutate();
            }}
          >
            <label className={styles.field}>
              <span>Work email</span>
              <input
                type="email"
                name="email"
                autoComplete="email"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </label>
            {send.isError ? (
              <p role="alert" className={styles.problem}>
                {send.error.message}
              </p>
            ) : null}
            <button type="submit" className={styles.primary} disabled={send.isPending}>
              Email me a code
            </button>
          </form>
        ) : (
          <form
            className={styles.form}
            onSubmit={(event) => {
              event.preventDefault();
              signIn.mutate();
            }}
          >
            <p role="status">
              If {email} belongs to the staff, a six-digit code is on its way there. It works once, for 5
              minutes.
            </p>
            <label className={styles.field}>
              <span>Code</span>
              <input
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
                required
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
            </label>
            {signIn.isError ? (
              <p role="alert" className={styles.problem}>
                {signIn.error.message}
              </p>
            ) : null}
            <button type="submit" className={styles.primary} disabled={signIn.isPending}>
              Sign in
            </button>
            <button type="button" className={styles.secondary} onClick={() => send.reset()}>
              Use another address
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
