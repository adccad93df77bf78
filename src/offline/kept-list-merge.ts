import type { Table } from 'dexie';
import { SYNC_START, type SyncPage } from '../contract/sync';
import type { KeptListState, OfflineDb } from './db';

/*
 * One way of applying a list's answer to the device's copy, for the page (KeptList.sync, kept-lists.ts) and for the
 * service worker's refresh with no page open (periodic-refresh.ts): removed ids, changed rows and the new cursor in
 * one transaction, so a connection dropped between pages loses nothing and the next sync goes on from the last page
 * merged.
 */

/**
 * Rows per page of a download: big enough that a page's round trip is small beside its merge, small enough to show
 * progress and the first rows soon. On the 1M benchmark a plant's 23,491 work orders came in 1.3 s at 2,000 rows a page
 * (p50 90 ms) and 1.4 s at 5,000 (p50 300 ms: a server's page costs more than its share of rows as it grows).
 */
export const KEPT_LIST_PAGE_SIZE = 2_000;

/** Where a kept list lives on the device: its table, and the share of it when it shares the table (a plant's catalog). */
export interface KeptListStore<Row> {
  /** The syncState key. */
  list: string;
  table: (db: OfflineDb) => Table<Row, number>;
  share?: { index: string; value: string | number };
}

/** The page starts the copy afresh: a reset (other scope, too old a cursor, a plain backend's whole list) or a first download. */
export const startsAfresh = (state: KeptListState, page: Pick<SyncPage<unknown>, 'reset'>) =>
  page.reset === true || state.cursor === SYNC_START;

/** The rows of the list in its table: its share, or the whole table. */
export function keptRowsOf<Row>(db: OfflineDb, store: KeptListStore<Row>) {
  const table = store.table(db);
  return store.share ? table.where(store.share.index).equals(store.share.value) : table.toCollection();
}

/** Merges one page of the list's answer after `state` and answers the list's state after it. */
export async function mergeKeptPage<Row>(
  db: OfflineDb,
  store: KeptListStore<Row>,
  state: KeptListState,
  page: SyncPage<Row>,
  syncedAt: number,
): Promise<KeptListState> {
  const restart = startsAfresh(state, page);
  const { keptFrom: _lastFloor, ...rest } = state;
  const next: KeptListState = {
    ...rest,
    ...(page.keptFrom === undefined ? {} : { keptFrom: page.keptFrom }),
    cursor: page.cursor,
    total: page.total ?? state.total,
    received: (restart ? 0 : state.received) + page.items.length,
    complete: page.more ? !restart && state.complete : true,
    syncedAt,
  };
  const table = store.table(db);
  await db.withReopen(() =>
    db.transaction('rw', table, db.syncState, async () => {
      if (restart) await keptRowsOf(db, store).delete();
      if (page.removed.length) await table.bulkDelete(page.removed);
      if (page.items.length) await table.bulkPut(page.items);
      await db.syncState.put(next);
    }),
  );
  return next;
}
