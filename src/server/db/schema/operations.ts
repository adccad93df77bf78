import { integer, pgTable, primaryKey, serial, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, stamp } from './columns';
import { users } from './users';

/* The server's own bookkeeping: idempotent writes, import fingerprints, settings. */

/**
 * Idempotency-Key → stored response, per user (null user: an anonymous write such as a log call).
 * `claim` identifies the request that holds a running key, so an abandoned claim can be taken over safely.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    state: text('state', { enum: ['running', 'done'] }).notNull(),
    claim: text('claim').notNull(),
    responseStatus: integer('response_status'),
    responseContentType: text('response_content_type'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
    startedAt: stamp('started_at').notNull(),
    completedAt: stamp('completed_at'),
  },
  (t) => [unique('idempotency_keys_user_key').on(t.userId, t.key).nullsNotDistinct()],
);

/**
 * The last imported form of each row an import wrote, by kind and natural key (server/import/run-import.ts): a row the
 * file carries unchanged is not written again, so an edit made in the app since (a homeowner's new e-mail) survives
 * tonight's import of the same data, while a row the upstream system changed overwrites it.
 */
export const importFingerprints = pgTable(
  'import_fingerprints',
  {
    kind: text('kind').notNull(),
    naturalKey: text('natural_key').notNull(),
    /** SHA-256 of the row as checked (its columns in schema order), base64url. */
    fingerprint: text('fingerprint').notNull(),
    importedAt: stamp('imported_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.naturalKey] })],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
