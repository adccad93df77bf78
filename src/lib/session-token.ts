import { REDIRECT_COOKIE, TOKEN_COOKIE } from '../contract';
import { deleteCookie, isSecureContextProtocol, readCookie, writeCookie } from './cookies';
import { readCookieDomain } from './config';
import { isLocalPath } from './links';

/** The claims of the session token that the client reads (it never trusts them for access: the server does). */
export interface TokenClaims {
  userName?: string;
  expiresAt?: Date;
}

function decodeBase64Url(segment: string): string {
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads the user name and expiry from a JWT payload; an unreadable token yields no claims. */
export function readTokenClaims(token: string): TokenClaims {
  const payload = token.split('.')[1];
  if (!payload) return {};
  try {
    const claims = JSON.parse(decodeBase64Url(payload)) as Record<string, unknown>;
    const userName = [claims.userName, claims.unique_name, claims.email, claims.sub].find(
      (value): value is string => typeof value === 'string' && value.includes('@'),
    );
    const expiresAt = typeof claims.exp === 'number' ? new Date(claims.exp * 1000) : undefined;
    return { userName, expiresAt };
  } catch {
    return {};
  }
}

export const readToken = (): string | undefined => readCookie(TOKEN_COOKIE) || undefined;

/**
 * A short tag that tells one token from another without holding it (FNV-1a over its text), for what is kept on the
 * device about a session, e.g. which token a paused queue met (offline/outbox.ts OutboxPause).
 */
export function sessionTag(token: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < token.length; index++) {
    hash ^= token.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** Which token of this device came from single sign-on (its sessionTag): that session's password is not what let it in. */
const SINGLE_SIGN_ON_SESSION_KEY = 'HomeSite.singleSignOnSession';

/** Whether the stored token is of a sign-in through the identity provider (issue 33 §1), or one that replaced it. */
export function isSingleSignOnSession(): boolean {
  const token = readToken();
  return token !== undefined && globalThis.localStorage?.getItem(SINGLE_SIGN_ON_SESSION_KEY) === sessionTag(token);
}

/**
 * spec 1 §7: the token lives in the `Bearer` cookie, shared across the parent domain when one is configured.
 * `singleSignOn`: it comes from the identity provider's sign-in; by default a token replacing one that did (a retailer
 * switch) is one too.
 */
export function storeToken(token: string, options: { singleSignOn?: boolean } = {}) {
  const singleSignOn = options.singleSignOn ?? isSingleSignOnSession();
  writeCookie(TOKEN_COOKIE, token, {
    path: '/',
    sameSite: 'Lax',
    secure: isSecureContextProtocol(),
    domain: readCookieDomain(),
    expires: readTokenClaims(token).expiresAt,
  });
  if (singleSignOn) globalThis.localStorage?.setItem(SINGLE_SIGN_ON_SESSION_KEY, sessionTag(token));
  else globalThis.localStorage?.removeItem(SINGLE_SIGN_ON_SESSION_KEY);
}

export function clearToken() {
  deleteCookie(TOKEN_COOKIE, { path: '/', domain: readCookieDomain() });
}

/** spec 1 §4, §8: the path to come back to after signing in. */
export function rememberRedirect(path: string) {
  if (!isLocalPath(path) || path.startsWith('/login')) return;
  writeCookie(REDIRECT_COOKIE, path, { path: '/', sameSite: 'Lax', secure: isSecureContextProtocol() });
}

/** Reads and forgets the remembered path. */
export function takeRedirect(): string | undefined {
  const path = readCookie(REDIRECT_COOKIE);
  if (path !== undefined) deleteCookie(REDIRECT_COOKIE, { path: '/' });
  return path || undefined;
}
