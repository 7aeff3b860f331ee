import { Route, Switch } from 'wouter';
import { useMe } from '../queries/use-me';
import type { useSignOut } from '../queries/use-sign-out';
import { SCREENS } from '../screens';
import { Layout } from './Layout';
import { Notice } from './Notice';

/** The console for the signed-in member: the layout, and the screen the address names. */
export function SignedIn({ signOut }: { signOut: ReturnType<typeof useSignOut> }) {
  const me = useMe();
  if (me.isPending) return <Notice>Loading…</Notice>;
  if (me.isError) return <Notice tone="error">{me.error.message}</Notice>;
  const member = me.data;
  const screens = SCREENS.filter((screen) => screen.roles?.includes(member.role) ?? true);
  return (
    <Layout member={member} screens={screens} signOut={signOut}>
      <Switch>
        {screens.map(({ path, Component }) => (
          <Route key={path} path={path} component={Component} />
        ))}
        <Route>
          <Notice tone="error">This page is not part of the staff console.</Notice>
        </Route>
      </Switch>
    </Layout>
  );
}
