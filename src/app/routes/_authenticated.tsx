import { createFileRoute, redirect } from '@tanstack/react-router';
import { PASSWORD_EXPIRED_PATH } from '../../lib/constants';
import { rememberRedirect } from '../../lib/session-token';
import { loadSession } from '../../features/session/session';
import { announcePasswordExpiry } from '../../features/session/password-expiry-notice';
import { LoadingSplash } from '../../ui/loading-splash';
import { AuthenticatedLayout } from '../shell/authenticated-layout';
import { SessionError } from '../shell/session-error';

/**
 * The guard of every signed-in route (spec 1 §4): without a token cookie the current path is remembered and
 * the user goes to /login; an expired password allows only My Account.
 */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    const session = await loadSession(context.queryClient);
    if (session.status === 'signed-out') {
      rememberRedirect(location.href);
      throw redirect({ to: '/login', replace: true });
    }
    if (location.pathname !== '/myAccount' && announcePasswordExpiry(session.user, { warnings: false }) === 'expired') {
      throw redirect({ href: PASSWORD_EXPIRED_PATH, replace: true });
    }
    // issue 33 §2 (REQUIRE_2FA_ROLES): nothing else opens until two-factor sign-in is on; the server refuses the rest too.
    if (session.user.twoFactorSetupRequired) {
      rememberRedirect(location.href);
      throw redirect({ to: '/two-factor-setup', replace: true });
    }
    return { user: session.user };
  },
  pendingComponent: LoadingSplash,
  errorComponent: SessionError,
  component: AuthenticatedLayout,
});
