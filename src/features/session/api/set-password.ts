import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Account, paths, type SetPasswordBody } from '../../../contract';
import { request } from '../../../lib/http';
import { notifyWelcome, signInWith } from './login';

/**
 * POST {auth}/api/Account/SetPassword: sets the password through a one-time link and answers as a login does. The
 * screen handles every failure: 410 (the link no longer works), 400 (a password rule), no connection.
 */
export const setPassword = (body: SetPasswordBody) => request(paths.setPassword, { method: 'POST', body, schema: Account, handles: 'all' });

/** The password was set (the link is spent) but the session could not be opened: the user signs in with it. */
export class SignInAfterPasswordSetError extends Error {
  override readonly name = 'SignInAfterPasswordSetError';
}

/** Sets the password, then opens the session exactly as a login does (token, profile, welcome toast). */
export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SetPasswordBody) => {
      const account = await setPassword(body);
      try {
        return await signInWith(queryClient, account);
      } catch (error) {
        throw new SignInAfterPasswordSetError('The password was set, but signing in failed.', { cause: error });
      }
    },
    onSuccess: (user) => notifyWelcome(user),
  });
}
