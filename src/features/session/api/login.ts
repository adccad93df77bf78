import type { QueryClient } from '@tanstack/react-query';
import type { Account, CmhUser } from '../../../contract';
import { notify } from '../../../lib/notifier';
import { PRODUCT_NAME } from '../../../lib/constants';
import { clearToken, storeToken } from '../../../lib/session-token';
import { startSession } from '../session-lifecycle';
import { getProfile } from './get-profile';

/*
 * What every sign-in shares once it has a session: the login form's (api/two-factor-sign-in.ts: the session or the code
 * step), a password set from a link, single sign-on.
 */

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
