import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import type { Database } from '../db/client';
import * as t from '../db/schema';

/*
 * API keys let an upstream system (an ERP pushing orders nightly) call the import endpoint and nothing else. A key is
 * 32 random bytes shown once when made; the database keeps only its SHA-256 (a key has 256 bits of entropy, so a fast
 * hash loses nothing against guessing, unlike a password) and the first characters, to tell keys apart in a listing.
 */

/** Starts every key, so that one found in a log or a repository is recognised for what it is. */
export const API_KEY_PREFIX = 'hsk_';
const KEY_BYTES = 32;
/** hsk_ and the first 8 characters of the random part. */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

export const ApiKeyName = v.pipe(
  v.string('The key needs a name.'),
  v.trim(),
  v.nonEmpty('The key needs a name.'),
  v.maxLength(100, 'A key name can be no longer than 100 characters.'),
  v.regex(/^[\x21-\x7e]+( [\x21-\x7e]+)*$/, 'A key name is visible ASCII characters and single spaces.'),
);

export interface ApiKeyListing {
  id: number;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export class ApiKeyError extends Error {
  override readonly name = 'ApiKeyError';
}

/** Whether a bearer credential has the form of an API key (rather than, say, a user's JWT). */
export const looksLikeApiKey = (credential: string) => KEY_PATTERN.test(credential);

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** Makes a key and answers it: the only time it is ever shown. Names are unique among all keys, revoked ones included. */
export async function createApiKey(db: Database, name: string): Promise<{ key: string; listing: ApiKeyListing }> {
  const parsed = v.safeParse(ApiKeyName, name);
  if (!parsed.success) throw new ApiKeyError(parsed.issues[0].message);
  const key = `${API_KEY_PREFIX}${randomBytes(KEY_BYTES).toString('base64url')}`;
  const [row] = await db
    .insert(t.apiKeys)
    .values({ name: parsed.output, prefix: key.slice(0, SHOWN_PREFIX_LENGTH), keyHash: hashKey(key) })
    .onConflictDoNothing({ target: t.apiKeys.name })
    .returning();
  if (!row) throw new ApiKeyError(`An API key named '${parsed.output}' exists already (revoked keys keep their names).`);
  return { key, listing: listingOf(row) };
}

const listingOf = (row: typeof t.apiKeys.$inferSelect): ApiKeyListing => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt,
  lastUsedAt: row.lastUsedAt,
  revokedAt: row.revokedAt,
});

export async function listApiKeys(db: Database): Promise<ApiKeyListing[]> {
  const rows = await db.select().from(t.apiKeys).orderBy(asc(t.apiKeys.createdAt), asc(t.apiKeys.id));
  return rows.map(listingOf);
}

/** Revokes the key of this name; answers 'already' when it was revoked before. Throws for an unknown name. */
export async function revokeApiKey(db: Database, name: string, now = new Date()): Promise<'revoked' | 'already'> {
  const [revoked] = await db
    .update(t.apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(t.apiKeys.name, name.trim()), isNull(t.apiKeys.revokedAt)))
    .returning({ id: t.apiKeys.id });
  if (revoked) return 'revoked';
  const [existing] = await db.select({ id: t.apiKeys.id }).from(t.apiKeys).where(eq(t.apiKeys.name, name.trim()));
  if (!existing) throw new ApiKeyError(`No API key is named '${name.trim()}' (homesite apikey list shows them).`);
  return 'already';
}

/** The id and name of the live key this is, noting its use; null for a revoked, unknown or malformed one. */
export async function verifyApiKey(db: Database, key: string, now = new Date()): Promise<{ id: number; name: string } | null> {
  if (!looksLikeApiKey(key)) return null;
  const [row] = await db
    .update(t.apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(t.apiKeys.keyHash, hashKey(key)), isNull(t.apiKeys.revokedAt)))
    .returning({ id: t.apiKeys.id, name: t.apiKeys.name });
  return row ?? null;
}
