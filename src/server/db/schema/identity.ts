import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, stamp } from './columns';
import { users } from './users';

/* Getting in without an operator (issue 29): one-time links, the mail queue that carries them, and the audit trail. */

/**
 * Invitation and password-reset links. Only a SHA-256 of the token is kept; the token itself is in the mail (and, with
 * no mail server, shown once to whoever asked). A link ends when used, when a newer one is issued for the same user,
 * when its user is deactivated, or at expiry; an ended row stays until pruned, so the page can say why it ended.
 */
export const oneTimeLinks = pgTable(
  'one_time_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['invitation', 'reset'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: stamp('expires_at').notNull(),
    endedAt: stamp('ended_at'),
    endedBecause: text('ended_because', { enum: ['used', 'replaced', 'deactivated'] }),
  },
  (t) => [
    index('one_time_links_open_idx')
      .on(t.userId)
      .where(sql`${t.endedAt} is null`),
  ],
);

/**
 * Mail waiting to be delivered, retried with backoff (server/mail/queue.ts); a delivered mail's bodies are wiped at
 * once. The bodies hold the link, so they are kept encrypted (AES-256-GCM under a key derived from the token secret):
 * the database alone never gives a link away.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    /** The text and HTML bodies, JSON, encrypted; null once delivered or given up. */
    sealedBody: text('sealed_body'),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: stamp('next_attempt_at').notNull().defaultNow(),
    /** Past this the mail is no use (its link has expired): it is given up. */
    expiresAt: stamp('expires_at').notNull(),
    sentAt: stamp('sent_at'),
    failedAt: stamp('failed_at'),
    /** The last delivery error (the SMTP server's words), for `homesite mail status`-like diagnosis in the logs. */
    lastError: text('last_error'),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
);

/** "Forgot password?" requests, for throttling by user name and by client address across instances. */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    id: serial('id').primaryKey(),
    userName: text('user_name').notNull(),
    clientAddress: text('client_address'),
    requestedAt: stamp('requested_at').notNull(),
  },
  (t) => [
    index('password_reset_requests_user_time_idx').on(t.userName, t.requestedAt),
    index('password_reset_requests_address_time_idx').on(t.clientAddress, t.requestedAt),
  ],
);

/**
 * One row per identity or administration event (contract/identity.ts AUDIT_ACTIONS), written in the transaction of the
 * change it records. Names are copied, not referenced: the trail outlives renamed and removed users and keys.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: stamp('at').notNull().defaultNow(),
    action: text('action').notNull(),
    actorKind: text('actor_kind', { enum: ['user', 'cli', 'api-key', 'anonymous'] }).notNull(),
    actorUserId: integer('actor_user_id'),
    actorName: text('actor_name'),
    targetUserId: integer('target_user_id'),
    targetName: text('target_name'),
    /** The retail centers of the actor and target users at the time: a retailer's admin sees the events of their own. */
    retailerNumbers: text('retailer_numbers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    clientAddress: text('client_address'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at),
    index('audit_events_action_idx').on(t.action, t.id),
    index('audit_events_retailers_idx').using('gin', t.retailerNumbers),
  ],
);
