import { and, sql } from 'drizzle-orm';
import { SYNC_DEFAULT_LIMIT, SYNC_START, type SyncPage } from '../../contract/sync';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { decodeCursor, encodeCursor, fingerprint, START, type CursorState, type KeptPart, type Position } from './cursor';
import { probe } from './probe';
import { atOrAfter, type SyncedRow, type SyncSource } from './source';
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

/*
 * A list kept by the kept-list rule (kept-rule.ts) is downloaded from nothing in two parts, each in the order of an
 * index of its own: its kept open rows, then its kept closed ones, of what stood below the horizon it began at
 * (`keptBelow`). It then goes on as a delta from that horizon, which brings every row written meanwhile (a row that
 * left the rule meanwhile comes as removed). Read in plain (sync_xid, id) order, every page of that download sorted all
 * the scope's kept rows left (0.3–0.5 s a page for a plant of the 1M benchmark).
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
  // Within a download's parts nothing is asked of the probe but its horizons.
  const { horizon, pruned, changed } = await probe(db, source as SyncSource<unknown>, followable?.part ? undefined : followable);
  // A cursor goes on as a delta from its position, or from the horizon its download began at.
  const reset = since !== SYNC_START && (!followable || (followable.keptBelow ?? followable.xid) < pruned);
  const resume = reset ? undefined : followable;
  const fromStart = !resume || (resume.part === undefined && resume.xid === START.xid && resume.id === START.id);
  // The usual refresh: nothing changed, and the cursor moves up to the horizon. A capped list's first kept day moves
  // only with its rows (the cursor carries it).
  if (!fromStart && !resume.part && !changed) {
    const keptFrom = resume.keptFrom;
    return withKeptFrom({ items: [], removed: [], cursor: encodeCursor({ scope, xid: horizon, id: 0, keptFrom }), more: false }, keptFrom);
  }

  const ruled = source.keptFloor !== undefined;
  const keptBelow = fromStart ? horizon : resume.keptBelow;
  // From the first kept day found when the download began, while it lasts; a delta finds it anew (cached a while).
  const keptFrom = resume?.part ? resume.keptFrom : await source.keptFloor?.(db);
  // A page fills itself from each stretch in turn: a download's part, the next part, then the delta.
  let stretch: { part?: KeptPart | undefined; from: Position } = fromStart
    ? { part: ruled ? 'open' : undefined, from: START }
    : { part: resume.part, from: resume };
  let deltaFrom = stretch.part ? undefined : stretch.from;
  const rows: SyncedRow<Item>[] = [];
  let end: CursorState;
  let more = true;
  for (;;) {
    const { part, from } = stretch;
    const wanted = limit - rows.length;
    const read = await source.rows(db, { from, horizon: part ? keptBelow! : horizon, limit: wanted, part, keptFrom });
    rows.push(...read);
    const last = read.at(-1);
    if (read.length === wanted && last) {
      end = part
        ? { scope, xid: last.xid, id: last.id + 1, part, keptBelow, keptFrom }
        : { scope, xid: last.xid, id: last.id + 1, keptFrom };
      break;
    }
    if (!part) {
      end = { scope, xid: horizon, id: 0, keptFrom };
      more = false;
      break;
    }
    stretch = part === 'open' ? { part: 'closed', from: START } : { from: { xid: keptBelow!, id: 0 } };
    if (!stretch.part) deltaFrom = stretch.from;
  }

  const removed: number[] = [];
  const items: Item[] = [];
  // What was removed since the delta's start; a download from nothing has nothing to remove.
  if (deltaFrom && (deltaFrom.xid !== START.xid || deltaFrom.id !== START.id)) {
    const gone = await db
      .select({ id: t.syncTombstones.rowId })
      .from(t.syncTombstones)
      .where(
        and(
          tombstonesOf(source),
          atOrAfter(t.syncTombstones.syncXid, t.syncTombstones.rowId, deltaFrom),
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
