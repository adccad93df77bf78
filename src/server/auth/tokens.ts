import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { sign, verify } from 'hono/jwt';
import type { Database } from '../db/client';
import * as t from '../db/schema';

export const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;
const SECRET_SETTING = 'token_secret';

export interface TokenClaims {
  /** cmhUserId */
  sub: string;
  userName: string;
  retailerNumber: string | null;
  jti: string;
  iat: number;
  /**
   * The user's token generation when it was issued (users.token_generation): a password change refuses the tokens of
   * older generations (tokenRefused). Absent from tokens issued before it was added, which count as generation 0.
   */
  gen?: number;
  /** Opened through the organisation's identity provider (single sign-on), which owns the second factor (issue 33 §2). */
  sso?: true;
  exp: number;
}

/** Database calls take the handle of the request (its transaction on writes: see http/route.ts). */
export interface TokenService {
  issue: (user: {
    cmhUserId: number;
    userName: string;
    retailerNumber: string | null;
    tokenGeneration: number;
    singleSignOn?: boolean;
  }) => Promise<string>;
  /**
   * The claims of a well-signed, unexpired token, without asking the database: the caller still has to
   * check revocation (http/route.ts does, in the session query of auth/session-cache.ts).
   */
  verifySignature: (token: string) => Promise<TokenClaims | null>;
  /**
   * The claims of a well-signed, unexpired token of an existing user, neither revoked nor issued before the
   * user's cutoff (tokenRefused); null otherwise.
   */
  verify: (db: Database, token: string) => Promise<TokenClaims | null>;
  revoke: (db: Database, claims: Pick<TokenClaims, 'jti' | 'exp'>) => Promise<void>;
}

/**
 * The signing secret: TOKEN_SECRET when set, otherwise one generated once and kept in the settings
 * table, so restarts and every instance on the same database sign and verify alike.
 */
export async function resolveTokenSecret(db: Database, configured?: string): Promise<string> {
  if (configured) return configured;
  await db
    .insert(t.settings)
    .values({ key: SECRET_SETTING, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: t.settings.value }).from(t.settings).where(eq(t.settings.key, SECRET_SETTING));
  if (!row) throw new Error('token secret missing from settings');
  return row.value;
}

const isClaims = (payload: Record<string, unknown>): payload is Record<string, unknown> & TokenClaims =>
  typeof payload.sub === 'string' &&
  typeof payload.userName === 'string' &&
  (typeof payload.retailerNumber === 'string' || payload.retailerNumber === null) &&
  typeof payload.jti === 'string' &&
  typeof payload.iat === 'number' &&
  (payload.gen === undefined || typeof payload.gen === 'number') &&
  (payload.sso === undefined || payload.sso === true) &&
  typeof payload.exp === 'number';

/** users.id is an int4. */
const MAX_USER_ID = 2_147_483_647;
/** users.token_generation is an int4 too. */
const MAX_GENERATION = 2_147_483_647;

/**
 * The generation a token was issued in, as tokenRefused compares it: 0 for a token issued before generations existed,
 * and for a value this server never signs (which could not be compared in SQL).
 */
export function tokenGenerationOf(claims: Pick<TokenClaims, 'gen'>): number {
  const { gen } = claims;
  return Number.isSafeInteger(gen) && gen! >= 0 && gen! <= MAX_GENERATION ? gen! : 0;
}

/**
 * Whether a token (its jti, text, and tokenGenerationOf, int) is refused: revoked one by one (sign-out), or of a
 * generation older than the user's and not the token kept by the password change that moved it (the one that made it).
 * For a statement in which the row of `users` is the token's user: two column reads and a comparison on that row,
 * besides the revoked_tokens probe. No clock takes part: two instances whose clocks disagree judge a token alike.
 */
export const tokenRefused = (jti: SQL, generation: SQL): SQL =>
  sql`(exists (select 1 from ${t.revokedTokens} where ${t.revokedTokens.jti} = ${jti})
    or (${t.users.tokenGeneration} > ${generation} and ${t.users.tokenKeptJti} is distinct from ${jti}))`;

/**
 * The columns of `users` that end every token of the user issued before, except the one whose jti is `keptJti` (the
 * token that made a password change: that device stays signed in and its offline queue goes on). A token issued
 * while the change is not yet committed read the old generation, so it is refused too. tokens_not_before is for
 * instances of the previous version during a rolling upgrade (see the users schema).
 */
export function cutOffTokens(keptJti: string | null) {
  return {
    tokenGeneration: sql`${t.users.tokenGeneration} + 1`,
    tokensNotBefore: sql`clock_timestamp()`,
    tokenKeptJti: keptJti,
  };
}

/** Verified tokens remembered per token service (so per app). */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createTokenService(secret: string): TokenService {
  // Imported once: given the string, hono imports the key on every call (about 4x the cost of the check).
  let key: Promise<CryptoKey> | undefined;
  const signingKey = () =>
    (key ??= crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]));

  // Tokens whose signature was checked, by their exact text: a client sends the same token for hours,
  // and the WebCrypto check was the largest cost of a request after the session query. Only a token
  // that passed the check gets in; expiry is checked again on every use.
  const verified = new Map<string, TokenClaims>();

  async function verifySignature(token: string): Promise<TokenClaims | null> {
    const known = verified.get(token);
    if (known) {
      // As hono's verify: expired when exp <= now, in whole seconds.
      if (known.exp > Math.floor(Date.now() / 1000)) return known;
      verified.delete(token);
      return null;
    }
    let payload: Record<string, unknown>;
    try {
      // Not hono's check that iat is not in the future: by this instance's clock, a token another instance issued a
      // moment ago may be, when that instance's clock is ahead (issue 22 §4). Expiry is checked here, minutes matter not.
      payload = await verify(token, await signingKey(), { alg: 'HS256', iat: false });
    } catch {
      return null;
    }
    if (!isClaims(payload)) return null;
    const claims = Object.freeze(payload);
    // Oldest first out: a Map iterates in insertion order.
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value ?? '');
    verified.set(token, claims);
    return claims;
  }

  return {
    async issue(user) {
      const iat = Math.floor(Date.now() / 1000);
      const claims: TokenClaims = {
        sub: String(user.cmhUserId),
        userName: user.userName,
        retailerNumber: user.retailerNumber,
        jti: randomUUID(),
        iat,
        gen: user.tokenGeneration,
        ...(user.singleSignOn ? { sso: true as const } : {}),
        exp: iat + TOKEN_LIFETIME_SECONDS,
      };
      return sign({ ...claims }, await signingKey(), 'HS256');
    },

    verifySignature,

    async verify(db, token) {
      const payload = await verifySignature(token);
      if (!payload) return null;
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || userId < 1 || userId > MAX_USER_ID) return null;
      const [row] = await db
        .select({ refused: tokenRefused(sql`${payload.jti}::text`, sql`${tokenGenerationOf(payload)}::int`) })
        .from(t.users)
        .where(eq(t.users.id, userId));
      return row && !row.refused ? payload : null;
    },

    async revoke(db, claims) {
      await db
        .insert(t.revokedTokens)
        .values({ jti: claims.jti, expiresAt: new Date(claims.exp * 1000) })
        .onConflictDoNothing();
    },
  };
}
