import { Route, Switch } from 'wouter';
import { Notice } from './components/Notice';
import { SignedIn } from './components/SignedIn';
import { useSignOut } from './queries/use-sign-out';
import { SignIn } from './screens/SignIn';

/** The sign-in screen for visitors; everything else only once signed in. */
export function App() {
  const signOut = useSignOut();
  const leaving = signOut.isPending || signOut.isSuccess;
  return (
    <Switch>
      <Route path="/sign-in" component={SignIn} />
      <Route>{leaving ? <Notice>Signing out…</Notice> : <SignedIn signOut={signOut} />}</Route>
    </Switch>
  );
}
