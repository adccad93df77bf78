import { and, count, eq, sql } from 'drizzle-orm';
import * as client from 'openid-client';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CmhUser, SingleSignOnAnswer, SingleSignOnOptions, noHomeSiteUserMessage, type RoleName } from '../../src/contract';
import { createApp, type App } from '../../src/server/app';
import { singleSignOnConfigFromEnv } from '../../src/server/auth/oidc-config';
import * as schema from '../../src/server/db/schema';
import { DEFAULT_IDENTITY_CONFIG, type IdentityConfig } from '../../src/server/mail/config';
import { startOidcProvider, type TestProvider } from '../oidc-provider';
import { callerFor, createTestContext, type TestContext } from './harness';

/*
 * Issue 33 §1: single sign-on against a real OpenID Connect provider (oidc-provider) on 127.0.0.1, through the real
 * server code on the embedded database. The browser is played by hand: each hop's redirect is followed with the
 * cookies a browser would send (the provider's on the provider, the flow's on HomeSite).
 */

/** Nothing listens there: the provider's redirect to it is taken by the test and handed to the app in-process. */
const PUBLIC_URL = 'http://127.0.0.1:8089';
const REDIRECT_URI = `${PUBLIC_URL}/auth/oidc/callback`;
const CLIENT = { client_id: 'homesite', client_secret: 'homesite-test-client-secret-0123456789' };
/** Another application registered at the same provider: its ID tokens are for another audience. */
const OTHER = {
  client_id: 'other-app',
  client_secret: 'other-app-test-client-secret-0123456789',
  redirect_uri: 'http://127.0.0.1:8090/cb',
};
const SERVICE = 'service@demo.homesite.test';
const STRANGER = 'stranger@elsewhere.example';

let t: TestContext;
let provider: TestProvider;
/** The harness's database, with single sign-on configured as the README says (from the environment). */
let sso: App;

function identityWith(env: NodeJS.ProcessEnv): IdentityConfig {
  return { ...DEFAULT_IDENTITY_CONFIG, publicUrl: PUBLIC_URL, singleSignOn: singleSignOnConfigFromEnv(env, PUBLIC_URL) };
}
const ssoEnv = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  OIDC_ISSUER: provider.issuer,
  OIDC_CLIENT_ID: CLIENT.client_id,
  OIDC_CLIENT_SECRET: CLIENT.client_secret,
  OIDC_LABEL: 'Valley View SSO',
  ...extra,
});
const appWith = (env: NodeJS.ProcessEnv) => createApp({ db: t.db, config: { ...t.config, identity: identityWith(env) } });

beforeAll(async () => {
  t = await createTestContext();
  provider = await startOidcProvider({
    interactions: 'automatic',
    clients: [
      { ...CLIENT, redirect_uris: [REDIRECT_URI] },
      { client_id: OTHER.client_id, client_secret: OTHER.client_secret, redirect_uris: [OTHER.redirect_uri] },
    ],
  });
  sso = appWith(ssoEnv());
});
afterAll(async () => {
  await provider?.close();
  await t?.close();
});

/* ---- the browser's hops ---- */

/** The cookies a Set-Cookie list sets, as name=value pairs (attributes dropped). */
const cookiePairs = (headers: Headers) => headers.getSetCookie().map((line) => line.split(';')[0]!);

/** Follows the provider's redirects, with its cookies, until it sends the browser to `redirectUri`: that URL. */
async function throughProvider(authorizationUrl: string, signInAs: string, redirectUri = REDIRECT_URI): Promise<string> {
  provider.signInAs = signInAs;
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const pair of cookiePairs(response.headers)) {
      const [name, ...value] = pair.split('=');
      jar.set(name!, value.join('='));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider answered ${response.status} at ${url}: ${await response.text()}`);
    url = new URL(location, url).href;
    if (url.startsWith(`${redirectUri}?`)) return url;
  }
  throw new Error('the provider never sent the browser back');
}

interface Started {
  /** The flow's cookie, as the browser sends it back (name=value). */
  cookie: string;
  authorizationUrl: URL;
  setCookie: string;
}

async function start(app: App = sso, returnUrl?: string): Promise<Started> {
  const response = await app.request(`/auth/oidc/start${returnUrl ? `?${new URLSearchParams({ returnUrl })}` : ''}`);
  expect(response.status).toBe(302);
  const setCookie = response.headers.getSetCookie().find((line) => line.startsWith('HomeSite.oidc='));
  expect(setCookie).toBeDefined();
  return { cookie: setCookie!.split(';')[0]!, authorizationUrl: new URL(response.headers.get('location')!), setCookie: setCookie! };
}

/** The callback as the browser opens it: the provider's redirect, with the flow's cookie (or none). The code of the fragment. */
async function callback(callbackUrl: string, cookie: string | null, app: App = sso) {
  const url = new URL(callbackUrl);
  const response = await app.request(`${url.pathname}${url.search}`, { headers: cookie ? { cookie } : {} });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location')!, PUBLIC_URL);
  expect(location.pathname).toBe('/login/sso');
  // The flow is over whatever the outcome: its cookie is cleared.
  expect(response.headers.getSetCookie().some((line) => line.startsWith('HomeSite.oidc=;'))).toBe(true);
  const code = new URLSearchParams(location.hash.slice(1)).get('code');
  expect(code).toBeTruthy();
  return code!;
}

const session = (code: string, app: App = sso) => callerFor(app)('POST', '/auth/oidc/session', { body: { code }, idempotencyKey: null });

/** Start, the provider, the callback: the one-time code for the page. */
async function signInThrough(signInAs: string, app: App = sso, returnUrl?: string) {
  const started = await start(app, returnUrl);
  const callbackUrl = await throughProvider(started.authorizationUrl.href, signInAs);
  return { started, callbackUrl, code: await callback(callbackUrl, started.cookie, app) };
}

/** What the page is told for a code that carries a refusal. */
async function refusalOf(code: string, app: App = sso) {
  const answer = await session(code, app);
  expect(answer.status).toBe(400);
  return (answer.body as { message: string }).message;
}

/** An ID token of a whole other flow at the provider: another client's, or this client's for another nonce. */
async function idTokenOfAnotherFlow(registration: { client_id: string; client_secret: string; redirect_uri: string }, signInAs: string) {
  const configuration = await client.discovery(new URL(provider.issuer), registration.client_id, registration.client_secret, undefined, {
    execute: [client.allowInsecureRequests],
  });
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: registration.redirect_uri,
    scope: 'openid email',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  const back = await throughProvider(url.href, signInAs, registration.redirect_uri);
  const tokens = await client.authorizationCodeGrant(configuration, new URL(back), {
    pkceCodeVerifier: verifier,
    expectedState: state,
    expectedNonce: nonce,
  });
  return tokens.id_token!;
}

async function ssoAuditEvents(reason?: string) {
  const rows = await t.db
    .select()
    .from(schema.auditEvents)
    .where(and(eq(schema.auditEvents.action, 'sign-in.failed'), sql`${schema.auditEvents.details}->>'via' = 'oidc'`));
  return reason ? rows.filter((row) => (row.details as { reason?: string }).reason === reason) : rows;
}

/* ---- the tests ---- */

describe('configuration', () => {
  it('the options say whether the sign-in page offers single sign-on, and its label', async () => {
    const off = await t.call('GET', '/auth/oidc/options');
    expect(v.parse(SingleSignOnOptions, off.body)).toEqual({ singleSignOn: null });
    const on = await callerFor(sso)('GET', '/auth/oidc/options');
    expect(v.parse(SingleSignOnOptions, on.body)).toEqual({ singleSignOn: { label: 'Valley View SSO' } });
    // Without it, the start and the callback are not there.
    expect((await t.call('GET', '/auth/oidc/start')).status).toBe(404);
    expect((await t.call('GET', '/auth/oidc/callback')).status).toBe(404);
  });

  it('an incomplete or unsafe configuration stops the start, saying what is wrong', () => {
    const env = ssoEnv();
    expect(() => singleSignOnConfigFromEnv(env, null)).toThrow(/needs PUBLIC_URL/);
    expect(() => singleSignOnConfigFromEnv({ ...env, OIDC_CLIENT_SECRET: '' }, PUBLIC_URL)).toThrow(/OIDC_CLIENT_SECRET/);
    expect(() => singleSignOnConfigFromEnv({ ...env, OIDC_ISSUER: 'http://login.example.com' }, PUBLIC_URL)).toThrow(/https/);
    expect(() => singleSignOnConfigFromEnv({ OIDC_LABEL: 'Okta' }, PUBLIC_URL)).toThrow(/OIDC_LABEL is set but OIDC_ISSUER is not/);
    expect(() => singleSignOnConfigFromEnv({ ...env, OIDC_ONLY_DOMAINS: 'example.com, not a domain' }, PUBLIC_URL)).toThrow(
      /OIDC_ONLY_DOMAINS/,
    );
    expect(() => singleSignOnConfigFromEnv({ ...env, OIDC_TRUST_UNVERIFIED_EMAIL: 'yes' }, PUBLIC_URL)).toThrow(/true or false/);
    expect(singleSignOnConfigFromEnv({}, PUBLIC_URL)).toBeNull();
    expect(singleSignOnConfigFromEnv({ ...env, OIDC_ONLY_DOMAINS: 'Valley.Example,@corp.example' }, PUBLIC_URL)).toMatchObject({
      redirectUri: REDIRECT_URI,
      emailClaim: 'email',
      trustUnverifiedEmail: false,
      onlyDomains: ['valley.example', 'corp.example'],
    });
  });
});

describe('the code flow', () => {
  it('a provider that cannot be reached: the start sends the browser back to the sign-in page, which says so', async () => {
    const unreachable = appWith(ssoEnv({ OIDC_ISSUER: 'http://127.0.0.1:1' }));
    const response = await unreachable.request('/auth/oidc/start');
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!, PUBLIC_URL);
    expect(location.pathname).toBe('/login/sso');
    expect(response.headers.getSetCookie().some((line) => line.startsWith('HomeSite.oidc='))).toBe(false);
    const code = new URLSearchParams(location.hash.slice(1)).get('code')!;
    expect(await refusalOf(code, unreachable)).toBe('Valley View SSO cannot be reached just now. Please try again in a moment.');
  });

  it('the start sends the browser to the provider with PKCE (S256), state and nonce, the flow in a sealed HttpOnly cookie', async () => {
    const { authorizationUrl, setCookie, cookie } = await start();
    expect(authorizationUrl.origin).toBe(provider.issuer);
    const params = authorizationUrl.searchParams;
    expect(params.get('client_id')).toBe(CLIENT.client_id);
    expect(params.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(params.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(params.get('scope')!.split(' ')).toEqual(expect.arrayContaining(['openid', 'email']));
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Lax/i);
    expect(setCookie).toMatch(/; Path=\/auth\/oidc/i);
    expect(setCookie).toMatch(/; Max-Age=600/i);
    // Sealed: neither the state nor the verifier can be read from it.
    expect(cookie).not.toContain(params.get('state')!);
  });

  it('the user the provider vouches for (any case) gets the same session as a password sign-in, once; the sign-in is audited', async () => {
    const { code } = await signInThrough('Service@Demo.HomeSite.TEST', sso, '/service');
    const answer = await session(code);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const account = v.parse(SingleSignOnAnswer, answer.body);
    expect(account).toMatchObject({ email: SERVICE, returnUrl: '/service' });
    const profile = await t.call('GET', '/auth/api/Account/User', { token: account.bearerToken });
    expect(profile.status).toBe(200);
    expect(v.parse(CmhUser, profile.body).userName).toBe(SERVICE);
    // The same token as a password sign-in, marked as one of single sign-on.
    const password = await t.login('service');
    const claimsOf = (token: string) => Object.keys(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as object).sort();
    expect(claimsOf(account.bearerToken)).toEqual([...claimsOf(password), 'sso'].sort());

    // The code is taken once.
    expect(await refusalOf(code)).toMatch(/finished already/);
    const [event] = await t.db
      .select()
      .from(schema.auditEvents)
      .where(
        and(
          eq(schema.auditEvents.action, 'sign-in.succeeded'),
          eq(schema.auditEvents.targetName, SERVICE),
          sql`${schema.auditEvents.details}->>'via' = 'oidc'`,
        ),
      )
      .orderBy(sql`${schema.auditEvents.id} desc`)
      .limit(1);
    expect(event?.details).toEqual({ via: 'oidc' });
    expect(event?.actorName).toBe(SERVICE);
  });

  it('refuses a forged state, and a callback without the flow’s cookie', async () => {
    const started = await start();
    const callbackUrl = new URL(await throughProvider(started.authorizationUrl.href, SERVICE));
    const forged = new URL(callbackUrl);
    forged.searchParams.set('state', client.randomState());
    expect(await refusalOf(await callback(forged.href, started.cookie))).toMatch(/does not belong to the sign-in started on this device/);
    expect(await ssoAuditEvents('state-mismatch')).toHaveLength(1);

    // The genuine answer without the cookie (another browser, or the cookie's 10 minutes over).
    expect(await refusalOf(await callback(callbackUrl.href, null))).toMatch(/was not started on this device/);
    expect(await ssoAuditEvents('no-flow')).toHaveLength(1);
  });

  it('refuses a callback replayed with its cookie: a state is taken once', async () => {
    const { started, callbackUrl, code } = await signInThrough(SERVICE);
    expect((await session(code)).status).toBe(200);
    expect(await refusalOf(await callback(callbackUrl, started.cookie))).toMatch(/has been used already/);
    expect(await ssoAuditEvents('state-used')).toHaveLength(1);
  });

  it('refuses a code used twice: the provider refuses it', async () => {
    const first = await signInThrough(SERVICE);
    expect((await session(first.code)).status).toBe(200);
    // The first flow's code, under a new flow's state and cookie (whose state is not yet used).
    const second = await start();
    const replayed = new URL(first.callbackUrl);
    replayed.searchParams.set('state', second.authorizationUrl.searchParams.get('state')!);
    expect(await refusalOf(await callback(replayed.href, second.cookie))).toMatch(/refused this sign-in's code/);
    const [event] = await ssoAuditEvents('code-refused');
    expect(event?.details).toMatchObject({ via: 'oidc', reason: 'code-refused', detail: 'invalid_grant' });
  });

  it('refuses an ID token of another sign-in (its nonce)', async () => {
    provider.substituteIdToken = await idTokenOfAnotherFlow({ ...CLIENT, redirect_uri: REDIRECT_URI }, SERVICE);
    const { code } = await signInThrough(SERVICE);
    expect(await refusalOf(code)).toMatch(/is not for this sign-in \(its nonce does not match\)/);
    expect(await ssoAuditEvents('nonce')).toHaveLength(1);
  });

  it('refuses an ID token for another audience', async () => {
    provider.substituteIdToken = await idTokenOfAnotherFlow(OTHER, SERVICE);
    const { code } = await signInThrough(SERVICE);
    expect(await refusalOf(code)).toMatch(/was issued for another application/);
    expect(await ssoAuditEvents('audience')).toHaveLength(1);
  });
});

describe('who gets in', () => {
  it('an e-mail that is no HomeSite user’s is refused with the plain message, audited, and nothing is created', async () => {
    const users = async () => (await t.db.select({ n: count() }).from(schema.users))[0]!.n;
    const before = await users();
    const { code } = await signInThrough(STRANGER);
    expect(await refusalOf(code)).toBe(noHomeSiteUserMessage(STRANGER));
    expect(noHomeSiteUserMessage(STRANGER)).toBe(`No HomeSite user for ${STRANGER} — ask your administrator`);
    expect(await users()).toBe(before);
    const [event] = await ssoAuditEvents('unknown-user');
    expect(event).toMatchObject({ targetName: STRANGER, targetUserId: null, actorKind: 'anonymous' });
  });

  it('an inactive user is refused alike', async () => {
    const viewer = 'viewer@demo.homesite.test';
    await t.db.update(schema.users).set({ isActive: false }).where(eq(schema.users.userName, viewer));
    try {
      const { code } = await signInThrough(viewer);
      expect(await refusalOf(code)).toBe(noHomeSiteUserMessage(viewer));
      expect(await ssoAuditEvents('inactive')).toHaveLength(1);
    } finally {
      await t.db.update(schema.users).set({ isActive: true }).where(eq(schema.users.userName, viewer));
    }
  });

  it('an e-mail the provider has not verified is refused, unless OIDC_TRUST_UNVERIFIED_EMAIL=true', async () => {
    const sales = 'sales@demo.homesite.test';
    provider.unverified.add(sales);
    try {
      const { code } = await signInThrough(sales);
      expect(await refusalOf(code)).toBe(`Valley View SSO has not verified the e-mail address ${sales}. Ask your administrator.`);
      expect(await ssoAuditEvents('email-unverified')).toHaveLength(1);

      const trusting = appWith(ssoEnv({ OIDC_TRUST_UNVERIFIED_EMAIL: 'true' }));
      const trusted = await signInThrough(sales, trusting);
      expect((await session(trusted.code, trusting)).status).toBe(200);
    } finally {
      provider.unverified.delete(sales);
    }
  });

  it('OIDC_ONLY_DOMAINS: those users’ password sign-in is refused, saying so; others’ works; theirs through the provider works', async () => {
    const onlySso = appWith(ssoEnv({ OIDC_ONLY_DOMAINS: 'Demo.HomeSite.test' }));
    const call = callerFor(onlySso);
    const refused = await call('POST', '/auth/api/Account/Token', {
      body: { Username: 'Company@demo.homesite.test', Password: 'Demo#2026!' },
    });
    expect(refused.status).toBe(400);
    expect((refused.body as { message: string }).message).toBe(
      'Users of demo.homesite.test sign in with Valley View SSO, not with a password: use “Sign in with Valley View SSO”.',
    );
    // Told before any password is checked: a wrong password and an unknown name of the domain get the same answer.
    const unknown = await call('POST', '/auth/api/Account/Token', { body: { Username: 'nobody@demo.homesite.test', Password: 'x' } });
    expect(unknown.body).toEqual(refused.body);
    const [event] = await t.db
      .select()
      .from(schema.auditEvents)
      .where(and(eq(schema.auditEvents.action, 'sign-in.failed'), eq(schema.auditEvents.targetName, 'company@demo.homesite.test')))
      .orderBy(sql`${schema.auditEvents.id} desc`)
      .limit(1);
    expect(event?.details).toEqual({ reason: 'single-sign-on-only' });

    const { code } = await signInThrough('company@demo.homesite.test', onlySso);
    expect((await session(code, onlySso)).status).toBe(200);
    // The same user signs in with a password where the domain is not listed.
    expect(
      (
        await callerFor(sso)('POST', '/auth/api/Account/Token', {
          body: { Username: 'company@demo.homesite.test', Password: 'Demo#2026!' },
        })
      ).status,
    ).toBe(200);
  });
});

describe('REQUIRE_2FA_ROLES', () => {
  it('does not hold a session of single sign-on at the setup (the provider owns the second factor), nor its next token', async () => {
    const roles = v.parse(CmhUser, (await t.call('GET', '/auth/api/Account/User', { token: await t.login('service') })).body).roles;
    const required = createApp({
      db: t.db,
      config: {
        ...t.config,
        identity: identityWith(ssoEnv()),
        twoFactor: { encryptionKey: null, mode: 'demo', requiredRoles: [roles[0] as RoleName] },
      },
    });
    const call = callerFor(required);
    const profileOf = async (token: string) => (await call('GET', '/auth/api/Account/User', { token })).body as Record<string, unknown>;
    // With the password: held at the setup.
    const password = (await call('POST', '/auth/api/Account/Token', { body: { Username: SERVICE, Password: 'Demo#2026!' } })).body as {
      bearerToken: string;
    };
    expect((await profileOf(password.bearerToken)).twoFactorSetupRequired).toBe(true);
    expect((await call('GET', '/api/service', { token: password.bearerToken })).status).toBe(403);
    // Through the provider: not held, and neither is the token a retail-center switch gives it.
    const { code } = await signInThrough(SERVICE, required);
    const account = v.parse(SingleSignOnAnswer, (await session(code, required)).body);
    expect((await profileOf(account.bearerToken)).twoFactorSetupRequired).toBeUndefined();
    expect((await call('GET', '/api/service', { token: account.bearerToken })).status).toBe(200);
    const profile = v.parse(CmhUser, await profileOf(account.bearerToken));
    const switched = await call('GET', '/auth/api/Account/ChangeRetailerNumber', {
      token: account.bearerToken,
      query: { retailerNumber: profile.retailerNumber! },
    });
    expect(switched.status).toBe(200);
    const next = (switched.body as { bearerToken: string }).bearerToken;
    expect((await call('GET', '/api/service', { token: next })).status).toBe(200);
  });
});

describe('the audit trail', () => {
  it('never holds a code, a state, a token or the flow’s cookie', async () => {
    const { started, code } = await signInThrough(SERVICE);
    const account = v.parse(SingleSignOnAnswer, (await session(code)).body);
    const rows = JSON.stringify(await t.db.select().from(schema.auditEvents));
    for (const secret of [code, account.bearerToken, started.cookie.split('=')[1]!, started.authorizationUrl.searchParams.get('state')!])
      expect(rows).not.toContain(secret);
  });
});
