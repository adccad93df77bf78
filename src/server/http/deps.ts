import type { ApiBase } from '../../contract';
import type { SessionCache } from '../auth/session-cache';
import type { TokenService } from '../auth/tokens';
import type { Database } from '../db/client';

export interface AppConfig {
  /** HS256 signing secret; see resolveTokenSecret for where it comes from. */
  tokenSecret: string;
  /** "Now" for rules that count time (sign-in throttling, terms, password dates); tests move it. */
  clock?: () => Date;
  /** The built browser app to serve (vite build output); without it the server answers the API only. */
  distDir?: string | null;
  /** Base overrides handed to the browser in the HomeSite.bases cookie (contract/bases.ts). */
  clientBases?: Partial<Record<ApiBase, string>>;
  /** URLs of apps outside the product, handed over in the HomeSite.links cookie. */
  externalLinks?: Record<string, string>;
  /** Where unexpected errors go (default console.error); the client only ever sees a generic message. */
  reportError?: (error: unknown) => void;
}

/** What every route can reach, built once per app. */
export interface AppDeps {
  db: Database;
  tokens: TokenService;
  /** Signed-in users' profiles, per app (never a module global: tests make many apps). */
  sessions: SessionCache;
  clock: () => Date;
  config: AppConfig;
}
