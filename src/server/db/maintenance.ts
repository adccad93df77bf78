import { lt } from 'drizzle-orm';
import { pruneLoginAttempts } from '../auth/throttle';
import { pruneIdempotencyKeys } from '../http/idempotency';
import type { Database } from './client';
import { pruneTombstones } from '../sync/tombstones';
import * as t from './schema';

/** Drops rows that no longer decide anything: expired revocations, old sign-in failures, old idempotency keys, old tombstones. */
export async function pruneExpiredRows(db: Database, now = new Date()) {
  await db.delete(t.revokedTokens).where(lt(t.revokedTokens.expiresAt, now));
  await pruneLoginAttempts(db, now);
  await pruneIdempotencyKeys(db, now);
  await pruneTombstones(db, now);
}
