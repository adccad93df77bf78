import { and, sql } from 'drizzle-orm';
import { SYNC_DEFAULT_LIMIT, SYNC_START, type SyncPage } from '../../contract/sync';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { decodeCursor, encodeCursor, fingerprint, START, type CursorState, type Position } from './cursor';
import { probe } from './probe';
import { atOrAfter, type SyncSource } from './source';
import { tombstonesOf } from './tombstones';

/*
 * Delta sync of a list (contract/sync.ts). Every synced row carries `sync_xid`, the id of the transaction that
 * last wrote it (set by migration 0007's default and triggers). Rows are read in (sync_xid, id) order, and a
 * cursor is the position of the next row to deliver.
 *
 * Why transaction ids and a horizon, not a plain sequence: transactions commit in another order than they
 * take numbers, so a cursor moved past number 101 while number 100 is still uncommitted would skip 100 for
 * ever. A page therefore only delivers rows whose transaction is below the horizon — the oldest transaction
 * still running when the page is read (pg_snapshot_xmin): below it every transaction has ended, so nothing
 * can appear there any more. A row written again later moves to a new, higher position and is delivered
 * again; a row deleted or moved out of a scope leaves a tombstone at a new position. Re-delivering a row is
 * harmless (the device merges by id), so a cursor may lag but never skips. This holds on PGlite and on a
 * PostgreSQL server shared by several instances alike: transaction ids belong to the database.
 */

/** GET <list>?since=<cursor>[&limit=n]: one page of changes (contract/sync.ts), of SYNC_DEFAULT_LIMIT rows at most without n. */
export async function readDelta<Item>(
  db: Database,
  source: SyncSource<Item>,
  since: string,
  limit: number = SYNC_DEFAULT_LIMIT,
): Promise<SyncPage<Item>> {
  const scope = fingerprint(source);
  const cursor = since === SYNC_START ? undefined : decodeCursor(since);
  const followable = cursor?.scope === scope ? cursor : undefined;
  const { horizon, pruned, changed } = await probe(db, source as SyncSource<unknown>, followable);
  const reset = since !== SYNC_START && (!followable || followable.xid < pruned);
  const from: Position = followable && !reset ? followable : START;
  const fromStart = from.xid === START.xid && from.id === START.id;
  // The usual refresh: nothing changed, and the cursor moves up to the horizon. A capped list's first kept day moves
  // only with its rows (the cursor carries it).
  if (!reset && !fromStart && !changed) {
    const keptFrom = followable?.keptFrom;
    return withKeptFrom({ items: [], removed: [], cursor: encodeCursor({ scope, xid: horizon, id: 0, keptFrom }), more: false }, keptFrom);
  }

  // A download from nothing holds only the kept rows of what stood when it began, over all its pages (kept-rule.ts),
  // from the first kept day it began with when the list holds more than its cap.
  const keptBelow = fromStart ? horizon : followable?.keptBelow;
  const continuing = !fromStart && keptBelow !== undefined;
  const keptFrom = continuing ? followable?.keptFrom : await source.keptFloor?.(db);
  const rows = await source.rows(db, { from, horizon, limit, keptBelow, keptFrom });
  const last = rows.at(-1);
  const more = rows.length === limit && last !== undefined;
  const end: CursorState = more ? { scope, xid: last.xid, id: last.id + 1, keptBelow, keptFrom } : { scope, xid: horizon, id: 0, keptFrom };

  const removed: number[] = [];
  const items: Item[] = [];
  // A download from nothing has nothing to remove.
  if (!fromStart) {
    const gone = await db
      .select({ id: t.syncTombstones.rowId })
      .from(t.syncTombstones)
      .where(
        and(
          tombstonesOf(source),
          atOrAfter(t.syncTombstones.syncXid, t.syncTombstones.rowId, from),
          sql`(${t.syncTombstones.syncXid}, ${t.syncTombstones.rowId}) < (${end.xid}::bigint, ${end.id}::integer)`,
        ),
      );
    removed.push(...new Set(gone.map((row) => row.id)));
  }
  for (const row of rows) {
    if (row.item === null) removed.push(row.id);
    else items.push(row.item);
  }
  const page: SyncPage<Item> = withKeptFrom({ items, removed, cursor: encodeCursor(end), more }, keptFrom);
  if (reset) page.reset = true;
  if (fromStart) page.total = await source.count(db, keptFrom);
  return page;
}

const withKeptFrom = <Item>(page: SyncPage<Item>, keptFrom: string | undefined): SyncPage<Item> =>
  keptFrom === undefined ? page : { ...page, keptFrom };
