import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, stamp } from './columns';
import { plants, retailers } from './organisation';

/* Users and what their profile holds: roles, retail centers and plants (spec 1 §3 User). */

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** The e-mail address, stored lower-cased. */
    userName: text('user_name').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Argon2id; null: no password yet (an imported user, until an invitation's link sets one). */
    passwordHash: text('password_hash'),
    passwordLastChanged: stamp('password_last_changed'),
    isActive: boolean('is_active').notNull().default(true),
    isInternal: boolean('is_internal').notNull().default(false),
    isPlantUser: boolean('is_plant_user').notNull().default(false),
    employeeId: text('employee_id'),
    termsAcceptanceDate: stamp('terms_acceptance_date'),
    currentRetailerNumber: text('current_retailer_number').references(() => retailers.retailerNumber),
    rowVersion: integer('row_version').notNull().default(0),
    /**
     * Moved by triggers (migration 0007) on every change of what the profile holds: the user row (password,
     * deactivation, current retailer), their roles, retailers and plants, and those retailers' and plants' rows.
     * The server's in-process profile cache is good while this is unchanged (auth/session-cache.ts).
     */
    profileVersion: bigint('profile_version', { mode: 'number' }).notNull().default(0),
    /**
     * Tokens carry the generation they were issued in; those of an older one are refused, except the one whose jti is
     * tokenKeptJti. A password change adds one (auth/tokens.ts cutOffTokens). A counter, not a time: instances whose
     * clocks disagree cannot disagree on it.
     */
    tokenGeneration: integer('token_generation').notNull().default(0),
    /**
     * When the password last ended older tokens. No longer decides anything here; written for instances of the
     * previous version during a rolling upgrade, and a change of it by one of them moves tokenGeneration (migration 0017).
     */
    tokensNotBefore: stamp('tokens_not_before'),
    /** The token that made the last password change, which stays valid; null: none kept. */
    tokenKeptJti: text('token_kept_jti'),
    /** When two-factor sign-in was turned on (its secret: two-factor.ts userTotp); null: off. Part of the profile. */
    twoFactorEnabledAt: stamp('two_factor_enabled_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_user_name_lower_key').on(sql`lower(${t.userName})`)],
);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const userRetailers = pgTable(
  'user_retailers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    retailerNumber: text('retailer_number')
      .notNull()
      .references(() => retailers.retailerNumber),
  },
  (t) => [primaryKey({ columns: [t.userId, t.retailerNumber] }), index('user_retailers_retailer_idx').on(t.retailerNumber)],
);

export const userPlants = pgTable(
  'user_plants',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plantNumber: text('plant_number')
      .notNull()
      .references(() => plants.plantNumber),
  },
  (t) => [primaryKey({ columns: [t.userId, t.plantNumber] })],
);
