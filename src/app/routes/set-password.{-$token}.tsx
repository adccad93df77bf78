import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useLayoutEffect } from 'react';
import { linkTokenInMemory } from '../../features/session/link-token';
import { SetPasswordScreen } from '../../features/session/components/set-password-screen';

/**
 * Where an invitation or password reset link lands, /set-password/{token} (issue 29). The token goes into memory and
 * out of the address at once (a replace to /set-password), so that neither the history nor a Referer carries it. Done
 * in the component, not in beforeLoad: route options other than the component are in the first-load chunk.
 */
export const Route = createFileRoute('/set-password/{-$token}')({
  staticData: { title: 'Set password' },
  component: function SetPasswordRoute() {
    const { token } = Route.useParams();
    const navigate = useNavigate();
    if (token !== undefined) linkTokenInMemory.token = token;
    useLayoutEffect(() => {
      if (token !== undefined) void navigate({ to: '/set-password/{-$token}', params: { token: undefined }, replace: true });
    }, [navigate, token]);
    return <SetPasswordScreen token={linkTokenInMemory.token} />;
  },
});
