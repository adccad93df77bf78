import { eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import {
  ForgotPasswordBody,
  LINK_REFUSAL_MESSAGES,
  LinkStatusBody,
  paths,
  SetPasswordBody,
  ForgotPasswordAnswer,
  SignInAnswer,
  LinkStatus,
} from '../../contract';
import { recordAudit, requestOrigin } from '../audit/audit';
import { linkStatusOf, lookUpLink, markLinkUsed } from '../auth/one-time-links';
import { hashPassword } from '../auth/passwords';
import { openSession } from '../auth/sign-in';
import { issueChallenge } from '../auth/totp';
import {
  attemptsLockedFor,
  clearFailedSignIns,
  PASSWORD_RESET_REQUESTS,
  recordResetRequest,
  resetThrottledMessage,
  serializeAttempts,
} from '../auth/throttle';
import { cutOffTokens } from '../auth/tokens';
import * as t from '../db/schema';
import type { AppDeps } from '../http/deps';
import { errorResponse, jsonResponse } from '../http/errors';
import { route } from '../http/route';
import { isSecureRequest } from '../ops/client-address';
import { describeDuration } from '../mail/messages';
import { sendPasswordLink } from '../identity/send-link';

/** Where links point: PUBLIC_URL, else the address this request reached (through a trusted proxy, its scheme). */
export function linkBaseOf(c: Context, deps: Pick<AppDeps, 'identity' | 'config'>): string {
  if (deps.identity.config.publicUrl) return deps.identity.config.publicUrl;
  const host = c.req.header('host') ?? new URL(c.req.url).host;
  return `${isSecureRequest(c, deps.config.trustedProxyHops ?? 0) ? 'https' : 'http'}://${host}`;
}

const forgotPasswordMessage = (resetTtlMs: number) =>
  `If that user name belongs to an active HomeSite account, an e-mail with a link to set a new password is on its way to it. The link lasts ${describeDuration(resetTtlMs)}.`;

/**
 * identity: "Forgot password?" and the page a link opens (issue 29 §3, §4). None of these needs a session; the token of
 * a link travels in a body, never in a URL the server sees.
 */
export const identityRoutes = [
  route({
    method: 'POST',
    endpoint: paths.forgotPassword,
    summary: 'Ask for a link to set a new password',
    description: 'Answers the same words whoever asks; the mail goes only to an active account.',
    answer: ForgotPasswordAnswer,
    errors: [429],
    auth: 'none',
    idempotent: false,
    body: ForgotPasswordBody,
    handle: async ({ c, db, deps, body }) => {
      const { userName } = body;
      const clientAddress = c.get('clientAddress');
      const now = deps.clock();
      // Counted for every name, known or not, so the throttle itself tells nothing about who exists.
      await serializeAttempts(db, PASSWORD_RESET_REQUESTS, userName, clientAddress);
      const lockedForMs = await attemptsLockedFor(db, PASSWORD_RESET_REQUESTS, userName, clientAddress, now);
      if (lockedForMs > 0)
        return errorResponse(429, resetThrottledMessage(Math.ceil(lockedForMs / 60_000)), {
          'retry-after': String(Math.ceil(lockedForMs / 1000)),
        });
      await recordResetRequest(db, userName, clientAddress, now);

      // The answer leaves before anything about the user is looked up: the same words in the same time whoever asks.
      // The link and its mail are made after it, in a transaction of their own.
      const origin = requestOrigin(c);
      const linkBase = linkBaseOf(c, deps);
      deps.afterAnswer(async (tx) => {
        const [user] = await tx
          .select({
            id: t.users.id,
            userName: t.users.userName,
            firstName: t.users.firstName,
            lastName: t.users.lastName,
            isActive: t.users.isActive,
          })
          .from(t.users)
          .where(eq(sql`lower(${t.users.userName})`, userName));
        if (!user?.isActive || deps.identity.config.mail.kind === 'none') return;
        await sendPasswordLink(tx, deps.identity.config, deps.identity.mailKey, {
          user,
          purpose: 'reset',
          sentBy: null,
          origin,
          linkBase,
          now,
        });
      });
      return c.json({ message: forgotPasswordMessage(deps.identity.config.resetTtlMs) } satisfies ForgotPasswordAnswer);
    },
  }),

  route({
    method: 'POST',
    endpoint: paths.linkStatus,
    summary: 'What a one-time link is for, and whether it still works',
    answer: LinkStatus,
    auth: 'none',
    idempotent: false,
    body: LinkStatusBody,
    handle: async ({ c, db, deps, body }) => c.json(linkStatusOf(await lookUpLink(db, body.token, deps.clock())) satisfies LinkStatus),
  }),

  route({
    method: 'POST',
    endpoint: paths.setPassword,
    summary: 'Set a password from a one-time link, and sign in',
    description: 'Ends every other session of the user. With two-factor sign-in on, the answer is the code step’s challenge.',
    answer: SignInAnswer,
    errors: [{ status: 410, description: 'The link is used, expired or ended: its status (LinkStatus) with a `message`.' }],
    auth: 'none',
    idempotent: false,
    body: SetPasswordBody,
    handle: async ({ c, db, deps, body }) => {
      const now = deps.clock();
      // Hashed before the link's row is locked: the lock is then held for a few statements, not a slow hash.
      const passwordHash = await hashPassword(body.password);
      const link = await lookUpLink(db, body.token, now, { lock: true });
      if (!link.ok) {
        const status = linkStatusOf(link);
        return jsonResponse(410, { ...status, message: LINK_REFUSAL_MESSAGES[link.reason] });
      }
      const { user } = link;
      // Every session the user had ends (a reset is often because a device was lost); the throttle starts afresh.
      const [changed] = await db
        .update(t.users)
        .set({ passwordHash, passwordLastChanged: now, ...cutOffTokens(null) })
        .where(eq(t.users.id, user.id))
        .returning({ tokenGeneration: t.users.tokenGeneration, twoFactorEnabledAt: t.users.twoFactorEnabledAt });
      await markLinkUsed(db, link.linkId, now);
      await clearFailedSignIns(db, user.userName.toLowerCase());
      const origin = requestOrigin(c, { cmhUserId: user.id, userName: user.userName });
      const target = { userId: user.id, name: user.userName };
      await recordAudit(db, { ...origin, at: now, action: 'password.set', target, details: { link: link.purpose } });
      // A link is a way around the password, not around the second factor: with two-factor sign-in on, the code step.
      if (changed!.twoFactorEnabledAt)
        return c.json(
          (await issueChallenge(deps.twoFactor, { id: user.id, tokenGeneration: changed!.tokenGeneration }, now)) satisfies SignInAnswer,
        );
      const account = await openSession(
        db,
        deps.tokens,
        { ...user, tokenGeneration: changed!.tokenGeneration },
        { origin, at: now, details: { via: 'link' } },
      );
      return c.json(account satisfies SignInAnswer);
    },
  }),
];
