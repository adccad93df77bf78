/**
 * The API bases of the spec (1 §7). By default each is a prefix on the app's own origin so one
 * server answers everything; a deployment can point any of them at another host.
 */
/** `crm` is the spec's absolute /crm/webapi (spec 2 §7); /crm/web/… stays a route of the app (spec 2 §2). */
export const API_BASES = ['api', 'auth', 'quote-api', 'retailer-api', 'mch-quote-api', 'images', 'crm'] as const;
export type ApiBase = (typeof API_BASES)[number];

export const DEFAULT_BASES: Record<ApiBase, string> = {
  api: '/api',
  auth: '/auth',
  'quote-api': '/quote-api',
  'retailer-api': '/retailer-api',
  'mch-quote-api': '/mch-quote-api',
  images: '/images',
  crm: '/crm/webapi',
};

/** Name of the cookie that carries a deployment's base overrides (JSON of ApiBase → URL). */
export const BASES_COOKIE = 'HomeSite.bases';
/** Name of the cookie that carries the URLs of apps outside this product (JSON of tile name → URL). */
export const LINKS_COOKIE = 'HomeSite.links';
/** The token cookie of spec 1 §7. */
export const TOKEN_COOKIE = 'Bearer';
/** Where the path to return to after login is kept (spec 1 §4, §8). */
export const REDIRECT_COOKIE = 'HomeSite.redirect';

/** Header that makes a write exactly-once (ARCHITECTURE: the REST contract). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** The customer-facing site's base URL: where a login with a customer returnUrl leaves to (spec 1 §4). */
export const CUSTOMER_BASE_URL_COOKIE = 'HomeSite.customerBaseUrl';
/** The parent domain the token cookie is shared across (spec 1 §7), when a deployment sets one. */
export const COOKIE_DOMAIN_COOKIE = 'HomeSite.cookieDomain';
