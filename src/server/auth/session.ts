import type { CmhUser } from '../../contract';
import type { DerivedFlags } from '../../lib/permissions';
import type { TokenClaims } from './tokens';

/** The signed-in user of a request (http/route.ts authenticate), as routes and the rules of every area read it. */
export interface Session {
  /** Shared with other requests of the same user (auth/session-cache.ts): read it, never change it. */
  user: CmhUser;
  flags: DerivedFlags;
  claims: TokenClaims;
}
