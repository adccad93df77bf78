import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { TwoFactorSetupScreen } from '../../features/account/components/two-factor-setup-screen';
import { useLogout } from '../../features/session/api/logout';
import { useRefreshProfile } from '../../features/session/api/get-profile';
import { loadSession } from '../../features/session/session';
import { rememberRedirect, takeRedirect } from '../../lib/session-token';
import { LoadingSplash } from '../../ui/loading-splash';
import { SessionError } from '../shell/session-error';

/**
 * /two-factor-setup (issue 33 §2, REQUIRE_2FA_ROLES): the page a user whose role requires two-factor sign-in is kept on
 * until it is on; the signed-in guard (_authenticated.tsx) sends them here. Anyone else goes on to home.
 */
export const Route = createFileRoute('/two-factor-setup')({
  staticData: { title: 'Set up two-factor sign-in' },
  beforeLoad: async ({ context, location }) => {
    const session = await loadSession(context.queryClient);
    if (session.status === 'signed-out') {
      rememberRedirect(location.href);
      throw redirect({ to: '/login', replace: true });
    }
    if (!session.user.twoFactorSetupRequired) throw redirect({ to: '/home', replace: true });
    return { user: session.user };
  },
  pendingComponent: LoadingSplash,
  errorComponent: SessionError,
  component: function TwoFactorSetupRoute() {
    const { user } = Route.useRouteContext();
    const navigate = useNavigate();
    const refreshProfile = useRefreshProfile();
    const logout = useLogout();
    return (
      <TwoFactorSetupScreen
        firstName={user.firstName}
        refreshProfile={refreshProfile}
        onDone={() => navigate({ href: takeRedirect() ?? '/home', replace: true })}
        onSignOut={() => logout.mutate()}
      />
    );
  },
});
