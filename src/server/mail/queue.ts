import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import type { MailMessage } from './messages';

/*
 * The mail queue (issue 29 §1), kept in the database so that a mail survives a restart and any instance can deliver
 * it. A request only queues; the mailer (mailer.ts) delivers, retrying with backoff until the mail's link expires.
 * Bodies are sealed with AES-256-GCM under a key derived from the token secret and wiped once delivered.
 */

export type MailKey = Buffer;

export const mailKeyOf = (tokenSecret: string): MailKey =>
  Buffer.from(hkdfSync('sha256', tokenSecret, 'homesite', 'mail outbox bodies', 32));

function seal(key: MailKey, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

function unseal(key: MailKey, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

export async function queueMail(db: Database, key: MailKey, mail: MailMessage, expiresAt: Date, now: Date) {
  await db.insert(t.mailOutbox).values({
    toAddress: mail.to,
    subject: mail.subject,
    sealedBody: seal(key, JSON.stringify({ text: mail.text, html: mail.html })),
    createdAt: now,
    nextAttemptAt: now,
    expiresAt,
  });
}

/** After the nth failed attempt, the next one waits 30 s × 2^(n−1), at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
/** While a mail is being sent, other instances leave it alone this long (then a crashed sender's mail is tried again). */
const SENDING_LEASE_MS = 5 * 60_000;

export type SendMail = (mail: MailMessage) => Promise<void>;

export interface DeliveryReport {
  sent: number;
  failed: number;
  gaveUp: number;
}

/**
 * Sends the mail that is due, at most `batch`. Each is claimed first (its next attempt moved past the lease), so
 * instances never send one mail at once, and no database transaction is held while the SMTP server answers.
 */
export async function deliverDueMail(
  db: Database,
  key: MailKey,
  send: SendMail,
  now: Date,
  options: { batch?: number; onError?: (error: unknown, mail: { id: number; attempts: number }) => void } = {},
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, failed: 0, gaveUp: 0 };
  const pending = and(isNull(t.mailOutbox.sentAt), isNull(t.mailOutbox.failedAt));
  // A mail whose link has expired is of no use to anyone.
  const expired = await db
    .update(t.mailOutbox)
    .set({ failedAt: now, sealedBody: null })
    .where(and(pending, lte(t.mailOutbox.expiresAt, now)))
    .returning({ id: t.mailOutbox.id });
  report.gaveUp = expired.length;

  const claimed = await db
    .update(t.mailOutbox)
    .set({ attempts: sql`${t.mailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + SENDING_LEASE_MS) })
    .where(
      sql`${t.mailOutbox.id} in (select ${t.mailOutbox.id} from ${t.mailOutbox} where ${pending} and ${lte(t.mailOutbox.nextAttemptAt, now)}
        order by ${t.mailOutbox.id} limit ${options.batch ?? 50} for update skip locked)`,
    )
    .returning();
  for (const mail of claimed.sort((a, b) => a.id - b.id)) {
    try {
      if (!mail.sealedBody) throw new Error('mail body missing');
      const body = JSON.parse(unseal(key, mail.sealedBody)) as { text: string; html: string };
      await send({ to: mail.toAddress, subject: mail.subject, ...body });
      await db.update(t.mailOutbox).set({ sentAt: now, sealedBody: null, lastError: null }).where(eq(t.mailOutbox.id, mail.id));
      report.sent += 1;
    } catch (error) {
      options.onError?.(error, { id: mail.id, attempts: mail.attempts });
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      await db
        .update(t.mailOutbox)
        .set({ nextAttemptAt: new Date(now.getTime() + retryDelayMs(mail.attempts)), lastError: message })
        .where(eq(t.mailOutbox.id, mail.id));
      report.failed += 1;
    }
  }
  return report;
}

/** Delivered and given-up mail is kept a week (for diagnosis: when, how many attempts), then pruned. */
export async function pruneMail(db: Database, now: Date) {
  const cutoff = new Date(now.getTime() - 7 * 86_400_000);
  await db
    .delete(t.mailOutbox)
    .where(and(lt(t.mailOutbox.createdAt, cutoff), sql`(${t.mailOutbox.sentAt} is not null or ${t.mailOutbox.failedAt} is not null)`));
}
