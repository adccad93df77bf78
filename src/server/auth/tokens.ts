import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
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
  exp: number;
}

/** Database calls take the handle of the request (its transaction on writes: see http/route.ts). */
export interface TokenService {
  issue: (user: { cmhUserId: number; userName: string; retailerNumber: string | null }) => Promise<string>;
  /**
   * The claims of a well-signed, unexpired token, without asking the database: the caller still has to
   * check revocation (http/route.ts does, in the session query of auth/session-cache.ts).
   */
  verifySignature: (token: string) => Promise<TokenClaims | null>;
  /** The claims of a well-signed, unexpired and not revoked token; null otherwise. */
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
  typeof payload.exp === 'number';

/** Verified tokens remembered per token service (so per app). */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createTokenService(secret: string): TokenService {
  // Imported once: given the string, hono imports the key on every call (about 4x the cost of the check).
  let key: Promise<CryptoKey> | undefined;
  const signingKey = () =>
    (key ??= crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']));

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
      payload = await verify(token, await signingKey(), 'HS256');
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
        exp: iat + TOKEN_LIFETIME_SECONDS,
      };
      return sign({ ...claims }, await signingKey(), 'HS256');
    },

    verifySignature,

    async verify(db, token) {
      const payload = await verifySignature(token);
      if (!payload) return null;
      const [revoked] = await db
        .select({ jti: t.revokedTokens.jti })
        .from(t.revokedTokens)
        .where(eq(t.revokedTokens.jti, payload.jti));
      return revoked ? null : payload;
    },

    async revoke(db, claims) {
      await db
        .insert(t.revokedTokens)
        .values({ jti: claims.jti, expiresAt: new Date(claims.exp * 1000) })
        .onConflictDoNothing();
    },
  };
}
