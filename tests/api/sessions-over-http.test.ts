/**
 * Sessions and headers against the real server over real HTTP (issue 14 §6): `startServer` on a free
 * port, then fetch. Token revocation (sign-out, admin deactivation, password change: every earlier token
 * but the changing one), lockout after failed sign-ins and its end, token expiry, tampered and unsigned
 * tokens, the data behind password expiry, and the security headers of API answers, errors and served files.
 *
 * The server has no clock option: "now" is moved with vitest's fake Date (only Date: timers, sockets and
 * the database driver keep running), which the token checks (Date.now) and the sign-in throttle
 * (the app's default clock, new Date()) both read.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sign } from 'hono/jwt';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordExpiry } from '../../src/lib/password-expiry';
import { TOKEN_LIFETIME_SECONDS } from '../../src/server/auth/tokens';
import { startServer, type RunningServer } from '../../src/server/main';
import { createScratchDatabase, seededPgliteDir } from './harness';

const PASSWORD = 'Demo#2026!';
const TOKEN_SECRET = randomBytes(32).toString('base64url');
const user = (key: string) => `${key}@demo.homesite.test`;

let server: RunningServer;
let scratch: { drop: () => Promise<void> } | null = null;
let distDir: string;
let dataDir: string | null = null;

beforeAll(async () => {
  // A small built app, so that served files are checked too (the real build is checked by tests/e2e/screens.test.ts).
  distDir = mkdtempSync(join(tmpdir(), 'homesite-headers-dist-'));
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(
    join(distDir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app-Ab12.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(distDir, 'assets', 'app-Ab12.js'), 'console.log("app")');
  writeFileSync(join(distDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  writeFileSync(join(distDir, 'manifest.webmanifest'), '{}');

  const adminUrl = process.env.TEST_DATABASE_URL;
  const database = adminUrl ? await createScratchDatabase(adminUrl, 'seeded') : null;
  scratch = database;
  if (!database) dataDir = await seededPgliteDir('homesite-http-data-');
  server = await startServer({
    port: 0,
    host: '127.0.0.1',
    quiet: true,
    tokenSecret: TOKEN_SECRET,
    distDir,
    ...(database ? { databaseUrl: database.url } : { dataDir: dataDir! }),
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await scratch?.drop();
  rmSync(distDir, { recursive: true, force: true });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

afterEach(() => {
  vi.useRealTimers();
});

/** Moves "now" for the server (same process) and this file; only Date is faked. */
function setNow(at: Date) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
}

interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

async function http<T = unknown>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (method !== 'GET') headers['idempotency-key'] = randomUUID();
  Object.assign(headers, options.headers);
  const response = await fetch(server.url + path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  return { status: response.status, body: (text && isJson ? JSON.parse(text) : text) as T, headers: response.headers };
}

const signInAs = (userName: string, password = PASSWORD) =>
  http<{ bearerToken: string; message?: string }>('POST', '/auth/api/Account/Token', { body: { Username: userName, Password: password } });

async function tokenOf(userName: string, password = PASSWORD) {
  const answer = await signInAs(userName, password);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.bearerToken;
}

const PROFILE = '/auth/api/Account/User';
const WORK_ORDERS = '/api/service';
const DENIED = { message: 'Authorization has been denied for this request.' };

const profileStatus = async (token: string) => (await http('GET', PROFILE, { token })).status;

interface Profile {
  cmhUserId: number;
  firstName: string;
  lastName: string;
  rowVersion: number;
  isInternal: boolean;
  passwordLastChanged: string | null;
}

describe('revocation over HTTP', () => {
  it('sign-out revokes that token at once, on every endpoint; the other tokens of the user go on', async () => {
    const first = await tokenOf(user('service'));
    const second = await tokenOf(user('service'));
    expect(await profileStatus(first)).toBe(200);
    expect((await http('GET', WORK_ORDERS, { token: first })).status).toBe(200);

    expect((await http('POST', '/auth/api/Account/Logout', { token: first })).status).toBe(204);
    for (const path of [PROFILE, WORK_ORDERS]) {
      const refused = await http('GET', path, { token: first });
      expect(refused.status, path).toBe(401);
      expect(refused.body).toEqual(DENIED);
    }
    // A second sign-out with the revoked token is itself refused, and a write is refused before it runs.
    expect((await http('POST', '/auth/api/Account/Logout', { token: first })).status).toBe(401);
    expect((await http('POST', '/auth/api/Account/Terms/', { token: first })).status).toBe(401);
    expect(await profileStatus(second)).toBe(200);
  });

  it('deactivation by an admin: the user’s token answers 401 at once and the user cannot sign in; reactivation restores it', async () => {
    const admin = await tokenOf(user('admin'));
    const userName = `nina.${randomUUID().slice(0, 8)}@smokymountainhomes.test`;
    const created = await http<{ cmhUserId: number; rowVersion: number }>('POST', '/api/api/User/', {
      token: admin,
      body: {
        firstName: 'Nina',
        lastName: 'Lopez',
        userName,
        isActive: true,
        roles: ['Service_Viewer'],
        retailerNumbers: ['4218'],
        password: 'Welcome#2026',
        confirmPassword: 'Welcome#2026',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const token = await tokenOf(userName, 'Welcome#2026');
    expect(await profileStatus(token)).toBe(200);

    const edit = (isActive: boolean, rowVersion: number) => ({
      cmhUserId: created.body.cmhUserId,
      firstName: 'Nina',
      lastName: 'Lopez',
      userName,
      isActive,
      roles: ['Service_Viewer'],
      retailerNumbers: ['4218'],
      rowVersion,
    });
    const deactivated = await http<{ rowVersion: number }>('PUT', '/api/api/User/', {
      token: admin,
      body: edit(false, created.body.rowVersion),
    });
    expect(deactivated.status, JSON.stringify(deactivated.body)).toBe(200);
    expect(await profileStatus(token)).toBe(401);
    expect((await http('GET', WORK_ORDERS, { token })).status).toBe(401);
    const signIn = await signInAs(userName, 'Welcome#2026');
    expect(signIn.status).toBe(400);
    expect(signIn.body).toEqual({ message: 'This account is inactive. Please contact your administrator.' });

    const reactivated = await http('PUT', '/api/api/User/', { token: admin, body: edit(true, deactivated.body.rowVersion) });
    expect(reactivated.status).toBe(200);
    expect(await profileStatus(token)).toBe(200);
  });

  it('a password change: the old password no longer signs in, the new one does', async () => {
    const userName = user('viewer');
    const token = await tokenOf(userName);
    const before = (await http<Profile>('GET', PROFILE, { token })).body;
    const changed = await http('PUT', '/api/Account', {
      token,
      body: {
        firstName: before.firstName,
        lastName: before.lastName,
        password: 'Changed#2027',
        confirmPassword: 'Changed#2027',
        rowVersion: before.rowVersion,
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await signInAs(userName)).status).toBe(400);
    const renewed = await tokenOf(userName, 'Changed#2027');
    // Back to the demo password for the tests below.
    const now = (await http<Profile>('GET', PROFILE, { token: renewed })).body;
    const back = await http('PUT', '/api/Account', {
      token: renewed,
      body: { firstName: now.firstName, lastName: now.lastName, password: PASSWORD, confirmPassword: PASSWORD, rowVersion: now.rowVersion },
    });
    expect(back.status).toBe(200);
  });

  // Issue 14 §6: a password change ends every token of the user issued before it (another device, a stolen
  // token) but the one that made the change, which stays signed in (its offline queue goes on).
  it('a password change revokes the tokens issued before it (other devices, a stolen token), not the one that made it', async () => {
    const userName = user('service');
    const stolen = await tokenOf(userName);
    const mine = await tokenOf(userName);
    const before = (await http<Profile>('GET', PROFILE, { token: mine })).body;
    try {
      const changed = await http('PUT', '/api/Account', {
        token: mine,
        body: {
          firstName: before.firstName,
          lastName: before.lastName,
          password: 'Changed#2027',
          confirmPassword: 'Changed#2027',
          rowVersion: before.rowVersion,
        },
      });
      expect(changed.status).toBe(200);
      expect(await profileStatus(stolen)).toBe(401);
      expect(await profileStatus(mine)).toBe(200);
    } finally {
      const back = await tokenOf(userName, 'Changed#2027');
      const now = (await http<Profile>('GET', PROFILE, { token: back })).body;
      await http('PUT', '/api/Account', {
        token: back,
        body: {
          firstName: now.firstName,
          lastName: now.lastName,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          rowVersion: now.rowVersion,
        },
      });
    }
    // Changed back with `back`: the token that made the first change is now one issued before the second.
    expect(await profileStatus(mine)).toBe(401);
    expect(await profileStatus(await tokenOf(userName))).toBe(200);
  });
});

describe('lockout after failed sign-ins over HTTP', () => {
  it('locks the name after 5 failures in 15 minutes (whatever the case of the name), even for the right password, and ends after the window', async () => {
    const name = user('driver');
    const start = new Date(Date.now() + 24 * 3_600_000);
    for (let attempt = 0; attempt < 5; attempt++) {
      setNow(new Date(start.getTime() + attempt * 60_000));
      const failed = await signInAs(attempt % 2 ? name.toUpperCase() : name, `Wrong#${attempt}pass`);
      expect(failed.status).toBe(400);
      expect(failed.body).toEqual({ message: 'The user name or password is incorrect.' });
    }
    setNow(new Date(start.getTime() + 5 * 60_000));
    const locked = await signInAs(name);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ message: 'Too many failed sign-in attempts. Try again in 10 minutes.' });
    expect(locked.headers.get('retry-after')).toBe('600');
    expect(locked.body).not.toHaveProperty('bearerToken');

    // Another name is not locked.
    expect((await signInAs(user('company'))).status).toBe(200);

    // Still locked one second before the first failure leaves the window; open after it.
    setNow(new Date(start.getTime() + 15 * 60_000 - 1_000));
    expect((await signInAs(name)).status).toBe(429);
    setNow(new Date(start.getTime() + 15 * 60_000 + 1));
    expect((await signInAs(name)).status).toBe(200);
    // A success clears the count: one new failure does not lock again.
    expect((await signInAs(name, 'Wrong#again1')).status).toBe(400);
    expect((await signInAs(name)).status).toBe(200);
  });

  it('concurrent guesses do not get past the limit: of 12 wrong passwords sent at once, at most 5 are checked', async () => {
    const name = user('plant');
    const answers = await Promise.all(Array.from({ length: 12 }, (_, n) => signInAs(name, `Guess#${n}word`)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 400).length, statuses.join(',')).toBeLessThanOrEqual(5);
    expect(
      statuses.every((status) => status === 400 || status === 429),
      statuses.join(','),
    ).toBe(true);
    expect((await signInAs(name)).status).toBe(429);
  });
});

describe('token expiry over HTTP', () => {
  it('a token works until 12 hours after it was issued, and answers 401 from then on', async () => {
    const issuedAt = new Date(Date.now() + 48 * 3_600_000);
    setNow(issuedAt);
    const token = await tokenOf(user('internal'));
    expect(await profileStatus(token)).toBe(200);
    setNow(new Date(issuedAt.getTime() + TOKEN_LIFETIME_SECONDS * 1000 - 1_000));
    expect(await profileStatus(token)).toBe(200);
    setNow(new Date(issuedAt.getTime() + TOKEN_LIFETIME_SECONDS * 1000));
    const expired = await http('GET', PROFILE, { token });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual(DENIED);
    expect((await http('GET', WORK_ORDERS, { token })).status).toBe(401);
  });
});

describe('tampered and unsigned tokens over HTTP', () => {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('refuses every token the server did not sign as it is, or whose claims do not hold', async () => {
    const viewerToken = await tokenOf(user('viewer'));
    const adminToken = await tokenOf(user('admin'));
    const [header, viewerPayload, viewerSignature] = viewerToken.split('.') as [string, string, string];
    const adminClaims = JSON.parse(Buffer.from(adminToken.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const viewerClaims = JSON.parse(Buffer.from(viewerPayload, 'base64url').toString()) as Record<string, unknown>;
    const now = Math.floor(Date.now() / 1000);

    const refused: Record<string, string> = {
      'payload swapped for the admin’s, viewer’s signature': `${header}.${encode(adminClaims)}.${viewerSignature}`,
      'own payload with a changed sub': `${header}.${encode({ ...viewerClaims, sub: adminClaims.sub })}.${viewerSignature}`,
      'alg none, no signature': `${encode({ alg: 'none', typ: 'JWT' })}.${encode(adminClaims)}.`,
      'alg none, signature kept': `${encode({ alg: 'none', typ: 'JWT' })}.${viewerPayload}.${viewerSignature}`,
      'signed by another secret': await sign({ ...adminClaims }, 'another-secret-entirely-0123456789', 'HS256'),
      'HS512 with the server’s secret': await sign({ ...adminClaims }, TOKEN_SECRET, 'HS512'),
      'expired an hour ago (right secret)': await sign({ ...adminClaims, iat: now - 13 * 3600, exp: now - 3600 }, TOKEN_SECRET, 'HS256'),
      'no exp (right secret)': await sign(
        { sub: adminClaims.sub, userName: adminClaims.userName, retailerNumber: null, jti: randomUUID(), iat: now },
        TOKEN_SECRET,
        'HS256',
      ),
      'no jti (right secret)': await sign(
        { sub: adminClaims.sub, userName: adminClaims.userName, retailerNumber: null, iat: now, exp: now + 600 },
        TOKEN_SECRET,
        'HS256',
      ),
      'not before in the future (right secret)': await sign({ ...adminClaims, nbf: now + 3600 }, TOKEN_SECRET, 'HS256'),
      'a user who does not exist (right secret)': await sign({ ...adminClaims, sub: '999999', jti: randomUUID() }, TOKEN_SECRET, 'HS256'),
      'a user id out of range (right secret)': await sign({ ...adminClaims, sub: '99999999999', jti: randomUUID() }, TOKEN_SECRET, 'HS256'),
      'signature cut short': viewerToken.slice(0, -4),
      'empty signature': `${header}.${viewerPayload}.`,
      'two parts': `${header}.${viewerPayload}`,
    };
    for (const [what, token] of Object.entries(refused)) {
      const answer = await http('GET', PROFILE, { token });
      expect(answer.status, what).toBe(401);
      expect(answer.body, what).toEqual(DENIED);
      expect((await http('GET', '/api/api/User/', { token })).status, what).toBe(401);
    }
    // The untouched tokens still work (the refusals above were about the changes).
    expect(await profileStatus(viewerToken)).toBe(200);
    expect(await profileStatus(adminToken)).toBe(200);
  });

  it('takes the token from the Authorization header only: a Bearer cookie or a query value alone is not a session (no CSRF through the cookie)', async () => {
    const token = await tokenOf(user('viewer'));
    expect((await http('GET', PROFILE, { headers: { cookie: `Bearer=${token}` } })).status).toBe(401);
    expect((await http('GET', `${PROFILE}?access_token=${token}`)).status).toBe(401);
    expect((await http('POST', '/auth/api/Account/Terms/', { headers: { cookie: `Bearer=${token}` } })).status).toBe(401);
    for (const authorization of [`Basic ${token}`, `Bearer ${token} extra`, `Token ${token}`, token]) {
      expect((await http('GET', PROFILE, { headers: { authorization } })).status, authorization.slice(0, 12)).toBe(401);
    }
  });
});

describe('password expiry (spec 1 §4, §9) over HTTP', () => {
  it('the profile answers when the password was last changed; a change moves it to the server’s now, and 91 days later it is expired (internal users exempt)', async () => {
    const changedAt = new Date(Date.now() + 72 * 3_600_000);
    setNow(changedAt);
    const userName = user('company');
    const token = await tokenOf(userName);
    const before = (await http<Profile>('GET', PROFILE, { token })).body;
    const answer = await http<Profile>('PUT', '/api/Account', {
      token,
      body: {
        firstName: before.firstName,
        lastName: before.lastName,
        password: 'Renewed#2027',
        confirmPassword: 'Renewed#2027',
        rowVersion: before.rowVersion,
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const profile = (await http<Profile>('GET', PROFILE, { token })).body;
    expect(profile.passwordLastChanged).toBe(changedAt.toISOString());

    const DAY = 24 * 3_600_000;
    expect(passwordExpiry(profile, new Date(changedAt.getTime() + 90 * DAY))).toMatchObject({
      state: 'expiring',
      daysLeft: 1,
      level: 'error',
    });
    expect(passwordExpiry(profile, new Date(changedAt.getTime() + 91 * DAY))).toMatchObject({ state: 'expired', daysLeft: 0 });

    // The seeded user whose password is 85 days old: 6 days left, a warning.
    vi.useRealTimers();
    const expiring = (await http<Profile>('GET', PROFILE, { token: await tokenOf(user('expiring')) })).body;
    expect(passwordExpiry(expiring, new Date())).toMatchObject({ state: 'expiring', daysLeft: 6, level: 'warning' });
    const internal = (await http<Profile>('GET', PROFILE, { token: await tokenOf(user('internal')) })).body;
    expect(internal.isInternal).toBe(true);
    expect(passwordExpiry(internal, new Date(Date.now() + 400 * DAY))).toEqual({ state: 'exempt' });
  });
});

/** The strict headers every answer carries: API, errors, refusals and served files. */
function expectStrictHeaders(headers: Headers, what: string) {
  const csp = headers.get('content-security-policy') ?? '';
  const directives = new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
  expect(directives.get('default-src'), `${what}: ${csp}`).toEqual(["'self'"]);
  expect(directives.get('script-src'), `${what}: ${csp}`).toEqual(["'self'"]);
  expect(directives.get('object-src'), what).toEqual(["'none'"]);
  expect(directives.get('base-uri'), what).toEqual(["'self'"]);
  expect(directives.get('form-action'), what).toEqual(["'self'"]);
  expect(directives.get('frame-ancestors'), what).toEqual(["'none'"]);
  for (const [name, values] of directives) {
    expect(values, `${what}: ${name}`).not.toContain("'unsafe-eval'");
    expect(values, `${what}: ${name}`).not.toContain('*');
    // React style attributes and the toast/dialog <style> elements need it for styles; nothing else may have it.
    if (name !== 'style-src') expect(values, `${what}: ${name}`).not.toContain("'unsafe-inline'");
  }
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('x-frame-options'), what).toBe('DENY');
  expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  const hsts = /^max-age=(\d+); includeSubDomains$/.exec(headers.get('strict-transport-security') ?? '');
  expect(Number(hsts?.[1]), what).toBeGreaterThanOrEqual(180 * 24 * 3600);
  expect(headers.get('cross-origin-opener-policy'), what).toBe('same-origin');
  expect(headers.get('cross-origin-resource-policy'), what).toBe('same-origin');
  const permissions = headers.get('permissions-policy') ?? '';
  for (const feature of ['microphone=()', 'geolocation=()', 'payment=()', 'usb=()', 'camera=(self)'])
    expect(permissions, what).toContain(feature);
  expect(headers.get('x-powered-by'), what).toBeNull();
}

describe('security headers over HTTP', () => {
  it('are on API answers, errors, refusals, the app shell and served files', async () => {
    const token = await tokenOf(user('viewer'));
    const name = user('sales');
    const answers: [string, Answer][] = [
      ['profile 200', await http('GET', PROFILE, { token })],
      ['work orders 200 (gzip)', await http('GET', WORK_ORDERS, { token, headers: { 'accept-encoding': 'gzip' } })],
      ['401', await http('GET', PROFILE)],
      ['403', await http('GET', '/api/api/User/', { token })],
      ['404 API', await http('GET', '/api/NoSuchThing', { token })],
      ['400 login', await signInAs(name, 'Wrong#pass1')],
      ['400 bad body', await http('POST', '/auth/api/Account/Token', { body: { Username: 1 } })],
      ['204 logout', await http('POST', '/auth/api/Account/Logout', { token: await tokenOf(user('driver')) })],
      ['app shell /', await http('GET', '/', { headers: { accept: 'text/html' } })],
      ['app shell /home', await http('GET', '/home', { headers: { accept: 'text/html' } })],
      ['login page', await http('GET', '/login', { headers: { accept: 'text/html' } })],
      ['asset', await http('GET', '/assets/app-Ab12.js')],
      ['asset gzip', await http('GET', '/assets/app-Ab12.js', { headers: { 'accept-encoding': 'gzip, br' } })],
      ['sw.js', await http('GET', '/sw.js')],
      ['manifest', await http('GET', '/manifest.webmanifest')],
      ['missing file', await http('GET', '/assets/missing.js')],
      ['OPTIONS', await http('OPTIONS', PROFILE)],
    ];
    for (let n = 0; n < 4; n++) await signInAs(name, `Wrong#${n}pass`);
    answers.push(['429 locked', await signInAs(name)]);
    expect(answers.find(([what]) => what === '429 locked')![1].status).toBe(429);
    expect(answers.find(([what]) => what === 'app shell /home')![1].status).toBe(200);
    expect(answers.find(([what]) => what === 'asset')![1].status).toBe(200);
    for (const [what, answer] of answers) expectStrictHeaders(answer.headers, `${what} (${answer.status})`);
  });
});
