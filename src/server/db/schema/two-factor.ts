import { bigint, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, stamp } from './columns';
import { users } from './users';

/* Two-factor sign-in with TOTP (issue 33 §2): the secret, the recovery codes and the code step's throttle. */

/**
 * A user's TOTP secret, sealed with TOTP_ENCRYPTION_KEY (auth/totp-secrets.ts): the database alone never gives it away.
 * A row whose confirmedAt is null is a setup not yet confirmed with a code; users.two_factor_enabled_at says it is on.
 */
export const userTotp = pgTable('user_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedSecret: text('sealed_secret').notNull(),
  createdAt: createdAt(),
  confirmedAt: stamp('confirmed_at'),
  /** The RFC 6238 time step of the last code accepted: a code of that step or an earlier one is refused (replay). */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
});

/** One-time recovery codes: only a SHA-256 of each (80 random bits: a slow hash would add nothing); each works once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: stamp('used_at'),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** Wrong codes at the code step, throttled like passwords (auth/throttle.ts) by user name and client address. */
export const twoFactorAttempts = pgTable(
  'two_factor_attempts',
  {
    id: serial('id').primaryKey(),
    userName: text('user_name').notNull(),
    clientAddress: text('client_address'),
    attemptedAt: stamp('attempted_at').notNull(),
  },
  (t) => [
    index('two_factor_attempts_user_time_idx').on(t.userName, t.attemptedAt),
    index('two_factor_attempts_address_time_idx').on(t.clientAddress, t.attemptedAt),
  ],
);
