import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Account, paths, type CmhUser, type LoginBody } from '../../../contract';
import { isHttpError, isOfflineError, notifyBadRequest, notifyDefaultError, request } from '../../../lib/http';
import { describeError, logMessage } from '../../../lib/logger';
import { notify } from '../../../lib/notifier';
import { PRODUCT_NAME } from '../../../lib/constants';
import { clearToken, storeToken } from '../../../lib/session-token';
import { startSession } from '../session-lifecycle';
import { getProfile } from './get-profile';

/** POST {auth}/api/Account/Token (spec 1 §7). Its errors are handled here, not by the catalogue (spec 1 §8 Login). */
export const login = (body: LoginBody) => request(paths.token, { method: 'POST', body, schema: Account, handles: 'all' });

/**
 * Opens the session an Account answer carries (a login, a password set from a link, single sign-on): the token cookie,
 * then the profile and the session of this user; without a profile the token goes again.
 */
export async function signInWith(queryClient: QueryClient, account: Account, options: { singleSignOn?: boolean } = {}): Promise<CmhUser> {
  storeToken(account.bearerToken, { singleSignOn: options.singleSignOn ?? false });
  try {
    const user = await getProfile({ silent: true });
    startSession(queryClient, user);
    return user;
  } catch (error) {
    clearToken();
    throw error;
  }
}

/** spec 1 §8 Login success: 'Hello {firstName}', 'Welcome to {product}'. */
export const notifyWelcome = (user: CmhUser) =>
  notify({ level: 'success', title: `Hello ${user.firstName}`, description: `Welcome to ${PRODUCT_NAME}` });

/**
 * Signs in: token cookie, profile, welcome toast. spec 1 §8: a 400 keeps the login page with the server's
 * message; any other failure shows the Default error and is logged; no connection is shown by the screen.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginBody) => signInWith(queryClient, await login(body)),
    onSuccess: (user) => notifyWelcome(user),
    onError: (error) => {
      // 429 (too many failed attempts) is ours, not the spec's: its message says how long to wait, so it is shown like a 400.
      if (isHttpError(error, 400) || isHttpError(error, 429)) return notifyBadRequest(error.body?.message);
      if (isOfflineError(error)) return;
      notifyDefaultError();
      void logMessage({ format: 'error', message: 'Login failed', exception: describeError(error).slice(0, 20000) });
    },
  });
}
