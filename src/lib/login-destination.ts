import { isLocalPath } from './links';

/** spec 1 §4, §5: a returnUrl containing this marker belongs to the customer-facing site. */
export const CUSTOMER_SITE_MARKER = 'customer';
export const HOME_PATH = '/home';

export type LoginDestination = { kind: 'route'; href: string } | { kind: 'external'; url: string };

/**
 * Where the browser goes after a successful login (spec 1 §4), in order: the saved redirect path; else the
 * returnUrl query value (with the customer marker: leave to the customer site's base URL; present without it:
 * the root; empty: '/' followed by the value); else home.
 */
export function loginDestination(input: {
  redirectPath?: string | null;
  returnUrl?: string | null;
  customerBaseUrl?: string | null;
}): LoginDestination {
  const redirectPath = input.redirectPath?.trim();
  if (redirectPath && isLocalPath(redirectPath) && !redirectPath.startsWith('/login')) {
    return { kind: 'route', href: redirectPath };
  }
  const returnUrl = input.returnUrl;
  if (returnUrl !== undefined && returnUrl !== null) {
    if (returnUrl.includes(CUSTOMER_SITE_MARKER)) {
      return input.customerBaseUrl ? { kind: 'external', url: input.customerBaseUrl } : { kind: 'route', href: '/' };
    }
    if (returnUrl !== '') return { kind: 'route', href: '/' };
    return { kind: 'route', href: `/${returnUrl}` };
  }
  return { kind: 'route', href: HOME_PATH };
}
