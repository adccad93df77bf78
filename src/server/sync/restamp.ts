import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database, DatabaseNotifications } from '../db/client';
import { startQueueWorker } from '../ops/queue-worker';
import * as t from '../db/schema';
import type { Logger } from '../ops/logger';

/*
 * Records that show a plant's or retail center's name or zone (joined on read) are synced again when it changes: the
 * change's trigger queues them in sync_restamps, one row per table (migration 0022), and this worker writes them again
 * in short transactions of `batchSize` rows, in id order, after the change has committed (issue 31 §5).
 *
 * Why this leaves no gap in any device's delta (server/sync/delta.ts): a batch only sets sync_xid, so its rows move to
 * the batch's transaction id, above any cursor taken before it, and reach devices once it commits; they are read then,
 * so with the new name. A queue row becomes visible only when the change that wrote it has committed, so every batch of
 * it runs after the change. Rows not yet written again keep their old position and come in a later delta. Each batch
 * commits at once, so no delta waits on more than one batch.
 *
 * Several instances sharing one PostgreSQL claim queue rows with FOR UPDATE SKIP LOCKED, so no two write the same
 * batch; the queue is durable, so what a stopped instance left is finished by the next one to start.
 */

/** The tables a queued row may name (migration 0022); a warranty card carries its home's plant and retail center (0024). */
const TABLES = new Set(['service_requests', 'parts_orders', 'quotes', 'sales_orders', 'inventory_homes', 'warranty_cards']);
const COLUMNS = new Set(['plant_number', 'retailer_number']);

/**
 * Rows per transaction. 200,000 work orders took as long in batches of 1,000 as of 5,000 on PostgreSQL, each batch
 * under 0.1 s (p50) while a whole rewrite took 12 s; on PGlite, whose one connection every request waits for, about as long.
 */
export const RESTAMP_BATCH_SIZE = 1_000;
const POLL_INTERVAL_MS = 1_000;

export interface RestampBatch {
  /** The queue row worked on. */
  job: number;
  table: string;
  rows: number;
  /** Its last batch: the queue row is gone. */
  finished: boolean;
}

/**
 * One batch of the first queue row after `afterJob` that no other instance holds, in one transaction: its next
 * `batchSize` rows written again, its position advanced, the row deleted when it is done. Null: none to take.
 */
export async function restampBatch(db: Database, options: { batchSize?: number; afterJob?: number } = {}): Promise<RestampBatch | null> {
  const size = options.batchSize ?? RESTAMP_BATCH_SIZE;
  const q = t.syncRestamps;
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(q)
      .where(gt(q.id, options.afterJob ?? 0))
      .orderBy(asc(q.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!job) return null;
    if (!TABLES.has(job.tableName) || !COLUMNS.has(job.columnName)) {
      // Not one migration 0022 writes: nothing to do for it, and it must not stop the rest.
      await tx.delete(q).where(eq(q.id, job.id));
      return { job: job.id, table: job.tableName, rows: 0, finished: true };
    }
    if (job.afterId === 0) {
      // Another change of the same plant or retail center queued the same table: this sweep, which starts after both
      // committed, covers both. One an instance is working on is left to it.
      const same = tx
        .select({ id: q.id })
        .from(q)
        .where(and(eq(q.tableName, job.tableName), eq(q.columnName, job.columnName), eq(q.value, job.value), ne(q.id, job.id)))
        .for('update', { skipLocked: true });
      await tx.execute(sql`delete from ${q} where ${q.id} in (${same})`);
    }
    const table = sql.identifier(job.tableName);
    const result = (await tx.execute(sql`
      with batch as (
        select id from ${table}
        where ${sql.identifier(job.columnName)} = ${job.value} and id > ${job.afterId}
        order by id limit ${size}
      ), done as (
        update ${table} set sync_xid = 0 where id in (select id from batch) returning id
      )
      select count(*)::int as rows, coalesce(max(id), 0)::int as last from done`)) as unknown as {
      rows: { rows: number | string; last: number | string }[];
    };
    const rows = Number(result.rows[0]?.rows ?? 0);
    const finished = rows < size;
    if (finished) await tx.delete(q).where(eq(q.id, job.id));
    else
      await tx
        .update(q)
        .set({ afterId: Number(result.rows[0]?.last ?? 0) })
        .where(eq(q.id, job.id));
    return { job: job.id, table: job.tableName, rows, finished };
  });
}

const nextTurn = () => new Promise<void>((done) => setImmediate(done));

/**
 * Batches until no queue row is left to take (or `stop()` says so), one queue row after another in turn, so a small
 * rename is not stuck behind a big one. Between batches other work gets its turn. Answers the rows written again.
 */
export async function drainRestamps(db: Database, options: { batchSize?: number; stop?: () => boolean } = {}): Promise<number> {
  let total = 0;
  let afterJob = 0;
  while (!options.stop?.()) {
    const batch = await restampBatch(db, { batchSize: options.batchSize, afterJob });
    if (batch) {
      total += batch.rows;
      afterJob = batch.job;
    } else if (afterJob > 0) afterJob = 0;
    else break;
    await nextTurn();
  }
  return total;
}

export interface Restamper {
  /** Works the queue off now (or waits for the pass under way and one more): the rows written again. */
  drainNow: () => Promise<number>;
  close: () => Promise<void>;
}

/**
 * Works the queue off in the background: at start (what a stopped instance left), at every change that queues rows
 * (migration 0022's NOTIFY, from any instance or the command line) and every `pollMs`, one pass at a time.
 */
export async function startRestamper(options: {
  db: Database;
  notifications?: DatabaseNotifications;
  logger?: Logger;
  pollMs?: number;
  batchSize?: number;
}): Promise<Restamper> {
  const { db, logger } = options;
  const worker = await startQueueWorker({
    round: async (closed) => {
      const rows = await drainRestamps(db, { batchSize: options.batchSize, stop: closed });
      if (rows > 0) logger?.info({ rows }, 'records of a renamed plant or retail center synced again');
      return { report: rows, more: false };
    },
    add: (total, rows) => total + rows,
    channel: 'homesite_restamp',
    notifications: options.notifications,
    pollMs: options.pollMs ?? POLL_INTERVAL_MS,
    onError: (error) => logger?.error({ err: error }, 'syncing records of a renamed location again failed; will retry'),
  });
  return { drainNow: worker.runNow, close: worker.close };
}
