import { gzipSync } from 'node:zlib';
import { desc, eq, sql } from 'drizzle-orm';
import {
  ChangeRetailerQuery,
  LoginBody,
  paths,
  ChangeRetailerAnswer,
  SignInAnswer,
  CmhUser,
  TermsAcceptance,
  TermsDocument,
} from '../../contract';
import { formatMsDate } from '../../lib/dates';
import { recordAudit, requestOrigin } from '../audit/audit';
import { spendPasswordCheck, verifyPassword } from '../auth/passwords';
import { loadCmhUser } from '../auth/profile';
import { mustUseSingleSignOn, singleSignOnOnlyMessage } from '../auth/oidc-config';
import { openSession } from '../auth/sign-in';
import { issueChallenge, isSetupRequired } from '../auth/totp';
import { clearFailedSignIns, recordFailedSignIn, serializeSignIns, signInLockedFor, throttledMessage } from '../auth/throttle';
import * as t from '../db/schema';
import { errorResponse } from '../http/errors';
import { route } from '../http/route';
import '../ops/request-context';

export const WRONG_CREDENTIALS_MESSAGE = 'The user name or password is incorrect.';
export const INACTIVE_ACCOUNT_MESSAGE = 'This account is inactive. Please contact your administrator.';

/**
 * The profile call's answer, made once per cached profile (auth/session-cache.ts keeps one object per
 * user and profile version): gzipping it per request cost more than the rest of the call.
 */
interface ProfileAnswer {
  json: string;
  gzipped: Uint8Array<ArrayBuffer>;
}
const profileAnswers = new WeakMap<CmhUser, { plain?: ProfileAnswer; setupRequired?: ProfileAnswer }>();

/**
 * `setupRequired`: REQUIRE_2FA_ROLES asks two-factor sign-in of this user, who has none, in this session (a session of
 * single sign-on is not asked): one answer of each kind for one profile object.
 */
function profileAnswer(user: CmhUser, setupRequired: boolean): ProfileAnswer {
  let answers = profileAnswers.get(user);
  if (!answers) profileAnswers.set(user, (answers = {}));
  const kind = setupRequired ? 'setupRequired' : 'plain';
  const known = answers[kind];
  if (known) return known;
  const json = JSON.stringify(setupRequired ? { ...user, twoFactorSetupRequired: true } : user);
  return (answers[kind] = { json, gzipped: new Uint8Array(gzipSync(json)) });
}

/** session: login, profile, retailer switch, terms, logout (spec 1 §4, §7). */
export const sessionRoutes = [
  route({
    method: 'POST',
    endpoint: paths.token,
    summary: 'Sign in: a bearer token for a user name and password',
    description: 'With two-factor sign-in on, no token: the challenge of the code step (…/TwoFactor/Verify).',
    answer: SignInAnswer,
    errors: [
      {
        status: 400,
        description:
          'The user name or password is wrong, the account is inactive, or its domain signs in with single sign-on only (OIDC_ONLY_DOMAINS).',
      },
      429,
    ],
    auth: 'none',
    idempotent: false,
    body: LoginBody,
    handle: async ({ c, db, deps, body }) => {
      const userName = body.Username.toLowerCase();
      const clientAddress = c.get('clientAddress');
      const now = deps.clock();
      // Counted one at a time per name and address: concurrent guesses must not all pass the check below at once.
      await serializeSignIns(db, userName, clientAddress);
      const [user] = await db
        .select()
        .from(t.users)
        .where(eq(sql`lower(${t.users.userName})`, userName));
      const origin = requestOrigin(c);
      // Why, for the operator (the log line and the audit trail); the client is told no more than before.
      const failed = async (reason: 'throttled' | 'wrong-credentials' | 'no-password' | 'inactive' | 'single-sign-on-only') => {
        deps.config.logger?.info({ requestId: c.get('requestId'), userId: user?.id, reason }, 'sign-in refused');
        await recordAudit(db, {
          ...origin,
          at: now,
          action: 'sign-in.failed',
          target: { userId: user?.id, name: user?.userName ?? userName },
          details: { reason },
        });
      };

      // OIDC_ONLY_DOMAINS (issue 33 §1): these users sign in through the identity provider only. Told from the name as
      // typed, before any password is checked, so that the answer says nothing of whether such a user exists.
      const singleSignOn = deps.identity.config.singleSignOn;
      if (singleSignOn && mustUseSingleSignOn(singleSignOn, userName)) {
        await failed('single-sign-on-only');
        return errorResponse(400, singleSignOnOnlyMessage(singleSignOn, userName));
      }
      const lockedForMs = await signInLockedFor(db, userName, clientAddress, now);
      if (lockedForMs > 0) {
        await failed('throttled');
        const minutes = Math.ceil(lockedForMs / 60_000);
        return errorResponse(429, throttledMessage(minutes), { 'retry-after': String(Math.ceil(lockedForMs / 1000)) });
      }
      // A user with no password yet (imported, not yet invited) costs the same time as any other wrong password.
      const passwordMatches = user?.passwordHash
        ? await verifyPassword(user.passwordHash, body.Password)
        : (await spendPasswordCheck(body.Password), false);
      if (!user || !passwordMatches) {
        await recordFailedSignIn(db, userName, clientAddress, now);
        // An imported user not yet through their invitation: the same answer as a wrong password, so that a
        // guesser cannot tell which user names exist and which have no password yet.
        await failed(user && !user.passwordHash ? 'no-password' : 'wrong-credentials');
        return errorResponse(400, WRONG_CREDENTIALS_MESSAGE);
      }
      if (!user.isActive) {
        await failed('inactive');
        return errorResponse(400, INACTIVE_ACCOUNT_MESSAGE);
      }

      await clearFailedSignIns(db, userName);
      // With two-factor sign-in on, the password alone opens no session (issue 33 §2): the answer is the code step's
      // challenge, and routes/two-factor.ts opens the session for it and a code.
      if (user.twoFactorEnabledAt) return c.json((await issueChallenge(deps.twoFactor, user, now)) satisfies SignInAnswer);
      const account = await openSession(db, deps.tokens, user, {
        origin: requestOrigin(c, { cmhUserId: user.id, userName: user.userName }),
        at: now,
      });
      return c.json(account satisfies SignInAnswer);
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.profile,
    summary: 'The signed-in user’s profile: roles, retail centers, facilities',
    answer: CmhUser,
    beforeTwoFactorSetup: true,
    handle: ({ c, deps, session }) => {
      const answer = profileAnswer(session.user satisfies CmhUser, isSetupRequired(deps.twoFactor, session));
      c.header('content-type', 'application/json');
      c.header('vary', 'accept-encoding');
      if (/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
        c.header('content-encoding', 'gzip');
        return c.body(answer.gzipped);
      }
      return c.body(answer.json);
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.changeRetailer,
    summary: 'Switch the current retail center: a new token and profile',
    answer: ChangeRetailerAnswer,
    query: ChangeRetailerQuery,
    scope: 'retailer',
    handle: async ({ c, db, deps, session, query }) => {
      const [changed] = await db
        .update(t.users)
        .set({ currentRetailerNumber: query.retailerNumber })
        .where(eq(t.users.id, session.user.cmhUserId))
        .returning({ tokenGeneration: t.users.tokenGeneration });
      const user = await loadCmhUser(db, session.user.cmhUserId);
      if (!user || !changed) return errorResponse(401, 'Your account no longer exists.');
      const bearerToken = await deps.tokens.issue({
        cmhUserId: user.cmhUserId,
        userName: user.userName,
        retailerNumber: user.retailerNumber,
        tokenGeneration: changed.tokenGeneration,
        // A session of single sign-on stays one in its new token.
        singleSignOn: session.claims.sso,
      });
      return c.json({ bearerToken, user } satisfies ChangeRetailerAnswer);
    },
  }),

  route({
    method: 'POST',
    endpoint: paths.acceptTerms,
    summary: 'Accept the terms of use',
    answer: TermsAcceptance,
    handle: async ({ c, db, deps, session }) => {
      const acceptedAt = deps.clock();
      // Acceptance is not an edit of the user record, so it leaves rowVersion alone.
      await db.update(t.users).set({ termsAcceptanceDate: acceptedAt }).where(eq(t.users.id, session.user.cmhUserId));
      return c.json({ termsAcceptanceDate: acceptedAt.toISOString() });
    },
  }),

  route({
    method: 'POST',
    endpoint: paths.logout,
    summary: 'Sign out: the token stops working',
    answer: { status: 204 },
    beforeTwoFactorSetup: true,
    handle: async ({ c, db, deps, session }) => {
      await deps.tokens.revoke(db, session.claims);
      return c.body(null, 204);
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.termsDocument,
    summary: 'The dates of the current terms of use document',
    answer: TermsDocument,
    errors: [404],
    handle: async ({ c, db }) => {
      const [document] = await db.select().from(t.termsDocuments).orderBy(desc(t.termsDocuments.modifiedAt)).limit(1);
      if (!document) return errorResponse(404, 'There is no terms of use document.');
      return c.json({
        CreateDate: formatMsDate(document.createdAt),
        ModifyDate: formatMsDate(document.modifiedAt),
      } satisfies TermsDocument);
    },
  }),
];
