import { index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, stamp } from './columns';

/* Sign-in bookkeeping shared by every instance: throttling, signed-out tokens, API keys for the import endpoint. */

/** Failed sign-ins, for throttling by user name and by client address across instances. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    userName: text('user_name').notNull(),
    /** Where the attempt came from (behind TRUST_PROXY, the proxy's X-Forwarded-For); null before migration 0013. */
    clientAddress: text('client_address'),
    attemptedAt: stamp('attempted_at').notNull(),
  },
  (t) => [
    index('login_attempts_user_time_idx').on(t.userName, t.attemptedAt),
    index('login_attempts_address_time_idx').on(t.clientAddress, t.attemptedAt),
  ],
);

/** Tokens signed out before they expire; a row can go once the token would have expired anyway. */
export const revokedTokens = pgTable('revoked_tokens', {
  jti: text('jti').primaryKey(),
  expiresAt: stamp('expires_at').notNull(),
});

/**
 * Keys for upstream systems (an ERP pushing orders nightly) to call the import endpoint, and nothing else.
 * Only a SHA-256 of the key is kept: the key is 32 random bytes, so a slow hash would add nothing.
 */
export const apiKeys = pgTable('api_keys', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** The first characters of the key, shown in listings so an operator can tell keys apart. */
  prefix: text('prefix').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  createdAt: createdAt(),
  lastUsedAt: stamp('last_used_at'),
  revokedAt: stamp('revoked_at'),
});
