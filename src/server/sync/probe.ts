import { and, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { fingerprint, type Position } from './cursor';
import { atOrAfter, type SyncSource } from './source';
import { TOMBSTONE_HORIZON_SETTING, tombstonesOf } from './tombstones';

export interface Probe {
  /** The oldest running transaction when the probe ran: rows below it are final. */
  horizon: number;
  /** Tombstones below this were pruned: a cursor from before it cannot be followed. */
  pruned: number;
  /** Whether a row or tombstone of the source lies between `from` and the horizon (always true without `from`). */
  changed: boolean;
}

/** Whether a row or tombstone of the source lies between `from` and the horizon `h` of the statement. */
function changedSince(source: SyncSource<unknown>, from: Position | undefined): SQL {
  if (!from) return sql`true`;
  const horizon = sql`(select horizon from h)`;
  const { changes } = source;
  return sql`(exists (select 1 from ${changes.from} where ${and(changes.where, atOrAfter(changes.xid, changes.id, from), sql`${changes.xid} < ${horizon}`)})
    or exists (select 1 from ${t.syncTombstones} where ${and(tombstonesOf(source), atOrAfter(t.syncTombstones.syncXid, t.syncTombstones.rowId, from), sql`${t.syncTombstones.syncXid} < ${horizon}`)}))`;
}

interface QueuedProbe {
  /** The same list and scope asked from the same position: one EXISTS answers them all (devices of one retail center). */
  key: string;
  changed: SQL;
  waiters: { resolve: (probe: Probe) => void; reject: (error: unknown) => void }[];
}

/** Probes answered by one statement at most; more go into the next. */
const MAX_PROBES_PER_STATEMENT = 200;
const queuedProbes = new Map<Database, Map<string, QueuedProbe>>();

/**
 * The horizon, the tombstone horizon and — given a position — whether anything changed since. Most refreshes find
 * nothing, and on PGlite every statement costs the one thread the server has: the probes of the requests that
 * arrive in one turn of the event loop are answered by one statement, each an EXISTS column of it. The statement
 * starts after they all arrived, so none of them is answered from before it asked.
 */
export function probe(db: Database, source: SyncSource<unknown>, from: Position | undefined): Promise<Probe> {
  return new Promise((resolve, reject) => {
    let queue = queuedProbes.get(db);
    if (!queue) {
      queuedProbes.set(db, (queue = new Map()));
      setImmediate(() => void runProbes(db));
    }
    const key = from ? `${fingerprint(source)}.${from.xid}.${from.id}` : '';
    let queued = queue.get(key);
    if (!queued) queue.set(key, (queued = { key, changed: changedSince(source, from), waiters: [] }));
    queued.waiters.push({ resolve, reject });
  });
}

async function runProbes(db: Database) {
  const queue = [...(queuedProbes.get(db)?.values() ?? [])];
  queuedProbes.delete(db);
  for (let start = 0; start < queue.length; start += MAX_PROBES_PER_STATEMENT) {
    const batch = queue.slice(start, start + MAX_PROBES_PER_STATEMENT);
    try {
      const columns = sql.join(
        batch.map((queued, n) => sql`${queued.changed} as ${sql.identifier(`c${n}`)}`),
        sql`, `,
      );
      // PGlite and node-postgres both answer { rows }.
      const result = (await db.execute(
        sql`with h as (select (pg_snapshot_xmin(pg_current_snapshot())::text)::bigint as horizon)
            select (select horizon from h) as horizon,
                   coalesce((select value from ${t.settings} where key = ${TOMBSTONE_HORIZON_SETTING}), '0') as pruned,
                   ${columns}`,
      )) as unknown as { rows: Record<string, string | number | boolean>[] };
      const row = result.rows[0] ?? {};
      const horizon = Number(row.horizon ?? 0);
      const pruned = Number(row.pruned ?? 0);
      batch.forEach((queued, n) =>
        queued.waiters.forEach((waiter) => waiter.resolve({ horizon, pruned, changed: row[`c${n}`] !== false })),
      );
    } catch (error) {
      for (const queued of batch) for (const waiter of queued.waiters) waiter.reject(error);
    }
  }
}
