import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { paths } from '../../../contract';
import { request } from '../../../lib/http';
import { notify } from '../../../lib/notifier';
import { endSession } from '../session-lifecycle';

export const LOGGED_OUT_MESSAGE = 'You have successfully logged out!';

/** POST {auth}/api/Account/Logout (spec 1 §7). */
export const logout = () => request(paths.logout, { method: 'POST', handles: 'all', signal: AbortSignal.timeout(5000) });

/** Logs out on the server when it can be reached; the local sign-out never waits on it (offline, expired token). */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => logout().catch(() => undefined),
    onSettled: async () => {
      // Leave the signed-in screens first, so none of them renders again without its cached data.
      await navigate({ to: '/login' });
      endSession(queryClient);
      notify({ level: 'success', title: LOGGED_OUT_MESSAGE });
    },
  });
}
