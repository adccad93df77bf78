import { eq } from 'drizzle-orm';
import { AccountUpdateBody, CmhUser, paths } from '../../contract';
import { recordAudit, requestOrigin } from '../audit/audit';
import { hashPassword } from '../auth/passwords';
import { loadCmhUser } from '../auth/profile';
import { cutOffTokens } from '../auth/tokens';
import * as t from '../db/schema';
import { route } from '../http/route';
import { staleRecordResponse, updateIfCurrent } from '../http/row-version';

/** account: the own profile and password (spec 1 §2 My Account, §5). Internal users have no My Account. */
export const accountRoutes = [
  route({
    method: 'PUT',
    endpoint: paths.account,
    summary: 'Change the user’s own name, and password',
    description: 'A new password ends every other session of the user; this one goes on.',
    answer: CmhUser,
    errors: [409],
    flag: 'canViewMyAccount',
    beforeTwoFactorSetup: true,
    body: AccountUpdateBody,
    handle: async ({ c, db, deps, session, body }) => {
      const cmhUserId = session.user.cmhUserId;
      // A new password ends every token issued before it (another device, a stolen token) but the one that
      // changes it: this device stays signed in and its offline queue goes on. Written with the password, so
      // both happen or neither (a stale rowVersion changes nothing).
      const passwordChange = body.password
        ? { passwordHash: await hashPassword(body.password), passwordLastChanged: deps.clock(), ...cutOffTokens(session.claims.jti) }
        : {};
      const written = await updateIfCurrent(db, t.users, eq(t.users.id, cmhUserId), body.rowVersion, {
        firstName: body.firstName,
        lastName: body.lastName,
        ...passwordChange,
      });
      const user = await loadCmhUser(db, cmhUserId);
      if (written === 0) return staleRecordResponse(user);
      if (body.password)
        await recordAudit(db, {
          ...requestOrigin(c, session.user),
          at: deps.clock(),
          action: 'password.changed',
          target: { userId: cmhUserId, name: session.user.userName },
        });
      return c.json(user satisfies CmhUser | null);
    },
  }),
];
