import { sql, type SQL } from 'drizzle-orm';
import { bigint, customType, numeric, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/* Column kinds several tables share. */

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The id of the transaction that last wrote the row (delta sync, server/sync/): set on insert by this default and
 * on every update by the trigger of migration 0007, so no code path can forget it.
 */
export const syncXid = () =>
  bigint('sync_xid', { mode: 'number' })
    .notNull()
    .default(sql`(pg_current_xact_id()::text)::bigint`);

/** PGlite answers bytea as Uint8Array, node-postgres as Buffer (a Uint8Array too). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** Dollars and cents. */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' }).notNull().default(0);

/** Labor hours (spec 3 §5 rounds them to the quarter hour). */
export const hours = (name: string) => numeric(name, { precision: 8, scale: 2, mode: 'number' }).notNull().default(0);

/** A text as a search sorts it: lower case, blank as none (so that blanks sort last, as the kept list sorts them). */
export const sortableText = (column: AnyPgColumn | SQL) => sql`lower(nullif(btrim(${column}), ''))`;
