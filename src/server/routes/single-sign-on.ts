import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  paths,
  SINGLE_SIGN_ON_CODE,
  SINGLE_SIGN_ON_PATH,
  SingleSignOnAnswer,
  SingleSignOnOptions,
  SingleSignOnSessionBody,
  SingleSignOnStartQuery,
  noHomeSiteUserMessage,
} from '../../contract';
import { recordAudit, requestOrigin } from '../audit/audit';
import type { SingleSignOnConfig } from '../auth/oidc-config';
import { openSession } from '../auth/sign-in';
import {
  beginFlow,
  finishFlow,
  FLOW_TTL_MS,
  OUTCOME_TTL_MS,
  refusalMessage,
  sameState,
  seal,
  sealKeyOf,
  unseal,
  usedOutcomeKey,
  usedStateKey,
  type FlowState,
  type Outcome,
  type Refusal,
  type SealKey,
} from '../auth/single-sign-on';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import type { AppDeps } from '../http/deps';
import { errorResponse } from '../http/errors';
import { serverPath } from '../http/paths';
import { route } from '../http/route';

/*
 * Single sign-on (issue 33 §1). The browser goes to /start, which sends it to the provider with a sealed cookie holding
 * the flow (state, nonce, PKCE verifier, return address); the provider sends it back to /callback, which checks
 * everything, spends the state, and sends it on to the sign-in page with a one-time code in the fragment (which never
 * reaches a server or its logs); the page posts the code to /session for the session, or the refusal's words. The
 * bearer token itself is never in a URL.
 */

const FLOW_COOKIE = 'HomeSite.oidc';
/** The cookie goes only to /start and /callback (and /session, which ignores it). */
const FLOW_COOKIE_PATH = serverPath(paths.singleSignOnCallback).replace(/\/[^/]*$/, '');

const NOT_SET_UP = 'Single sign-on is not set up on this server.';
const CODE_REFUSED = 'This sign-in has been finished already, or took too long. Please sign in again.';

const keys = new WeakMap<AppDeps['config'], SealKey>();
function sealKey(deps: Pick<AppDeps, 'config'>): SealKey {
  let key = keys.get(deps.config);
  if (!key) keys.set(deps.config, (key = sealKeyOf(deps.config.tokenSecret)));
  return key;
}

const singleSignOnOf = (deps: Pick<AppDeps, 'identity'>): SingleSignOnConfig | null => deps.identity.config.singleSignOn ?? null;

/** The cookie's attributes: HttpOnly, SameSite=Lax (sent on the provider's top-level redirect back), Secure behind https. */
const flowCookie = (config: SingleSignOnConfig) =>
  ({ path: FLOW_COOKIE_PATH, httpOnly: true, sameSite: 'Lax', secure: config.redirectUri.startsWith('https:') }) as const;

/** The sign-in page with the code of an outcome (a session to open, or a refusal to show). */
function toSignInPage(c: Context, key: SealKey, outcome: Outcome) {
  c.header('cache-control', 'no-store');
  c.header('referrer-policy', 'no-referrer');
  return c.redirect(`${SINGLE_SIGN_ON_PATH}#${SINGLE_SIGN_ON_CODE}=${seal(key, 'outcome', outcome)}`, 302);
}

/** Remembers a state as used until its flow would have expired anyway; false when it was used before. */
async function spend(db: Database, jti: string, expiresAt: Date): Promise<boolean> {
  const [spent] = await db.insert(t.revokedTokens).values({ jti, expiresAt }).onConflictDoNothing().returning({ jti: t.revokedTokens.jti });
  return spent !== undefined;
}

export const singleSignOnRoutes = [
  route({
    method: 'GET',
    endpoint: paths.singleSignOnOptions,
    summary: 'Whether the sign-in page offers single sign-on, and its button’s label',
    answer: SingleSignOnOptions,
    auth: 'none',
    handle: ({ c, deps }) => {
      const config = singleSignOnOf(deps);
      return c.json({ singleSignOn: config ? { label: config.label } : null } satisfies SingleSignOnOptions);
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.singleSignOnStart,
    summary: 'Sign in with the identity provider: a redirect to it',
    description:
      'Sets a short-lived, sealed, HttpOnly cookie holding the flow (state, nonce, PKCE verifier, returnUrl) and redirects to the ' +
      'provider’s authorization endpoint. When the provider cannot be reached, redirects to the sign-in page with the refusal.',
    answer: { status: 302, description: 'To the provider’s authorization endpoint.' },
    errors: [{ status: 404, description: 'Single sign-on is not set up (OIDC_ISSUER).' }],
    auth: 'none',
    query: SingleSignOnStartQuery,
    handle: async ({ c, deps, query }) => {
      const config = singleSignOnOf(deps);
      if (!config) return errorResponse(404, NOT_SET_UP);
      const now = deps.clock();
      const key = sealKey(deps);
      let begun: Awaited<ReturnType<typeof beginFlow>>;
      try {
        begun = await beginFlow(config, query.returnUrl || null, now);
      } catch (error) {
        deps.config.logger?.warn({ requestId: c.get('requestId'), err: error }, 'single sign-on: the provider could not be reached');
        return toSignInPage(c, key, {
          kind: 'refused',
          message: refusalMessage(config, { ok: false, reason: 'unavailable' }),
          exp: now.getTime() + OUTCOME_TTL_MS,
        });
      }
      setCookie(c, FLOW_COOKIE, seal(key, 'flow', begun.flow), { ...flowCookie(config), maxAge: FLOW_TTL_MS / 1000 });
      c.header('cache-control', 'no-store');
      return c.redirect(begun.location, 302);
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.singleSignOnCallback,
    summary: 'Where the identity provider sends the browser back (the redirect URI)',
    description:
      'Checks the flow’s cookie and `state` (each state is taken once), exchanges the code with the PKCE verifier, checks the ID ' +
      'token (signature, issuer, audience, nonce) and matches its verified e-mail to an active user. Redirects to the sign-in page ' +
      'with a one-time code in the fragment, for POST {auth}/oidc/session: the session, or the refusal’s words.',
    answer: { status: 302, description: 'To the sign-in page, with the one-time code in the fragment.' },
    errors: [{ status: 404, description: 'Single sign-on is not set up (OIDC_ISSUER).' }],
    auth: 'none',
    handle: async ({ c, db, deps }) => {
      const config = singleSignOnOf(deps);
      if (!config) return errorResponse(404, NOT_SET_UP);
      const now = deps.clock();
      const key = sealKey(deps);
      const flow = unseal<FlowState>(key, 'flow', getCookie(c, FLOW_COOKIE), now);
      // Whatever happens next, this flow is over.
      deleteCookie(c, FLOW_COOKIE, flowCookie(config));
      const query = new URL(c.req.url).search;
      const origin = requestOrigin(c);

      const refuse = async (refusal: { reason: Refusal; detail?: string; email?: string; userId?: number }) => {
        deps.config.logger?.info(
          { requestId: c.get('requestId'), reason: refusal.reason, userId: refusal.userId },
          'single sign-on refused',
        );
        await recordAudit(db, {
          ...origin,
          at: now,
          action: 'sign-in.failed',
          target: refusal.email ? { userId: refusal.userId ?? null, name: refusal.email } : null,
          details: { via: 'oidc', reason: refusal.reason, ...(refusal.detail ? { detail: refusal.detail.slice(0, 200) } : {}) },
        });
        return toSignInPage(c, key, {
          kind: 'refused',
          message: refusalMessage(config, { ok: false, ...refusal }),
          exp: now.getTime() + OUTCOME_TTL_MS,
        });
      };

      if (!flow) return refuse({ reason: 'no-flow' });
      if (!sameState(flow, c.req.query('state'))) return refuse({ reason: 'state-mismatch' });
      // A state is taken once, on every instance: the same answer replayed with its cookie is refused.
      if (!(await spend(db, usedStateKey(flow.state), new Date(flow.exp)))) return refuse({ reason: 'state-used' });

      const verified = await finishFlow(config, flow, query);
      if (!verified.ok) return refuse(verified);
      const [user] = await db
        .select({ id: t.users.id, isActive: t.users.isActive })
        .from(t.users)
        .where(eq(sql`lower(${t.users.userName})`, verified.email));
      // Nothing is created: roles and retail centers are HomeSite's, so an administrator adds the user first.
      if (!user) return refuse({ reason: 'unknown-user', email: verified.email });
      if (!user.isActive) return refuse({ reason: 'inactive', email: verified.email, userId: user.id });

      return toSignInPage(c, key, {
        kind: 'signed-in',
        userId: user.id,
        jti: randomUUID(),
        returnUrl: flow.returnUrl,
        exp: now.getTime() + OUTCOME_TTL_MS,
      });
    },
  }),

  route({
    method: 'POST',
    endpoint: paths.singleSignOnSession,
    summary: 'The session of a sign-in with the identity provider, for the callback’s one-time code',
    description:
      'The same session token as a password sign-in (no HomeSite code step: the provider owns the second factor). A code ' +
      'is taken once and lasts two minutes; a refused sign-in’s code answers 400 with the refusal’s words.',
    answer: SingleSignOnAnswer,
    errors: [{ status: 400, description: 'The sign-in was refused (the message says why), or the code is used, expired or not valid.' }],
    auth: 'none',
    idempotent: false,
    body: SingleSignOnSessionBody,
    handle: async ({ c, db, deps, body }) => {
      const now = deps.clock();
      const outcome = unseal<Outcome>(sealKey(deps), 'outcome', body.code, now);
      if (!outcome) return errorResponse(400, CODE_REFUSED);
      if (outcome.kind === 'refused') return errorResponse(400, outcome.message);
      if (!(await spend(db, usedOutcomeKey(outcome.jti), new Date(outcome.exp)))) return errorResponse(400, CODE_REFUSED);
      const [user] = await db
        .select({
          id: t.users.id,
          userName: t.users.userName,
          firstName: t.users.firstName,
          lastName: t.users.lastName,
          isActive: t.users.isActive,
          tokenGeneration: t.users.tokenGeneration,
        })
        .from(t.users)
        .where(eq(t.users.id, outcome.userId));
      // Deactivated in the moment between the callback and now.
      if (!user?.isActive) return errorResponse(400, noHomeSiteUserMessage(user?.userName ?? 'this account'));
      const account = await openSession(
        db,
        deps.tokens,
        user,
        { origin: requestOrigin(c, { cmhUserId: user.id, userName: user.userName }), at: now, details: { via: 'oidc' } },
        { singleSignOn: true },
      );
      return c.json({ ...account, returnUrl: outcome.returnUrl } satisfies SingleSignOnAnswer);
    },
  }),
];
