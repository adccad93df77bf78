import { createHash, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { sign, verify } from 'hono/jwt';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import QRCode from 'qrcode';
import { isTotpCode, RECOVERY_CODE_COUNT, type TwoFactorChallenge, type TwoFactorSetup } from '../../contract';
import { PRODUCT_NAME } from '../../lib/constants';
import type { Database } from '../db/client';
import type { Session } from './session';
import * as t from '../db/schema';
import { twoFactorSetupRequired, type TwoFactorConfig } from './totp-config';
import { sealSecret, totpKeysOf, unsealSecret, type TotpKeys } from './totp-secrets';

/*
 * Two-factor sign-in with TOTP (issue 33 §2, RFC 6238 through otplib): 30-second steps of 6 digits, one step either
 * side accepted for clock skew, and a code of a step already used (or an earlier one) refused. Recovery codes: 10 of
 * 80 random bits each, only their SHA-256 kept, each works once.
 */

/** What the routes reach (AppDeps.twoFactor), built once per app. */
export interface TwoFactor {
  config: TwoFactorConfig;
  keys: TotpKeys;
  /** Signs the code step's challenges: not the session key, so a challenge is never a session token. */
  challengeKey: string;
}

export const twoFactorOf = (config: TwoFactorConfig, tokenSecret: string): TwoFactor => ({
  config,
  keys: totpKeysOf(config, tokenSecret),
  challengeKey: Buffer.from(hkdfSync('sha256', tokenSecret, 'homesite', 'two-factor challenge', 32)).toString('base64url'),
});

/** Whether REQUIRE_2FA_ROLES holds this session at the setup: not one of single sign-on, whose provider owns the second factor. */
export const isSetupRequired = (twoFactor: TwoFactor, session: Pick<Session, 'user' | 'claims'>) =>
  session.claims.sso !== true && twoFactorSetupRequired(session.user, twoFactor.config);

const STEP_SECONDS = 30;
/** How long the code step waits after the password. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

/* The challenge: a signed token of the user, their token generation (a password change ends it) and its own id. */

interface ChallengeClaims {
  sub: string;
  purpose: 'two-factor';
  gen: number;
  jti: string;
  iat: number;
  exp: number;
}

export async function issueChallenge(twoFactor: TwoFactor, user: { id: number; tokenGeneration: number }, now: Date) {
  const iat = Math.floor(now.getTime() / 1000);
  const claims: ChallengeClaims = {
    sub: String(user.id),
    purpose: 'two-factor',
    gen: user.tokenGeneration,
    jti: randomUUID(),
    iat,
    exp: iat + CHALLENGE_TTL_SECONDS,
  };
  const challenge = await sign({ ...claims }, twoFactor.challengeKey, 'HS256');
  return { twoFactor: 'code', challenge, expiresAt: new Date(claims.exp * 1000).toISOString() } satisfies TwoFactorChallenge;
}

/** The challenge's claims when it is well signed and not expired by the app's clock; null otherwise. */
export async function readChallenge(twoFactor: TwoFactor, challenge: string, now: Date): Promise<ChallengeClaims | null> {
  let payload: Record<string, unknown>;
  try {
    payload = await verify(challenge, twoFactor.challengeKey, { alg: 'HS256', exp: false, iat: false, nbf: false });
  } catch {
    return null;
  }
  const { sub, purpose, gen, jti, exp } = payload;
  if (purpose !== 'two-factor' || typeof sub !== 'string' || !/^\d{1,10}$/.test(sub) || typeof jti !== 'string') return null;
  if (typeof gen !== 'number' || typeof exp !== 'number' || exp <= Math.floor(now.getTime() / 1000)) return null;
  return payload as unknown as ChallengeClaims;
}

/* Setup */

/** A new setup key for the user, replacing one not yet confirmed; its QR code is drawn here, so the app needs no QR library. */
export async function startSetup(db: Database, twoFactor: TwoFactor, user: { id: number; userName: string }): Promise<TwoFactorSetup> {
  // 20 bytes: otplib's guardrails refuse fewer than 16, and RFC 4226 recommends 160 bits.
  const secret = generateSecret({ length: 20 });
  const sealedSecret = sealSecret(twoFactor.keys, secret);
  await db
    .insert(t.userTotp)
    .values({ userId: user.id, sealedSecret })
    .onConflictDoUpdate({ target: t.userTotp.userId, set: { sealedSecret, confirmedAt: null, lastUsedStep: null, createdAt: sql`now()` } });
  const otpauthUrl = generateURI({ issuer: PRODUCT_NAME, label: user.userName, secret });
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/* Codes */

export type CodeCheck =
  | { ok: true; via: 'totp' }
  | { ok: true; via: 'recovery-code'; recoveryCodesLeft: number }
  | { ok: false; reason: 'wrong-code' | 'code-reused' | 'no-totp' | 'secret-unreadable' };

/**
 * Checks a code (parsed by the contract's TwoFactorCode) for the user and spends it: a TOTP code's step becomes the last
 * used, a recovery code is marked used. The user's TOTP row is locked until the caller's transaction ends, so two
 * requests with the same code cannot both pass. `confirmed: false` checks the setup key waiting to be confirmed.
 */
export async function checkCode(
  db: Database,
  twoFactor: TwoFactor,
  userId: number,
  code: string,
  now: Date,
  options: { confirmed?: boolean; recoveryCodes?: boolean } = {},
): Promise<CodeCheck> {
  const confirmed = options.confirmed ?? true;
  const [row] = await db.select().from(t.userTotp).where(eq(t.userTotp.userId, userId)).for('update');
  if (!row || (row.confirmedAt !== null) !== confirmed) return { ok: false, reason: 'no-totp' };
  if (!isTotpCode(code)) {
    if (!confirmed || options.recoveryCodes === false) return { ok: false, reason: 'wrong-code' };
    const [used] = await db
      .update(t.recoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(t.recoveryCodes.userId, userId), eq(t.recoveryCodes.codeHash, hashRecoveryCode(code)), isNull(t.recoveryCodes.usedAt)))
      .returning({ id: t.recoveryCodes.id });
    if (!used) return { ok: false, reason: 'wrong-code' };
    return { ok: true, via: 'recovery-code', recoveryCodesLeft: await recoveryCodesLeft(db, userId) };
  }
  const secret = unsealSecret(twoFactor.keys, row.sealedSecret);
  if (secret === null) return { ok: false, reason: 'secret-unreadable' };
  const result = await verifyTotp({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    period: STEP_SECONDS,
    // One step either side of now (issue 33 §2: clock skew).
    epochTolerance: STEP_SECONDS,
  });
  if (!result.valid || !('timeStep' in result)) return { ok: false, reason: 'wrong-code' };
  const step = result.timeStep;
  if (row.lastUsedStep !== null && step <= row.lastUsedStep) return { ok: false, reason: 'code-reused' };
  await db
    .update(t.userTotp)
    .set({ lastUsedStep: step })
    .where(and(eq(t.userTotp.userId, userId), or(isNull(t.userTotp.lastUsedStep), lt(t.userTotp.lastUsedStep, step))));
  return { ok: true, via: 'totp' };
}

/* Recovery codes */

/** Lower-case base32 without padding: 16 characters, 80 bits. Shown as four groups of four. */
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let code = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      code += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return code.match(/.{4}/g)!.join('-');
}

/** The hash of a code as the contract parses it (spaces and hyphens gone, lower case). */
export const hashRecoveryCode = (code: string) => createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');

/** Replaces the user's recovery codes with RECOVERY_CODE_COUNT new ones, answered once. */
export async function renewRecoveryCodes(db: Database, userId: number, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(t.recoveryCodes).where(eq(t.recoveryCodes.userId, userId));
  await db.insert(t.recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code), createdAt: now })));
  return codes;
}

export async function recoveryCodesLeft(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(t.recoveryCodes)
    .where(and(eq(t.recoveryCodes.userId, userId), isNull(t.recoveryCodes.usedAt)));
  return row?.left ?? 0;
}

/* On and off */

/** Confirms the waiting setup key (the caller checked its code): two-factor sign-in is on, with new recovery codes. */
export async function enableTwoFactor(db: Database, userId: number, now: Date): Promise<string[]> {
  await db.update(t.userTotp).set({ confirmedAt: now }).where(eq(t.userTotp.userId, userId));
  await db.update(t.users).set({ twoFactorEnabledAt: now }).where(eq(t.users.id, userId));
  return renewRecoveryCodes(db, userId, now);
}

/** Turns two-factor sign-in off: the secret and the recovery codes go. */
export async function disableTwoFactor(db: Database, userId: number) {
  await db.delete(t.userTotp).where(eq(t.userTotp.userId, userId));
  await db.delete(t.recoveryCodes).where(eq(t.recoveryCodes.userId, userId));
  await db.update(t.users).set({ twoFactorEnabledAt: null }).where(eq(t.users.id, userId));
}
