/* What the pages before sign-in share (login, forgot password, set password): their card, and where a new session goes. */
import type { useNavigate } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import type { CmhUser } from '../../../contract';
import { readCustomerBaseUrl } from '../../../lib/config';
import { PASSWORD_EXPIRED_PATH, PRODUCT_NAME } from '../../../lib/constants';
import { loginDestination } from '../../../lib/login-destination';
import { takeRedirect } from '../../../lib/session-token';
import { announcePasswordExpiry } from '../password-expiry-notice';

/** The card of the pages before sign-in (login, forgot password, set password): the brand, a title, then the page. */
export function LoginCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <main className="login-page">
      <section className="login-card" aria-labelledby={titleId}>
        <div className="brand brand--large" aria-hidden="true">
          <span className="brand__mark">H</span>
          <span className="brand__name">{PRODUCT_NAME}</span>
        </div>
        <h1 id={titleId} className="login-card__title">
          {title}
        </h1>
        {children}
      </section>
    </main>
  );
}

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
