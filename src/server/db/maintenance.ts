import { lt } from 'drizzle-orm';
import { DEFAULT_AUDIT_RETENTION_DAYS, pruneAuditEvents } from '../audit/audit';
import { pruneLinks } from '../auth/one-time-links';
import { pruneLoginAttempts } from '../auth/throttle';
import { pruneMail } from '../mail/queue';
import { pruneIdempotencyKeys } from '../http/idempotency';
import type { Database } from './client';
import { pruneTombstones } from '../sync/tombstones';
import * as t from './schema';

/**
 * Drops rows that no longer decide anything: expired revocations, old sign-in failures and reset requests, old
 * idempotency keys, old tombstones, long-ended links, delivered mail, and audit events past AUDIT_RETENTION_DAYS.
 */
export async function pruneExpiredRows(db: Database, now = new Date(), auditRetentionDays = DEFAULT_AUDIT_RETENTION_DAYS) {
  await db.delete(t.revokedTokens).where(lt(t.revokedTokens.expiresAt, now));
  await pruneLoginAttempts(db, now);
  await pruneIdempotencyKeys(db, now);
  await pruneTombstones(db, now);
  await pruneLinks(db, now);
  await pruneMail(db, now);
  await pruneAuditEvents(db, now, auditRetentionDays);
}
