import { DEFAULT_AUDIT_RETENTION_DAYS } from '../audit/audit';
import { DEFAULT_INVITE_TTL_HOURS, DEFAULT_RESET_TTL_MINUTES } from '../auth/one-time-links';
import { singleSignOnConfigFromEnv, type SingleSignOnConfig } from '../auth/oidc-config';
import { PRODUCT_NAME } from '../../lib/constants';
import { integerFromEnv } from '../ops/env';

/*
 * How people get in without an operator (issue 29): where links point, how mail leaves, how long links and the audit
 * trail last. Every variable is in the README's "Deploying" and checked at start.
 */

/** smtp: SMTP_URL. console: demo mode without SMTP_URL, mail printed to the console. none: production without SMTP_URL. */
export type MailSetting = { kind: 'smtp'; url: string; from: string } | { kind: 'console'; from: string } | { kind: 'none' };

export interface IdentityConfig {
  /** PUBLIC_URL: the address users open the app at; links point there. Null: the address of the request that asked. */
  publicUrl: string | null;
  mail: MailSetting;
  inviteTtlMs: number;
  resetTtlMs: number;
  auditRetentionDays: number;
  /** OIDC_ISSUER and the other OIDC_ variables (auth/oidc-config.ts); absent or null: no single sign-on. */
  singleSignOn?: SingleSignOnConfig | null;
}

/** Links are answered to the admin who asked, and nothing is mailed: what an app gets without configuration (tests). */
export const DEFAULT_IDENTITY_CONFIG: IdentityConfig = {
  publicUrl: null,
  mail: { kind: 'none' },
  inviteTtlMs: DEFAULT_INVITE_TTL_HOURS * 3_600_000,
  resetTtlMs: DEFAULT_RESET_TTL_MINUTES * 60_000,
  auditRetentionDays: DEFAULT_AUDIT_RETENTION_DAYS,
};

/** PUBLIC_URL: http(s), no query or fragment; kept without a trailing slash. */
export function parsePublicUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_URL must be the address users open the app at, like https://homesite.example.com; got "${raw}"`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash || url.username || url.password)
    throw new Error(`PUBLIC_URL must be an http(s) address without user, query or fragment; got "${raw}"`);
  return url.href.replace(/\/+$/, '');
}

/** SMTP_URL: smtp://user:pass@host:587 (STARTTLS when the server offers it) or smtps://user:pass@host:465. */
function parseSmtpUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465');
  }
  if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname)
    throw new Error(`SMTP_URL must start with smtp:// or smtps:// and name a host; got a ${url.protocol} address`);
  return raw;
}

const MAIL_FROM_PATTERN = /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/;

function parseMailFrom(raw: string | undefined, publicUrl: string | null): string {
  if (raw) {
    if (!MAIL_FROM_PATTERN.test(raw.trim()))
      throw new Error(`MAIL_FROM must be an address, like "HomeSite <homesite@example.com>" or homesite@example.com; got "${raw}"`);
    return raw.trim();
  }
  const host = publicUrl ? new URL(publicUrl).hostname : 'localhost';
  return `${PRODUCT_NAME} <no-reply@${host}>`;
}

export function identityConfigFromEnv(env: NodeJS.ProcessEnv, mode: 'demo' | 'production'): IdentityConfig {
  const publicUrl = parsePublicUrl(env.PUBLIC_URL);
  const from = parseMailFrom(env.MAIL_FROM, publicUrl);
  const mail: MailSetting = env.SMTP_URL
    ? { kind: 'smtp', url: parseSmtpUrl(env.SMTP_URL), from }
    : mode === 'demo'
      ? { kind: 'console', from }
      : { kind: 'none' };
  return {
    publicUrl,
    mail,
    inviteTtlMs: integerFromEnv(env, 'INVITE_TTL_HOURS', 1, 90 * 24, DEFAULT_INVITE_TTL_HOURS) * 3_600_000,
    resetTtlMs: integerFromEnv(env, 'RESET_TTL_MINUTES', 5, 7 * 24 * 60, DEFAULT_RESET_TTL_MINUTES) * 60_000,
    auditRetentionDays: integerFromEnv(env, 'AUDIT_RETENTION_DAYS', 1, 10 * 366, DEFAULT_AUDIT_RETENTION_DAYS),
    singleSignOn: singleSignOnConfigFromEnv(env, publicUrl),
  };
}
