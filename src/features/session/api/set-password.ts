import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isTwoFactorChallenge, paths, SignInAnswer, type SetPasswordBody } from '../../../contract';
import { request } from '../../../lib/http';
import { notifyWelcome, signInWith } from './login';
import type { SignInStep } from './two-factor-sign-in';

/**
 * POST {auth}/api/Account/SetPassword: sets the password through a one-time link and answers as a login does. The
 * screen handles every failure: 410 (the link no longer works), 400 (a password rule), no connection.
 */
export const setPassword = (body: SetPasswordBody) =>
  request(paths.setPassword, { method: 'POST', body, schema: SignInAnswer, handles: 'all' });

/** The password was set (the link is spent) but the session could not be opened: the user signs in with it. */
export class SignInAfterPasswordSetError extends Error {
  override readonly name = 'SignInAfterPasswordSetError';
}

/**
 * Sets the password, then opens the session exactly as a login does (token, profile, welcome toast), or, with
 * two-factor sign-in on, goes on to the code step (issue 33 §2).
 */
export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SetPasswordBody): Promise<SignInStep> => {
      const account = await setPassword(body);
      if (isTwoFactorChallenge(account)) return { step: 'code', challenge: account.challenge };
      try {
        return { step: 'signed-in', user: await signInWith(queryClient, account) };
      } catch (error) {
        throw new SignInAfterPasswordSetError('The password was set, but signing in failed.', { cause: error });
      }
    },
    onSuccess: (result) => {
      if (result.step === 'signed-in') notifyWelcome(result.user);
    },
  });
}
