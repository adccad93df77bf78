import { paths } from '../../contract';
import { serverPath } from '../http/paths';

/*
 * Single sign-on's configuration (issue 33 §1): the organisation's OpenID Connect provider, found by discovery from
 * OIDC_ISSUER, and HomeSite's registration there. Every variable is in the README's "Deploying" and checked at start;
 * the provider itself is asked only when someone signs in (an unreachable provider must not stop HomeSite starting).
 */

export interface SingleSignOnConfig {
  /** OIDC_ISSUER: the issuer identifier; its /.well-known/openid-configuration is the discovery document. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** OIDC_LABEL: the button reads "Sign in with {label}". */
  label: string;
  /** PUBLIC_URL + /auth/oidc/callback: the redirect URI registered at the provider. */
  redirectUri: string;
  /** OIDC_EMAIL_CLAIM: the claim holding the e-mail address (default `email`). */
  emailClaim: string;
  /** OIDC_TRUST_UNVERIFIED_EMAIL=true: an address without `email_verified: true` is taken too. */
  trustUnverifiedEmail: boolean;
  /** OIDC_ONLY_DOMAINS: lower-cased e-mail domains whose users must sign in through the provider. */
  onlyDomains: readonly string[];
}

export const DEFAULT_SINGLE_SIGN_ON_LABEL = 'single sign-on';

const VARIABLES = [
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'OIDC_LABEL',
  'OIDC_EMAIL_CLAIM',
  'OIDC_TRUST_UNVERIFIED_EMAIL',
  'OIDC_ONLY_DOMAINS',
] as const;

/** 127.0.0.0/8, ::1 and localhost: a provider on this machine (the tests' own). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/** OIDC_ISSUER: https, or http on this machine only (a test's provider); no query or fragment. */
function parseIssuer(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`OIDC_ISSUER must be the provider's issuer URL, like https://login.example.com; got "${raw}"`);
  }
  if (url.search || url.hash || url.username || url.password)
    throw new Error(`OIDC_ISSUER must be an address without user, query or fragment; got "${raw}"`);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname)))
    throw new Error(`OIDC_ISSUER must be an https:// address (plain http only on 127.0.0.1 or localhost); got "${raw}"`);
  // Exactly as written (a trailing slash included): discovery compares it with the document's "issuer" to the letter.
  return raw.trim();
}

const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

function parseDomains(raw: string | undefined): string[] {
  const domains = (raw ?? '')
    .split(',')
    .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
  const wrong = domains.filter((domain) => !DOMAIN_PATTERN.test(domain));
  if (wrong.length)
    throw new Error(`OIDC_ONLY_DOMAINS must be e-mail domains separated by commas, like example.com; got ${wrong.join(', ')}`);
  return [...new Set(domains)];
}

function parseBoolean(name: string, raw: string | undefined): boolean {
  const value = raw?.trim().toLowerCase();
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  throw new Error(`${name} must be true or false; got "${raw}"`);
}

/** The redirect URI for a PUBLIC_URL (kept without a trailing slash): what the README tells operators to register. */
export const redirectUriOf = (publicUrl: string) => `${publicUrl}${serverPath(paths.singleSignOnCallback)}`;

/** Null when OIDC_ISSUER is unset (and so is every other OIDC_ variable); anything incomplete stops the start. */
export function singleSignOnConfigFromEnv(env: NodeJS.ProcessEnv, publicUrl: string | null): SingleSignOnConfig | null {
  const issuer = env.OIDC_ISSUER?.trim();
  if (!issuer) {
    const stray = VARIABLES.filter((name) => env[name]?.trim());
    if (stray.length) throw new Error(`${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set but OIDC_ISSUER is not`);
    return null;
  }
  const clientId = env.OIDC_CLIENT_ID?.trim();
  const clientSecret = env.OIDC_CLIENT_SECRET?.trim();
  if (!clientId || !clientSecret)
    throw new Error('OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: the client HomeSite is registered as at the provider');
  if (!publicUrl)
    throw new Error('OIDC_ISSUER needs PUBLIC_URL: the redirect URI registered at the provider is PUBLIC_URL + /auth/oidc/callback');
  const emailClaim = env.OIDC_EMAIL_CLAIM?.trim() || 'email';
  if (!/^[\w.:/-]{1,100}$/.test(emailClaim)) throw new Error(`OIDC_EMAIL_CLAIM must be a claim name, like email; got "${emailClaim}"`);
  return {
    issuer: parseIssuer(issuer),
    clientId,
    clientSecret,
    label: env.OIDC_LABEL?.trim() || DEFAULT_SINGLE_SIGN_ON_LABEL,
    redirectUri: redirectUriOf(publicUrl),
    emailClaim,
    trustUnverifiedEmail: parseBoolean('OIDC_TRUST_UNVERIFIED_EMAIL', env.OIDC_TRUST_UNVERIFIED_EMAIL),
    onlyDomains: parseDomains(env.OIDC_ONLY_DOMAINS),
  };
}

/** The domain of an e-mail address, lower-cased; null without one. */
export const emailDomainOf = (address: string): string | null => {
  const at = address.lastIndexOf('@');
  return at > 0 && at < address.length - 1
    ? address
        .slice(at + 1)
        .trim()
        .toLowerCase()
    : null;
};

/** Whether users of this address must sign in through the provider (OIDC_ONLY_DOMAINS). */
export const mustUseSingleSignOn = (config: SingleSignOnConfig | null | undefined, address: string): boolean => {
  const domain = emailDomainOf(address);
  return !!config && domain !== null && config.onlyDomains.includes(domain);
};

/** The password sign-in's refusal for a user of OIDC_ONLY_DOMAINS. */
export const singleSignOnOnlyMessage = (config: SingleSignOnConfig, address: string) =>
  `Users of ${emailDomainOf(address)} sign in with ${config.label}, not with a password: use “Sign in with ${config.label}”.`;
