import type { useNavigate } from '@tanstack/react-router';
import type { CmhUser } from '../../contract';
import { readCustomerBaseUrl } from '../../lib/config';
import { PASSWORD_EXPIRED_PATH } from '../../lib/constants';
import { loginDestination } from '../../lib/login-destination';
import { takeRedirect } from '../../lib/session-token';
import { announcePasswordExpiry } from './password-expiry-notice';

/**
 * Where a new session goes (spec 1 §4), after a login or a password set from a link: My Account when the password
 * has expired, else the remembered path, the returnUrl's destination or home (where the terms modal shows).
 */
export async function navigateAfterSignIn(navigate: ReturnType<typeof useNavigate>, user: CmhUser, returnUrl?: string) {
  const redirectPath = takeRedirect();
  if (announcePasswordExpiry(user, { warnings: true }) === 'expired') {
    await navigate({ href: PASSWORD_EXPIRED_PATH, replace: true });
    return;
  }
  const destination = loginDestination({ redirectPath, returnUrl, customerBaseUrl: readCustomerBaseUrl() });
  if (destination.kind === 'external') window.location.assign(destination.url);
  else await navigate({ href: destination.href, replace: true });
}
