import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import {
  Account,
  isTotpCode,
  paths,
  RecoveryCodes,
  TWO_FACTOR_MESSAGES,
  TwoFactorCodeBody,
  TwoFactorDisableBody,
  TwoFactorResetBody,
  TwoFactorSetup,
  TwoFactorStatus,
  TwoFactorVerifyBody,
  ManagedUser,
  type ErrorBody,
} from '../../contract';
import { administratorOf, findManagedUser } from '../admin-users/managed-users';
import { recordAudit, requestOrigin } from '../audit/audit';
import { verifyPassword } from '../auth/passwords';
import { openSession } from '../auth/sign-in';
import {
  attemptsLockedFor,
  clearFailedCodes,
  recordFailedCode,
  serializeAttempts,
  throttledMessage,
  TWO_FACTOR_CODES,
} from '../auth/throttle';
import {
  checkCode,
  disableTwoFactor,
  enableTwoFactor,
  readChallenge,
  recoveryCodesLeft,
  renewRecoveryCodes,
  startSetup,
  type CodeCheck,
} from '../auth/totp';
import { twoFactorSetupRequired } from '../auth/totp-config';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import type { AppDeps } from '../http/deps';
import { errorResponse, jsonResponse } from '../http/errors';
import { route } from '../http/route';
import { twoFactorResetMail } from '../mail/messages';
import { queueMail } from '../mail/queue';
import { ADMIN_USER_MESSAGES } from './admin-users';

/** How long the reset mail is worth delivering. */
const RESET_MAIL_TTL_MS = 7 * 24 * 3_600_000;

const codeError = (message: string) =>
  jsonResponse(400, { message, field: 'code', issues: [{ field: 'code', message }] } satisfies ErrorBody);

const refusalMessage = (reason: Exclude<CodeCheck, { ok: true }>['reason'], notOn: string) =>
  ({
    'wrong-code': TWO_FACTOR_MESSAGES.wrongCode,
    'code-reused': TWO_FACTOR_MESSAGES.codeReused,
    'no-totp': notOn,
    'secret-unreadable': TWO_FACTOR_MESSAGES.secretUnreadable,
  })[reason];

interface SpendCode {
  c: Context;
  db: Database;
  deps: Omit<AppDeps, 'db'>;
  user: { id: number; userName: string };
  code: string;
  now: Date;
  /** The refusal when the user has no (confirmed, or waiting) setup key. */
  notOn: string;
  confirmed?: boolean;
  recoveryCodes?: boolean;
  /** Checked inside the throttle, before the code: a wrong password counts as a wrong code. */
  precheck?: () => Promise<Response | null>;
  /** Called for a refusal (the sign-in step records it in the audit trail). */
  onRefused?: (reason: string) => Promise<void>;
}

/**
 * A code, checked and spent under the code step's throttle (auth/throttle.ts TWO_FACTOR_CODES, apart from passwords):
 * the attempts of one user name, then of one client address, wait for each other; a wrong one is counted.
 */
async function spendCode(
  request: SpendCode,
): Promise<{ ok: true; check: Extract<CodeCheck, { ok: true }> } | { ok: false; response: Response }> {
  const { c, db, deps, user, now } = request;
  const userName = user.userName.toLowerCase();
  const clientAddress = c.get('clientAddress') ?? null;
  await serializeAttempts(db, TWO_FACTOR_CODES, userName, clientAddress);
  const lockedForMs = await attemptsLockedFor(db, TWO_FACTOR_CODES, userName, clientAddress, now);
  if (lockedForMs > 0) {
    await request.onRefused?.('throttled');
    return {
      ok: false,
      response: errorResponse(429, throttledMessage(Math.ceil(lockedForMs / 60_000)), {
        'retry-after': String(Math.ceil(lockedForMs / 1000)),
      }),
    };
  }
  const refused = await request.precheck?.();
  if (refused) {
    await recordFailedCode(db, userName, clientAddress, now);
    await request.onRefused?.('wrong-password');
    return { ok: false, response: refused };
  }
  const check = await checkCode(db, deps.twoFactor, user.id, request.code, now, {
    confirmed: request.confirmed,
    recoveryCodes: request.recoveryCodes,
  });
  if (!check.ok) {
    if (check.reason === 'wrong-code' || check.reason === 'code-reused') await recordFailedCode(db, userName, clientAddress, now);
    await request.onRefused?.(check.reason);
    return { ok: false, response: codeError(refusalMessage(check.reason, request.notOn)) };
  }
  await clearFailedCodes(db, userName);
  return { ok: true, check };
}

async function userRow(db: Database, userId: number) {
  const [user] = await db.select().from(t.users).where(eq(t.users.id, userId));
  return user;
}

/**
 * two-factor: TOTP as a second step of sign-in (issue 33 §2). The user's own setup in My Account (also open to a user
 * whose role requires it and who has not set it up: REQUIRE_2FA_ROLES), the code step after the password, and an
 * administrator's reset. The secret and the recovery codes are answered once and never kept in an idempotency record.
 */
export const twoFactorRoutes = [
  route({
    method: 'GET',
    endpoint: paths.twoFactor,
    summary: 'The signed-in user’s two-factor sign-in: on or off, recovery codes left, whether it is required',
    answer: TwoFactorStatus,
    beforeTwoFactorSetup: true,
    handle: async ({ c, db, deps, session }) => {
      const [user] = await db.select({ enabledAt: t.users.twoFactorEnabledAt }).from(t.users).where(eq(t.users.id, session.user.cmhUserId));
      const enabled = Boolean(user?.enabledAt);
      return c.json({
        enabled,
        enabledAt: user?.enabledAt?.toISOString() ?? null,
        recoveryCodesLeft: enabled ? await recoveryCodesLeft(db, session.user.cmhUserId) : 0,
        required: twoFactorSetupRequired({ roles: session.user.roles }, deps.twoFactor.config),
        unavailable: deps.twoFactor.keys.unavailable,
      } satisfies TwoFactorStatus);
    },
  }),

  route({
    method: 'POST',
    endpoint: paths.twoFactorSetup,
    summary: 'Start setting up two-factor sign-in: a new setup key and its QR code',
    description: 'The key waits for a code (…/Enable). In production without TOTP_ENCRYPTION_KEY it is refused, saying why.',
    answer: TwoFactorSetup,
    beforeTwoFactorSetup: true,
    idempotent: false,
    handle: async ({ c, db, deps, session }) => {
      if (deps.twoFactor.keys.unavailable) return errorResponse(400, deps.twoFactor.keys.unavailable);
      const user = await userRow(db, session.user.cmhUserId);
      if (!user) return errorResponse(401, 'Your account no longer exists.');
      if (user.twoFactorEnabledAt) return errorResponse(400, TWO_FACTOR_MESSAGES.alreadyOn);
      return c.json((await startSetup(db, deps.twoFactor, user)) satisfies TwoFactorSetup);
    },
  }),

  route({
    method: 'POST',
    endpoint: paths.twoFactorEnable,
    summary: 'Turn two-factor sign-in on with a code of the new setup key: answers the recovery codes, once',
    answer: RecoveryCodes,
    errors: [429],
    beforeTwoFactorSetup: true,
    idempotent: false,
    body: TwoFactorCodeBody,
    handle: async ({ c, db, deps, session, body }) => {
      if (deps.twoFactor.keys.unavailable) return errorResponse(400, deps.twoFactor.keys.unavailable);
      const now = deps.clock();
      const user = await userRow(db, session.user.cmhUserId);
      if (!user) return errorResponse(401, 'Your account no longer exists.');
      if (user.twoFactorEnabledAt) return errorResponse(400, TWO_FACTOR_MESSAGES.alreadyOn);
      if (!isTotpCode(body.code)) return codeError(TWO_FACTOR_MESSAGES.totpOnly);
      const spent = await spendCode({ c, db, deps, user, code: body.code, now, notOn: TWO_FACTOR_MESSAGES.noSetup, confirmed: false });
      if (!spent.ok) return spent.response;
      const recoveryCodes = await enableTwoFactor(db, user.id, now);
      await recordAudit(db, {
        ...requestOrigin(c, session.user),
        at: now,
        action: 'two-factor.enabled',
        target: { userId: user.id, name: user.userName },
      });
      return c.json({ recoveryCodes } satisfies RecoveryCodes);
    },
  }),

  route({
    method: 'POST',
    endpoint: paths.twoFactorDisable,
    summary: 'Turn two-factor sign-in off, with the password and a code (or a recovery code)',
    answer: { status: 204 },
    errors: [429],
    idempotent: false,
    body: TwoFactorDisableBody,
    handle: async ({ c, db, deps, session, body }) => {
      const now = deps.clock();
      const user = await userRow(db, session.user.cmhUserId);
      if (!user) return errorResponse(401, 'Your account no longer exists.');
      if (!user.twoFactorEnabledAt) return errorResponse(400, TWO_FACTOR_MESSAGES.notOn);
      if (twoFactorSetupRequired({ roles: session.user.roles }, deps.twoFactor.config))
        return errorResponse(400, TWO_FACTOR_MESSAGES.requiredByRole);
      const spent = await spendCode({
        c,
        db,
        deps,
        user,
        code: body.code,
        now,
        notOn: TWO_FACTOR_MESSAGES.notOn,
        precheck: async () =>
          user.passwordHash && (await verifyPassword(user.passwordHash, body.password))
            ? null
            : jsonResponse(400, {
                message: TWO_FACTOR_MESSAGES.wrongPassword,
                field: 'password',
                issues: [{ field: 'password', message: TWO_FACTOR_MESSAGES.wrongPassword }],
              } satisfies ErrorBody),
      });
      if (!spent.ok) return spent.response;
      await disableTwoFactor(db, user.id);
      const origin = requestOrigin(c, session.user);
      const target = { userId: user.id, name: user.userName };
      if (spent.check.via === 'recovery-code')
        await recordAudit(db, { ...origin, at: now, action: 'two-factor.recovery-code-used', target, details: { to: 'turn off' } });
      await recordAudit(db, { ...origin, at: now, action: 'two-factor.disabled', target });
      return c.body(null, 204);
    },
  }),

  route({
    method: 'POST',
    endpoint: paths.twoFactorRecoveryCodes,
    summary: 'Make new recovery codes (the old ones stop working), with a code from the app: answers them, once',
    answer: RecoveryCodes,
    errors: [429],
    idempotent: false,
    body: TwoFactorCodeBody,
    handle: async ({ c, db, deps, session, body }) => {
      const now = deps.clock();
      const user = await userRow(db, session.user.cmhUserId);
      if (!user) return errorResponse(401, 'Your account no longer exists.');
      if (!user.twoFactorEnabledAt) return errorResponse(400, TWO_FACTOR_MESSAGES.notOn);
      if (!isTotpCode(body.code)) return codeError(TWO_FACTOR_MESSAGES.totpOnly);
      const spent = await spendCode({ c, db, deps, user, code: body.code, now, notOn: TWO_FACTOR_MESSAGES.notOn, recoveryCodes: false });
      if (!spent.ok) return spent.response;
      const recoveryCodes = await renewRecoveryCodes(db, user.id, now);
      await recordAudit(db, {
        ...requestOrigin(c, session.user),
        at: now,
        action: 'two-factor.recovery-codes-renewed',
        target: { userId: user.id, name: user.userName },
      });
      return c.json({ recoveryCodes } satisfies RecoveryCodes);
    },
  }),

  route({
    method: 'POST',
    endpoint: paths.twoFactorVerify,
    summary: 'Sign in, second step: the token endpoint’s challenge and a code (or a recovery code), for the session',
    description: 'Throttled like passwords; a code of a time step already used is refused.',
    answer: Account,
    errors: [
      { status: 400, description: 'The code is wrong or was used already.' },
      { status: 410, description: 'The challenge expired or was used: sign in again with the password.' },
      429,
    ],
    auth: 'none',
    idempotent: false,
    body: TwoFactorVerifyBody,
    handle: async ({ c, db, deps, body }) => {
      const now = deps.clock();
      const expired = () => errorResponse(410, TWO_FACTOR_MESSAGES.challengeExpired);
      const claims = await readChallenge(deps.twoFactor, body.challenge, now);
      if (!claims) return expired();
      const [used] = await db.select({ jti: t.revokedTokens.jti }).from(t.revokedTokens).where(eq(t.revokedTokens.jti, claims.jti));
      const user = await userRow(db, Number(claims.sub));
      // A password change since the password step ends its challenge, as it ends sessions.
      if (used || !user?.isActive || !user.twoFactorEnabledAt || user.tokenGeneration !== claims.gen) return expired();

      const origin = requestOrigin(c);
      const target = { userId: user.id, name: user.userName };
      const spent = await spendCode({
        c,
        db,
        deps,
        user,
        code: body.code,
        now,
        notOn: TWO_FACTOR_MESSAGES.challengeExpired,
        onRefused: async (reason) => {
          deps.config.logger?.info({ requestId: c.get('requestId'), userId: user.id, reason, step: 'code' }, 'sign-in refused');
          await recordAudit(db, { ...origin, at: now, action: 'sign-in.failed', target, details: { reason, step: 'code' } });
        },
      });
      if (!spent.ok) return spent.response;
      // The challenge works once.
      await deps.tokens.revoke(db, { jti: claims.jti, exp: claims.exp });
      const signedIn = requestOrigin(c, { cmhUserId: user.id, userName: user.userName });
      if (spent.check.via === 'recovery-code')
        await recordAudit(db, {
          ...signedIn,
          at: now,
          action: 'two-factor.recovery-code-used',
          target,
          details: { left: spent.check.recoveryCodesLeft },
        });
      const account = await openSession(db, deps.tokens, user, {
        origin: signedIn,
        at: now,
        details: { via: spent.check.via === 'totp' ? 'password+totp' : 'password+recovery-code' },
      });
      return c.json(account satisfies Account);
    },
  }),

  route({
    method: 'POST',
    endpoint: paths.userTwoFactorReset,
    summary: 'Reset a user’s two-factor sign-in (turn it off): the user is mailed',
    description: 'For a user who lost their phone and recovery codes; they sign in with the password and can set it up again.',
    answer: ManagedUser,
    errors: [404],
    flag: 'isAdmin',
    body: TwoFactorResetBody,
    handle: async ({ c, db, deps, session, body }) => {
      const admin = administratorOf(session.user);
      const user = await findManagedUser(db, admin, body.cmhUserId);
      if (!user) return errorResponse(404, ADMIN_USER_MESSAGES.userNotFound);
      if (!user.allowEdit) return errorResponse(403, ADMIN_USER_MESSAGES.readOnlyUser);
      if (!user.twoFactorEnabled) return errorResponse(400, TWO_FACTOR_MESSAGES.notOn);
      const now = deps.clock();
      await disableTwoFactor(db, user.cmhUserId);
      const mailed = deps.identity.config.mail.kind !== 'none';
      if (mailed) {
        const resetBy = `${session.user.firstName} ${session.user.lastName}`;
        const mail = twoFactorResetMail({ to: user, resetBy, at: now });
        await queueMail(db, deps.identity.mailKey, mail, new Date(now.getTime() + RESET_MAIL_TTL_MS), now);
      }
      await recordAudit(db, {
        ...requestOrigin(c, session.user),
        at: now,
        action: 'two-factor.reset',
        target: { userId: user.cmhUserId, name: user.userName },
        details: { delivery: mailed ? 'mail' : 'none' },
      });
      return c.json((await findManagedUser(db, admin, user.cmhUserId)) satisfies ManagedUser | null);
    },
  }),
];
