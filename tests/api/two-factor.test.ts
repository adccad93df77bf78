import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  Account,
  CmhUser,
  ManagedUser,
  ManagedUserList,
  RecoveryCodes,
  SendLinkAnswer,
  TWO_FACTOR_MESSAGES,
  TwoFactorChallenge,
  TwoFactorSetup,
  TwoFactorStatus,
  type AuditAction,
} from '../../src/contract';
import { createApp } from '../../src/server/app';
import { KEY_MISSING_MESSAGE, parseRequiredRoles, parseTotpKey, twoFactorConfigFromEnv } from '../../src/server/auth/totp-config';
import { totpKeysOf, unsealSecret } from '../../src/server/auth/totp-secrets';
import { openDatabase } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import { DEFAULT_IDENTITY_CONFIG, type IdentityConfig } from '../../src/server/mail/config';
import { createMailTransport } from '../../src/server/mail/mailer';
import { deliverDueMail, mailKeyOf } from '../../src/server/mail/queue';
import { runHomesite } from '../cli-runner';
import { startMailListener } from '../mail-listener';
import { callerFor, createTestContext, type TestContext } from './harness';

/*
 * Issue 33 §2: two-factor sign-in with TOTP. The password alone opens no session; the code step takes the challenge
 * with a code or a recovery code, throttled like passwords, refusing a code of a step already used; the secret is
 * sealed at rest; an admin can reset it (audit and mail); REQUIRE_2FA_ROLES lets such a user open only its setup.
 */

const AUTH = '/auth/api/Account';
const TWO_FACTOR = `${AUTH}/TwoFactor`;
const USERS = '/api/api/User/';
const PASSWORD = 'Welcome#2026';
const MAIL_FROM = 'HomeSite <homesite@smokymountainhomes.test>';
const STEP_MS = 30_000;
const SMTP_IDENTITY: IdentityConfig = { ...DEFAULT_IDENTITY_CONFIG, mail: { kind: 'smtp', url: 'smtp://127.0.0.1:1', from: MAIL_FROM } };

let t: TestContext;
let adminToken: string;

beforeAll(async () => {
  t = await createTestContext();
  adminToken = await t.login('admin');
});
afterAll(() => t.close());
afterEach(() => t.setNow(null));

/** An instant 5 s into a 30-second step, whole seconds, some steps after `from`. */
const stepStart = (from = Date.now(), stepsLater = 0) => new Date((Math.floor(from / STEP_MS) + stepsLater) * STEP_MS + 5_000);

const codeAt = (secret: string, at: Date) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

interface NewUser {
  id: number;
  userName: string;
}

async function newUser(label = 'robin.lake', call = t.call): Promise<NewUser> {
  const userName = `${label}.${randomUUID().slice(0, 8)}@smokymountainhomes.test`;
  const created = await call('POST', USERS, {
    token: adminToken,
    body: {
      firstName: 'Robin',
      lastName: 'Lake',
      userName,
      isActive: true,
      roles: ['Service_Viewer'],
      retailerNumbers: ['4218'],
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { id: v.parse(ManagedUser, created.body).cmhUserId, userName };
}

const signIn = (userName: string, password = PASSWORD, call = t.call) =>
  call('POST', `${AUTH}/Token`, { body: { Username: userName, Password: password } });

async function bearerOf(userName: string, call = t.call) {
  const result = await signIn(userName, PASSWORD, call);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return v.parse(Account, result.body).bearerToken;
}

async function challengeOf(userName: string, call = t.call) {
  const result = await signIn(userName, PASSWORD, call);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  expect(result.body).not.toHaveProperty('bearerToken');
  return v.parse(TwoFactorChallenge, result.body).challenge;
}

const verify = (challenge: string, code: string, call = t.call) => call('POST', `${TWO_FACTOR}/Verify`, { body: { challenge, code } });

/** Sets up and turns on two-factor sign-in for the user at `at`: the secret and the recovery codes. */
async function enable(token: string, at: Date, call = t.call) {
  t.setNow(at);
  const setup = await call('POST', `${TWO_FACTOR}/Setup`, { token });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const { secret, otpauthUrl, qrCode } = v.parse(TwoFactorSetup, setup.body);
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(otpauthUrl).toContain(`secret=${secret}`);
  expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  const enabled = await call('POST', `${TWO_FACTOR}/Enable`, { token, body: { code: await codeAt(secret, at) } });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  const { recoveryCodes } = v.parse(RecoveryCodes, enabled.body);
  return { secret, recoveryCodes };
}

/** A user with two-factor sign-in on since `at`. */
async function userWithTotp(at = stepStart(Date.now(), -200)) {
  const user = await newUser();
  const token = await bearerOf(user.userName);
  return { ...user, token, ...(await enable(token, at)), enabledAt: at };
}

const auditOf = (userId: number, action: AuditAction) =>
  t.db
    .select()
    .from(schema.auditEvents)
    .where(and(eq(schema.auditEvents.targetUserId, userId), eq(schema.auditEvents.action, action)))
    .orderBy(desc(schema.auditEvents.id));

describe('turning two-factor sign-in on', () => {
  it('confirms the setup key with a code and answers 10 recovery codes, once; the profile and the status say it is on', async () => {
    const user = await newUser();
    const token = await bearerOf(user.userName);
    const before = await t.call('GET', TWO_FACTOR, { token });
    expect(v.parse(TwoFactorStatus, before.body)).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      required: false,
      unavailable: null,
    });

    const at = stepStart(Date.now(), -400);
    t.setNow(at);
    const setup = v.parse(TwoFactorSetup, (await t.call('POST', `${TWO_FACTOR}/Setup`, { token })).body);
    const wrong = await t.call('POST', `${TWO_FACTOR}/Enable`, {
      token,
      body: { code: (Number(await codeAt(setup.secret, at)) + 1).toString().padStart(6, '0').slice(-6) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: TWO_FACTOR_MESSAGES.wrongCode, field: 'code' });
    const enabled = await t.call('POST', `${TWO_FACTOR}/Enable`, { token, body: { code: await codeAt(setup.secret, at) } });
    expect(enabled.status).toBe(200);
    const { recoveryCodes } = v.parse(RecoveryCodes, enabled.body);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);

    const stored = await t.db.select().from(schema.recoveryCodes).where(eq(schema.recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(recoveryCodes.map((code) => code.replace(/-/g, ''))).not.toContain(row.codeHash);

    const status = v.parse(TwoFactorStatus, (await t.call('GET', TWO_FACTOR, { token })).body);
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });
    const profile = v.parse(CmhUser, (await t.call('GET', `${AUTH}/User`, { token })).body);
    expect(profile.twoFactorEnabled).toBe(true);
    expect(await auditOf(user.id, 'two-factor.enabled')).toHaveLength(1);

    const again = await t.call('POST', `${TWO_FACTOR}/Setup`, { token });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: TWO_FACTOR_MESSAGES.alreadyOn });
  });

  it('keeps the secret encrypted at rest: the stored value is not the base32 key, and only the server’s key opens it', async () => {
    const user = await userWithTotp();
    const [row] = await t.db.select().from(schema.userTotp).where(eq(schema.userTotp.userId, user.id));
    expect(row!.sealedSecret).not.toContain(user.secret);
    expect(row!.sealedSecret).not.toContain(Buffer.from(user.secret).toString('base64'));
    expect(row!.sealedSecret).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    // Demo mode without TOTP_ENCRYPTION_KEY: sealed under a key derived from the token secret, and no other opens it.
    const keys = totpKeysOf({ encryptionKey: null, mode: 'demo', requiredRoles: [] }, t.config.tokenSecret);
    expect(unsealSecret(keys, row!.sealedSecret)).toBe(user.secret);
    expect(
      unsealSecret(totpKeysOf({ encryptionKey: null, mode: 'demo', requiredRoles: [] }, 'another secret'), row!.sealedSecret),
    ).toBeNull();
  });

  it('seals with TOTP_ENCRYPTION_KEY when it is set', async () => {
    const key = parseTotpKey(Buffer.alloc(32, 7).toString('base64'))!;
    const config = { ...t.config, twoFactor: { encryptionKey: key, mode: 'production' as const, requiredRoles: [] } };
    const call = callerFor(createApp({ db: t.db, config }));
    const user = await newUser('keyed', call);
    const token = await bearerOf(user.userName, call);
    const { secret } = await enable(token, stepStart(Date.now(), -300), call);
    const [row] = await t.db.select().from(schema.userTotp).where(eq(schema.userTotp.userId, user.id));
    expect(row!.sealedSecret).not.toContain(secret);
    expect(unsealSecret(totpKeysOf(config.twoFactor, 'any token secret'), row!.sealedSecret)).toBe(secret);
    expect(
      unsealSecret(totpKeysOf({ encryptionKey: Buffer.alloc(32, 8), mode: 'production', requiredRoles: [] }, 'x'), row!.sealedSecret),
    ).toBeNull();
  });

  it('is refused in production without TOTP_ENCRYPTION_KEY, saying why', async () => {
    const call = callerFor(
      createApp({ db: t.db, config: { ...t.config, twoFactor: { encryptionKey: null, mode: 'production', requiredRoles: [] } } }),
    );
    const user = await newUser('nokey', call);
    const token = await bearerOf(user.userName, call);
    const status = v.parse(TwoFactorStatus, (await call('GET', TWO_FACTOR, { token })).body);
    expect(status.unavailable).toBe(KEY_MISSING_MESSAGE);
    expect(KEY_MISSING_MESSAGE).toContain('TOTP_ENCRYPTION_KEY');
    const setup = await call('POST', `${TWO_FACTOR}/Setup`, { token });
    expect(setup.status).toBe(400);
    expect(setup.body).toEqual({ message: KEY_MISSING_MESSAGE });
    expect(await t.db.select().from(schema.userTotp).where(eq(schema.userTotp.userId, user.id))).toEqual([]);
  });

  it('reads its configuration from the environment, refusing a key of the wrong size and an unknown role', () => {
    expect(
      twoFactorConfigFromEnv({ TOTP_ENCRYPTION_KEY: 'ab'.repeat(32), REQUIRE_2FA_ROLES: 'Rtl_Admin, Nps_Viewer' }, 'production'),
    ).toEqual({
      encryptionKey: Buffer.alloc(32, 0xab),
      mode: 'production',
      requiredRoles: ['Rtl_Admin', 'Nps_Viewer'],
    });
    expect(twoFactorConfigFromEnv({}, 'demo')).toEqual({ encryptionKey: null, mode: 'demo', requiredRoles: [] });
    expect(() => parseTotpKey('too-short')).toThrow(/TOTP_ENCRYPTION_KEY must be 32 bytes/);
    expect(() => parseTotpKey(Buffer.alloc(16).toString('base64'))).toThrow(/TOTP_ENCRYPTION_KEY/);
    expect(() => parseRequiredRoles('Rtl_Admin,Root')).toThrow(/REQUIRE_2FA_ROLES names unknown roles: Root/);
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('answers a challenge for the password alone: no session reads the profile; the right code opens one, a wrong one does not', async () => {
    const user = await userWithTotp();
    const now = stepStart(user.enabledAt.getTime(), 10);
    t.setNow(now);
    const challenge = await challengeOf(user.userName);
    expect((await t.call('GET', `${AUTH}/User`, { token: challenge })).status).toBe(401);

    const wrong = await verify(challenge, '000000' === (await codeAt(user.secret, now)) ? '111111' : '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: TWO_FACTOR_MESSAGES.wrongCode });
    const right = await verify(challenge, await codeAt(user.secret, now));
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    const { bearerToken } = v.parse(Account, right.body);
    expect((await t.call('GET', `${AUTH}/User`, { token: bearerToken })).status).toBe(200);

    const [succeeded] = await auditOf(user.id, 'sign-in.succeeded');
    expect(succeeded!.details).toEqual({ via: 'password+totp' });
    const [failed] = await auditOf(user.id, 'sign-in.failed');
    expect(failed!.details).toEqual({ reason: 'wrong-code', step: 'code' });

    // The challenge works once.
    t.setNow(stepStart(now.getTime(), 1));
    const reused = await verify(challenge, await codeAt(user.secret, stepStart(now.getTime(), 1)));
    expect(reused.status).toBe(410);
    expect(reused.body).toEqual({ message: TWO_FACTOR_MESSAGES.challengeExpired });
  });

  it('accepts a code one step either side of the server’s clock, not two', async () => {
    const user = await userWithTotp();
    const now = stepStart(user.enabledAt.getTime(), 20);
    t.setNow(now);
    const before = await codeAt(user.secret, new Date(now.getTime() - STEP_MS));
    expect((await verify(await challengeOf(user.userName), before)).status).toBe(200);
    const ahead = await codeAt(user.secret, new Date(now.getTime() + STEP_MS));
    expect((await verify(await challengeOf(user.userName), ahead)).status).toBe(200);
    const twoAhead = await codeAt(user.secret, new Date(now.getTime() + 2 * STEP_MS));
    expect((await verify(await challengeOf(user.userName), twoAhead)).status).toBe(400);
  });

  it('refuses a code already used within its window, and a code of an earlier step after it', async () => {
    const user = await userWithTotp();
    const now = stepStart(user.enabledAt.getTime(), 30);
    t.setNow(now);
    const code = await codeAt(user.secret, now);
    expect((await verify(await challengeOf(user.userName), code)).status).toBe(200);
    const replay = await verify(await challengeOf(user.userName), code);
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ message: TWO_FACTOR_MESSAGES.codeReused, field: 'code' });
    // Still within the window one step later, and the step before is older than the one used.
    t.setNow(stepStart(now.getTime(), 1));
    expect((await verify(await challengeOf(user.userName), code)).status).toBe(400);
    expect((await verify(await challengeOf(user.userName), await codeAt(user.secret, new Date(now.getTime() - STEP_MS)))).status).toBe(400);
    expect((await verify(await challengeOf(user.userName), await codeAt(user.secret, stepStart(now.getTime(), 1)))).status).toBe(200);
    const [refused] = await auditOf(user.id, 'sign-in.failed');
    expect(refused!.details).toMatchObject({ step: 'code' });
  });

  it('throttles codes like passwords: after 5 wrong codes even the right one waits, and a correct password does not lift it', async () => {
    const user = await userWithTotp();
    const now = stepStart(user.enabledAt.getTime(), 40);
    t.setNow(now);
    const right = await codeAt(user.secret, now);
    const wrongCode = right === '123456' ? '654321' : '123456';
    const challenge = await challengeOf(user.userName);
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await verify(challenge, wrongCode)).status).toBe(400);
    const locked = await verify(challenge, right);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((locked.body as { message: string }).message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
    // A new challenge after the right password is throttled all the same.
    expect((await verify(await challengeOf(user.userName), right)).status).toBe(429);
    // The code of another user from the same address is not (5 per name; 30 per address).
    const other = await userWithTotp();
    t.setNow(now);
    expect((await verify(await challengeOf(other.userName), await codeAt(other.secret, now))).status).toBe(200);
    const [throttled] = await auditOf(user.id, 'sign-in.failed');
    expect(throttled!.details).toEqual({ reason: 'throttled', step: 'code' });

    const later = stepStart(now.getTime() + 16 * 60_000);
    t.setNow(later);
    expect((await verify(await challengeOf(user.userName), await codeAt(user.secret, later))).status).toBe(200);
  });

  it('takes each recovery code once, in place of a code, and says how many are left', async () => {
    const user = await userWithTotp();
    t.setNow(stepStart(user.enabledAt.getTime(), 50));
    const [first, second] = user.recoveryCodes as [string, string];
    const signedIn = await verify(await challengeOf(user.userName), first.toUpperCase().replace(/-/g, ' '));
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect((await t.call('GET', `${AUTH}/User`, { token: v.parse(Account, signedIn.body).bearerToken })).status).toBe(200);
    const again = await verify(await challengeOf(user.userName), first);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ message: TWO_FACTOR_MESSAGES.wrongCode });
    expect((await verify(await challengeOf(user.userName), second)).status).toBe(200);

    const used = await auditOf(user.id, 'two-factor.recovery-code-used');
    expect(used.map((event) => event.details)).toEqual([{ left: 8 }, { left: 9 }]);
    const [succeeded] = await auditOf(user.id, 'sign-in.succeeded');
    expect(succeeded!.details).toEqual({ via: 'password+recovery-code' });
    const status = v.parse(TwoFactorStatus, (await t.call('GET', TWO_FACTOR, { token: user.token })).body);
    expect(status.recoveryCodesLeft).toBe(8);
  });

  it('ends the challenge at 5 minutes, and with a password change', async () => {
    const user = await userWithTotp();
    const now = stepStart(user.enabledAt.getTime(), 60);
    t.setNow(now);
    const challenge = await challengeOf(user.userName);
    const late = new Date(now.getTime() + 5 * 60_000 + 1_000);
    t.setNow(late);
    expect((await verify(challenge, await codeAt(user.secret, late))).status).toBe(410);
    expect((await verify('not.a.challenge', '123456')).status).toBe(410);
    // A session token is not a challenge.
    expect((await verify(user.token, await codeAt(user.secret, late))).status).toBe(410);

    t.setNow(now);
    const pending = await challengeOf(user.userName);
    await t.db.update(schema.users).set({ tokenGeneration: 99 }).where(eq(schema.users.id, user.id));
    expect((await verify(pending, await codeAt(user.secret, now))).status).toBe(410);
  });

  it('asks the code after a password set from a link too', async () => {
    const user = await userWithTotp();
    const sent = await t.call('POST', '/api/api/User/SendLink', { token: adminToken, body: { cmhUserId: user.id } });
    expect(sent.status).toBe(200);
    const linkToken = /\/set-password\/([A-Za-z0-9_-]{43})$/.exec(v.parse(SendLinkAnswer, sent.body).link!)![1]!;
    const now = stepStart(user.enabledAt.getTime(), 70);
    t.setNow(now);
    const set = await t.call('POST', `${AUTH}/SetPassword`, {
      body: { token: linkToken, password: 'Another#Pass2027', confirmPassword: 'Another#Pass2027' },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const { challenge } = v.parse(TwoFactorChallenge, set.body);
    expect(set.body).not.toHaveProperty('bearerToken');
    expect((await verify(challenge, await codeAt(user.secret, now))).status).toBe(200);
  });
});

describe('turning it off and new recovery codes', () => {
  it('turns off with the password and a code; then the password alone signs in', async () => {
    const user = await userWithTotp();
    const now = stepStart(user.enabledAt.getTime(), 80);
    t.setNow(now);
    const code = await codeAt(user.secret, now);
    const wrongPassword = await t.call('POST', `${TWO_FACTOR}/Disable`, { token: user.token, body: { password: 'Wrong#Guess2027', code } });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body).toMatchObject({ message: TWO_FACTOR_MESSAGES.wrongPassword, field: 'password' });
    const off = await t.call('POST', `${TWO_FACTOR}/Disable`, { token: user.token, body: { password: PASSWORD, code } });
    expect(off.status, JSON.stringify(off.body)).toBe(204);
    expect(await t.db.select().from(schema.userTotp).where(eq(schema.userTotp.userId, user.id))).toEqual([]);
    expect(await t.db.select().from(schema.recoveryCodes).where(eq(schema.recoveryCodes.userId, user.id))).toEqual([]);
    expect(v.parse(Account, (await signIn(user.userName)).body).bearerToken).toBeTruthy();
    expect(await auditOf(user.id, 'two-factor.disabled')).toHaveLength(1);
  });

  it('makes new recovery codes with a code: the old ones stop working', async () => {
    const user = await userWithTotp();
    const now = stepStart(user.enabledAt.getTime(), 90);
    t.setNow(now);
    const renewed = await t.call('POST', `${TWO_FACTOR}/RecoveryCodes`, {
      token: user.token,
      body: { code: await codeAt(user.secret, now) },
    });
    expect(renewed.status).toBe(200);
    const { recoveryCodes } = v.parse(RecoveryCodes, renewed.body);
    expect(recoveryCodes).toHaveLength(10);
    expect((await verify(await challengeOf(user.userName), user.recoveryCodes[0]!)).status).toBe(400);
    expect((await verify(await challengeOf(user.userName), recoveryCodes[0]!)).status).toBe(200);
    expect(await auditOf(user.id, 'two-factor.recovery-codes-renewed')).toHaveLength(1);
  });
});

describe('an administrator', () => {
  it('sees who has two-factor sign-in on, and resets it: audit event, and a mail to the user over SMTP', async () => {
    const user = await userWithTotp();
    const list = v.parse(ManagedUserList, (await t.call('GET', USERS, { token: adminToken })).body);
    expect(list.find((row) => row.cmhUserId === user.id)?.twoFactorEnabled).toBe(true);
    expect(list.some((row) => row.twoFactorEnabled === false)).toBe(true);

    await t.db.delete(schema.mailOutbox);
    const mailApp = callerFor(createApp({ db: t.db, config: { ...t.config, identity: SMTP_IDENTITY } }));
    t.setNow(null);
    const reset = await mailApp('POST', `${USERS.replace(/\/$/, '')}/TwoFactorReset`, { token: adminToken, body: { cmhUserId: user.id } });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(v.parse(ManagedUser, reset.body).twoFactorEnabled).toBe(false);
    const [event] = await auditOf(user.id, 'two-factor.reset');
    expect(event).toMatchObject({ actorName: 'admin@demo.homesite.test', targetName: user.userName, details: { delivery: 'mail' } });

    const listener = await startMailListener();
    const transport = createMailTransport({ kind: 'smtp', url: listener.url, from: MAIL_FROM });
    try {
      expect(await deliverDueMail(t.db, mailKeyOf(t.config.tokenSecret), transport.send, new Date())).toEqual({
        sent: 1,
        failed: 0,
        gaveUp: 0,
      });
      const [mail] = listener.to(user.userName);
      expect(mail!.subject).toBe('Your HomeSite two-factor sign-in was reset');
      expect(mail!.text).toContain('Alex Morgan reset the two-factor sign-in of your HomeSite account');
    } finally {
      transport.close();
      await listener.close();
    }
    // The password alone signs in again.
    expect(v.parse(Account, (await signIn(user.userName)).body).bearerToken).toBeTruthy();
    const again = await t.call('POST', `${USERS.replace(/\/$/, '')}/TwoFactorReset`, { token: adminToken, body: { cmhUserId: user.id } });
    expect(again.status).toBe(400);
  });

  it('is refused for a user without it, and a non-admin cannot reset', async () => {
    const user = await userWithTotp();
    const viewer = await t.login('viewer');
    const refused = await t.call('POST', '/api/api/User/TwoFactorReset', { token: viewer, body: { cmhUserId: user.id } });
    expect(refused.status).toBe(403);
  });
});

describe('REQUIRE_2FA_ROLES', () => {
  it('lets a user of such a role without TOTP open only its setup, the profile and sign-out, until it is on', async () => {
    const call = callerFor(
      createApp({ db: t.db, config: { ...t.config, twoFactor: { encryptionKey: null, mode: 'demo', requiredRoles: ['Rtl_Admin'] } } }),
    );
    const user = await newUser('required');
    const [role] = await t.db.select().from(schema.roles).where(eq(schema.roles.name, 'Rtl_Admin'));
    await t.db.insert(schema.userRoles).values({ userId: user.id, roleId: role!.id });
    const token = await bearerOf(user.userName, call);

    const profile = v.parse(CmhUser, (await call('GET', `${AUTH}/User`, { token })).body);
    expect(profile.twoFactorSetupRequired).toBe(true);
    const users = await call('GET', USERS, { token });
    expect(users.status).toBe(403);
    expect(users.body).toEqual({ message: TWO_FACTOR_MESSAGES.setupRequired });
    expect((await call('GET', '/api/service', { token })).status).toBe(403);
    expect(v.parse(TwoFactorStatus, (await call('GET', TWO_FACTOR, { token })).body).required).toBe(true);

    const { secret } = await enable(token, stepStart(Date.now(), -500), call);
    expect((await call('GET', USERS, { token })).status).toBe(200);
    expect(v.parse(CmhUser, (await call('GET', `${AUTH}/User`, { token })).body).twoFactorSetupRequired).toBeUndefined();
    const now = stepStart(Date.now(), -490);
    t.setNow(now);
    const off = await call('POST', `${TWO_FACTOR}/Disable`, { token, body: { password: PASSWORD, code: await codeAt(secret, now) } });
    expect(off.status).toBe(400);
    expect(off.body).toEqual({ message: TWO_FACTOR_MESSAGES.requiredByRole });
  });
});

describe('the command line', () => {
  it('user reset-two-factor turns it off for a user locked out, in the audit trail as the operator', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'homesite-2fa-cli-'));
    const userName = 'locked.out@smokymountainhomes.test';
    try {
      const seeded = await openDatabase({ dataDir });
      await seeded.migrate();
      const [user] = await seeded.db
        .insert(schema.users)
        .values({ userName, firstName: 'Lee', lastName: 'Stone', twoFactorEnabledAt: new Date() })
        .returning({ id: schema.users.id });
      await seeded.db.insert(schema.userTotp).values({ userId: user!.id, sealedSecret: 'v1.x.y', confirmedAt: new Date() });
      await seeded.close();

      const env = { DATA_DIR: dataDir, USER: 'ops-person' };
      const reset = await runHomesite(['user', 'reset-two-factor', userName.toUpperCase()], env);
      expect(reset.code, reset.stderr).toBe(0);
      expect(reset.stdout).toContain(`Two-factor sign-in of ${userName} is reset`);
      const again = await runHomesite(['user', 'reset-two-factor', userName], env);
      expect(again.stdout).toContain('has no two-factor sign-in: nothing to reset');

      const after = await openDatabase({ dataDir });
      try {
        const [row] = await after.db.select().from(schema.users).where(eq(schema.users.id, user!.id));
        expect(row!.twoFactorEnabledAt).toBeNull();
        expect(await after.db.select().from(schema.userTotp)).toEqual([]);
        const events = await after.db.select().from(schema.auditEvents).where(eq(schema.auditEvents.action, 'two-factor.reset'));
        expect(events).toMatchObject([{ actorKind: 'cli', actorName: 'ops-person', targetName: userName }]);
      } finally {
        await after.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
