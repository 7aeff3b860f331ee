import { Route, Switch } from 'wouter';
import { SignedIn } from './components/SignedIn';
import { SignIn } from './screens/SignIn';

/** The sign-in screen for visitors; everything else only once signed in. */
export function App() {
  return (
    <Switch>
      <Route path="/sign-in" component={SignIn} />
      <Route>
        <SignedIn />
      </Route>
    </Switch>
  );
}
