import type { ApiBase } from '../../contract';
import type { SessionCache } from '../auth/session-cache';
import type { TokenService } from '../auth/tokens';
import type { TwoFactorConfig } from '../auth/totp-config';
import type { TwoFactor } from '../auth/totp';
import type { Database } from '../db/client';
import type { IdentityConfig } from '../mail/config';
import type { MailKey } from '../mail/queue';
import type { NumberStarts } from '../numbers/number-starts';
import type { TrustedProxyHops } from '../ops/client-address';
import type { Lifecycle } from '../ops/lifecycle';
import type { Logger } from '../ops/logger';
import type { Metrics } from '../ops/metrics';
import type { KeptListCaps } from '../../contract/kept-lists';
import type { KeptRule, LiveChanges } from '../sync/types';

export interface AppConfig {
  /** HS256 signing secret; see resolveTokenSecret for where it comes from. */
  tokenSecret: string;
  /** "Now" for rules that count time (sign-in throttling, terms, password dates); tests move it. */
  clock?: () => Date;
  /** At most this many rows of each ruled list on a device (contract/kept-lists.ts KEPT_LIST_CAPS); tests give smaller. */
  keptListCaps?: KeptListCaps;
  /** The built browser app to serve (vite build output); without it the server answers the API only. */
  distDir?: string | null;
  /** Base overrides handed to the browser in the HomeSite.bases cookie (contract/bases.ts). */
  clientBases?: Partial<Record<ApiBase, string>>;
  /** URLs of apps outside the product, handed over in the HomeSite.links cookie. */
  externalLinks?: Record<string, string>;
  /** Where unexpected errors go (default: the logger, else console.error); the client only ever sees a generic message. */
  reportError?: (error: unknown) => void;
  /** One JSON line per request and the errors (ops/access-log.ts); none: no access log (tests). */
  logger?: Logger;
  /** Prometheus metrics, served at /metrics to METRICS_TOKEN only. */
  metrics?: Metrics;
  metricsToken?: string;
  /** Starting, ready or draining, and the requests in flight (/readyz, graceful shutdown); default: ready. */
  lifecycle?: Lifecycle;
  /** CORS_ORIGINS: the origins a PWA may call this API from; none: same origin only. */
  corsOrigins?: readonly string[];
  /** TRUST_PROXY: how many proxies in front are trusted for X-Forwarded-For/-Proto and X-Request-Id (default 0). */
  trustedProxyHops?: TrustedProxyHops;
  /** Links, mail and the audit trail (PUBLIC_URL, SMTP_URL…); default: links answered to whoever asked, nothing mailed. */
  identity?: IdentityConfig;
  /** TOTP_ENCRYPTION_KEY, REQUIRE_2FA_ROLES (auth/totp-config.ts); default: demo mode's derived key, no role requires it. */
  twoFactor?: TwoFactorConfig;
  /** WORK_ORDER_NUMBER_START, QUOTE_NUMBER_START: where the numbers HomeSite hands out start; default DEFAULT_NUMBER_STARTS. */
  numberStarts?: NumberStarts;
}

/** What every route can reach, built once per app. */
export interface AppDeps {
  db: Database;
  tokens: TokenService;
  /** Signed-in users' profiles, per app (never a module global: tests make many apps). */
  sessions: SessionCache;
  clock: () => Date;
  /** The kept-list rule's day and caps, for the ruled lists' sync sources (sync/kept-rule.ts). */
  keptRule: KeptRule;
  config: AppConfig;
  /** The live-changes streams of this app (sync/live.ts). */
  live: LiveChanges;
  /**
   * Runs work in a transaction of its own once the request has answered (a reset link for "Forgot password?", whose
   * answer must not wait on whether the user exists); its errors go where unexpected errors go.
   */
  afterAnswer: (work: (db: Database) => Promise<void>) => void;
  /** Where unexpected errors go (config.reportError, else the logger, else console.error): one that broke a streamed answer. */
  reportError: (error: unknown) => void;
  /** What one-time links and their mail need (server/identity/). */
  identity: { config: IdentityConfig; mailKey: MailKey };
  /** Two-factor sign-in: its keys and the roles that require it (auth/totp.ts). */
  twoFactor: TwoFactor;
}
