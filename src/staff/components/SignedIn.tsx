import { Route, Switch } from 'wouter';
import { useMe } from '../queries/use-me';
import type { useSignOut } from '../queries/use-sign-out';
import type { Screen } from '../screens';
import { SCREENS } from '../screens';
import { Layout } from './Layout';
import { Notice } from './Notice';

/** The console for the signed-in member: the layout, and the screen the address names. */
export function SignedIn({ signOut }: { signOut: ReturnType<typeof useSignOut> }) {
  const me = useMe();
  if (me.isPending) return <Notice>Loading…</Notice>;
  if (me.isError) return <Notice tone="error">{me.error.message}</Notice>;
  const member = me.data;
  const allowed = (screen: Screen) => screen.roles?.includes(member.role) ?? true;
  const screens = SCREENS.filter(allowed);
  const refused = SCREENS.filter((screen) => !allowed(screen));
  return (
    <Layout member={member} screens={screens} signOut={signOut}>
      <Switch>
        {screens.map(({ path, Component }) => (
          <Route key={path} path={path} component={Component} />
        ))}
        {refused.map(({ path, refusal }) => (
          <Route key={path} path={path}>
            <Notice tone="error">
              {refusal ?? 'This screen is not open to your role. Ask an admin if you need it.'}
            </Notice>
          </Route>
        ))}
        <Route>
          <Notice tone="error">This page is not part of the staff console.</Notice>
        </Route>
      </Switch>
    </Layout>
  );
}
