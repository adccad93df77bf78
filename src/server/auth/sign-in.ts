import type { Account } from '../../contract';
import { recordAudit, type AuditOrigin } from '../audit/audit';
import type { Database } from '../db/client';
import { loadCmhUser } from './profile';
import type { TokenService } from './tokens';

/** The user a session is opened for (a row of users, or the fields of it that a session needs). */
export interface SessionUser {
  id: number;
  userName: string;
  firstName: string;
  lastName: string;
  tokenGeneration: number;
}

/**
 * The one function that hands out a full HomeSite session: records sign-in.succeeded (with how: `details.via`) and
 * answers the token. Every way in ends here once it has checked everything it checks: the password alone when the user
 * has no two-factor sign-in, the password and the code step (routes/two-factor.ts), a one-time link (routes/identity.ts).
 * Single sign-on joins here too, without HomeSite's code step: the identity provider owns the second factor (issue 33
 * §2): its session says so (`singleSignOn`), and REQUIRE_2FA_ROLES asks no HomeSite setup of it. Whoever calls it has
 * already refused an inactive user.
 */
export async function openSession(
  db: Database,
  tokens: TokenService,
  user: SessionUser,
  audit: { origin: AuditOrigin; at: Date; details?: Record<string, unknown> },
  how: { singleSignOn?: boolean } = {},
): Promise<Account> {
  await recordAudit(db, {
    ...audit.origin,
    at: audit.at,
    action: 'sign-in.succeeded',
    target: { userId: user.id, name: user.userName },
    ...(audit.details ? { details: audit.details } : {}),
  });
  const profile = await loadCmhUser(db, user.id);
  const bearerToken = await tokens.issue({
    cmhUserId: user.id,
    userName: user.userName,
    retailerNumber: profile?.retailerNumber ?? null,
    tokenGeneration: user.tokenGeneration,
    singleSignOn: how.singleSignOn,
  });
  return { firstName: user.firstName, lastName: user.lastName, email: user.userName, bearerToken };
}
