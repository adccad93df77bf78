import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import type { SyncSource } from './source';

/* Tombstones: the ids of rows deleted from a list or moved out of a scope, kept at a position like the rows (delta.ts). */

/** How long tombstones are kept; a device that has not synced for longer downloads its lists afresh. */
export const TOMBSTONE_RETENTION_MS = 60 * 24 * 60 * 60 * 1000;
export const TOMBSTONE_HORIZON_SETTING = 'sync_tombstone_horizon';

/** Which tombstones of the table may concern the source's user. */
export const tombstonesOf = (source: Pick<SyncSource<unknown>, 'table' | 'tombstones'>) =>
  and(eq(t.syncTombstones.source, source.table), source.tombstones);

/** Drops tombstones older than the retention; cursors from before the newest dropped one then start afresh. */
export async function pruneTombstones(db: Database, now = new Date()) {
  const result = (await db.execute(
    sql`with gone as (delete from ${t.syncTombstones} where ${t.syncTombstones.createdAt} < ${new Date(now.getTime() - TOMBSTONE_RETENTION_MS)} returning sync_xid)
        select max(sync_xid)::text as newest from gone`,
  )) as unknown as { rows: { newest: string | null }[] };
  const newest = result.rows[0]?.newest;
  if (newest === null || newest === undefined) return;
  const horizon = String(Number(newest) + 1);
  await db
    .insert(t.settings)
    .values({ key: TOMBSTONE_HORIZON_SETTING, value: horizon })
    .onConflictDoUpdate({ target: t.settings.key, set: { value: sql`greatest(${t.settings.value}::bigint, ${horizon}::bigint)::text` } });
}
