import * as v from 'valibot';
import { Account } from './session';

/*
 * Single sign-on with the organisation's OpenID Connect provider (issue 33 §1). The browser leaves for the provider
 * at {auth}/oidc/start and comes back to {auth}/oidc/callback (PUBLIC_URL + /auth/oidc/callback, the redirect URI
 * registered at the provider); the server then sends it on to SINGLE_SIGN_ON_PATH with a one-time code in the
 * fragment, which the page posts to {auth}/oidc/session for the session or the refusal. Paths are in paths.ts.
 */

/** The page the callback sends the browser to: PUBLIC_URL + SINGLE_SIGN_ON_PATH + '#' + SINGLE_SIGN_ON_CODE + '=' + code. */
export const SINGLE_SIGN_ON_PATH = '/login/sso';
export const SINGLE_SIGN_ON_CODE = 'code';

/** GET {auth}/oidc/options: whether the sign-in page offers "Sign in with {label}". */
export const SingleSignOnOptions = v.object({
  /** Null: single sign-on is not set up (OIDC_ISSUER unset). */
  singleSignOn: v.nullable(v.object({ label: v.string() })),
});
export type SingleSignOnOptions = v.InferOutput<typeof SingleSignOnOptions>;

/** GET {auth}/oidc/start: where to go once signed in (spec 1 §4 returnUrl), carried through the provider. */
export const SingleSignOnStartQuery = v.object({
  returnUrl: v.optional(v.pipe(v.string(), v.maxLength(1000, 'The return address is too long.'))),
});
export type SingleSignOnStartQuery = v.InferOutput<typeof SingleSignOnStartQuery>;

const CODE_MESSAGE = 'The sign-in code is missing or not valid. Please sign in again.';

/** POST {auth}/oidc/session: the code the callback put in the fragment of SINGLE_SIGN_ON_PATH. */
export const SingleSignOnSessionBody = v.object({
  code: v.pipe(v.string(CODE_MESSAGE), v.regex(/^[A-Za-z0-9_-]{40,4000}$/, CODE_MESSAGE)),
});
export type SingleSignOnSessionBody = v.InferOutput<typeof SingleSignOnSessionBody>;

/** The session of a sign-in through the provider: the login's Account, and the returnUrl given at the start. */
export const SingleSignOnAnswer = v.object({
  ...Account.entries,
  returnUrl: v.nullable(v.string()),
});
export type SingleSignOnAnswer = v.InferOutput<typeof SingleSignOnAnswer>;

/** The refusal of an e-mail the provider vouches for that is no active HomeSite user's (issue 33 §1). */
export const noHomeSiteUserMessage = (email: string) => `No HomeSite user for ${email} — ask your administrator`;
