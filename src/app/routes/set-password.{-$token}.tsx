import { createFileRoute, redirect } from '@tanstack/react-router';
import { linkTokenInMemory } from '../../features/session/link-token';
import { SetPasswordScreen } from '../../features/session/components/set-password-screen';

/**
 * Where an invitation or password reset link lands, /set-password/{token} (issue 29). The token goes into memory and
 * out of the address at once (a replace to /set-password), so that neither the history nor a Referer carries it.
 */
export const Route = createFileRoute('/set-password/{-$token}')({
  staticData: { title: 'Set password' },
  beforeLoad: ({ params, preload }) => {
    if (params.token === undefined || preload) return;
    linkTokenInMemory.token = params.token;
    throw redirect({ to: '/set-password/{-$token}', params: { token: undefined }, replace: true });
  },
  component: function SetPasswordRoute() {
    return <SetPasswordScreen token={linkTokenInMemory.token} />;
  },
});
