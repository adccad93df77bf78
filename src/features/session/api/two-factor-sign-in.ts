import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Account,
  isTwoFactorChallenge,
  paths,
  SignInAnswer,
  type CmhUser,
  type LoginBody,
  type TwoFactorVerifyBody,
} from '../../../contract';
import { isHttpError, isOfflineError, notifyBadRequest, notifyDefaultError, request } from '../../../lib/http';
import { describeError, logMessage } from '../../../lib/logger';
import { notifyWelcome, signInWith } from './login';

/*
 * Signing in when the user may have two-factor sign-in on (issue 33 §2): the token endpoint answers a session, or a
 * challenge for the code step, which POST {auth}/api/Account/TwoFactor/Verify turns into the session with a code.
 */

/** POST {auth}/api/Account/Token (spec 1 §7): the session, or the code step's challenge. */
export const requestSignIn = (body: LoginBody) => request(paths.token, { method: 'POST', body, schema: SignInAnswer, handles: 'all' });

/** POST {auth}/api/Account/TwoFactor/Verify: the screen shows every failure (400 wrong code, 410 start again, 429). */
export const verifyTwoFactor = (body: TwoFactorVerifyBody) =>
  request(paths.twoFactorVerify, { method: 'POST', body, schema: Account, handles: 'all' });

export type SignInStep = { step: 'signed-in'; user: CmhUser } | { step: 'code'; challenge: string };

/**
 * The login form's sign-in: the session opened (token, profile, welcome toast), or the code step. spec 1 §8: a 400
 * keeps the login page with the server's message; any other failure shows the Default error and is logged; no
 * connection is shown by the screen.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginBody): Promise<SignInStep> => {
      const answer = await requestSignIn(body);
      if (isTwoFactorChallenge(answer)) return { step: 'code', challenge: answer.challenge };
      return { step: 'signed-in', user: await signInWith(queryClient, answer) };
    },
    onSuccess: (result) => {
      if (result.step === 'signed-in') notifyWelcome(result.user);
    },
    onError: (error) => {
      // 429 (too many failed attempts) is ours, not the spec's: its message says how long to wait, so it is shown like a 400.
      if (isHttpError(error, 400) || isHttpError(error, 429)) return notifyBadRequest(error.body?.message);
      if (isOfflineError(error)) return;
      notifyDefaultError();
      void logMessage({ format: 'error', message: 'Login failed', exception: describeError(error).slice(0, 20000) });
    },
  });
}

/** The code step: the session opened with the challenge and a code, as a login opens it. */
export function useVerifyTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TwoFactorVerifyBody) => signInWith(queryClient, await verifyTwoFactor(body)),
    onSuccess: (user) => notifyWelcome(user),
  });
}
