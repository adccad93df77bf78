import type { Table } from 'dexie';
import { KEPT_LIST_RULES, type KeptListName } from '../contract/kept-lists';
import type { KeptListState, OfflineDb } from './db';
import { forgetKeptLists, keptListTables, type KeptList } from './kept-lists';
import { QUERY_CACHE_STORAGE_KEY } from './query-cache-policy';

/*
 * What this device keeps, as the Device status screen shows it (issue 23 §4), and the two things done from there:
 * refreshing every kept list at once, and removing everything the device keeps before a tablet is handed over.
 * Read from the store itself (syncState names every kept list, in any tab or none), not from the lists this tab
 * happens to hold in memory.
 */

/** The plain name of each kept list (contract/kept-lists.ts), as the user knows the screen that shows it. */
const KEPT_LIST_TITLES: Record<KeptListName | 'catalogParts', string> = {
  workOrders: 'Work orders',
  partsOrders: 'Parts orders',
  homeowners: 'Homeowners (warranty cards)',
  catalogParts: 'Parts catalog',
  quotes: 'Quotes',
  salesOrders: 'Orders',
  leads: 'Leads',
  inventory: 'Inventory',
};

/** Rows whose stored size is measured to estimate a list's size: enough for a steady average, cheap on 50,000 rows. */
export const SIZE_SAMPLE_ROWS = 50;

export interface KeptListOnDevice {
  /** The syncState key, e.g. 'workOrders' or 'catalogParts:101'. */
  list: string;
  /** What the user reads, e.g. 'Work orders' or 'Parts catalog, plant 101'. */
  name: string;
  /** Which of its rows the device keeps (contract/kept-lists.ts KEPT_LIST_RULES). */
  rule: string;
  /** Whose copy it is (user, retail center, …): only a copy of the signed-in scope is refreshed. */
  scopeKey: string;
  rows: number;
  /** When the server last answered for it (ms); undefined when it never did. */
  syncedAt: number | undefined;
  /** False while its first download has not reached its end. */
  complete: boolean;
  /** About how many bytes its rows take (see estimateBytes). */
  bytes: number;
}

export interface DeviceContents {
  lists: KeptListOnDevice[];
  /** Records kept whole for offline reading (work order and parts order details, reports…). */
  keptRecords: number;
  /** Documents kept for offline reading (help and learn PDFs), and their bytes as stored. */
  documents: { count: number; bytes: number };
}

/** The plain name of a kept list by its syncState key, and its rule. */
function describeListName(list: string): { name: string; rule: string } {
  const [table = list, share] = list.split(':');
  const name = (KEPT_LIST_TITLES as Record<string, string>)[table] ?? table;
  return {
    name: share === undefined ? name : `${name}, plant ${share}`,
    rule: (KEPT_LIST_RULES as Record<string, string>)[table] ?? '',
  };
}

function rowsOf(db: OfflineDb, list: string): { table: Table; share?: string } | undefined {
  const [table = list, share] = list.split(':');
  const found = keptListTables(db).find((candidate) => candidate.name === table && candidate !== db.syncState);
  return found && { table: found, ...(share === undefined ? {} : { share }) };
}

const encoder = new TextEncoder();

/**
 * A list's size: the JSON bytes of its first SIZE_SAMPLE_ROWS rows, averaged and multiplied by its rows. The browser
 * tells only the whole origin's usage (navigator.storage.estimate), never a table's, and reading every row of a
 * 50,000-row list to weigh it would take seconds; rows of one list are alike, so a sample says enough.
 */
function estimateBytes(sample: readonly unknown[], rows: number): number {
  if (sample.length === 0) return 0;
  const sampled = sample.reduce<number>((sum, row) => sum + encoder.encode(JSON.stringify(row)).byteLength, 0);
  return Math.round((sampled / sample.length) * rows);
}

async function describeList(db: OfflineDb, state: KeptListState): Promise<KeptListOnDevice> {
  const found = rowsOf(db, state.list);
  let rows = 0;
  let bytes = 0;
  if (found) {
    // A plant's share of the catalog is found by its plantNumber index (KeptListSpec.share).
    const collection = found.share === undefined ? found.table.toCollection() : found.table.where('plantNumber').equals(found.share);
    const [count, sample] = await Promise.all([collection.clone().count(), collection.clone().limit(SIZE_SAMPLE_ROWS).toArray()]);
    rows = count;
    bytes = estimateBytes(sample, count);
  }
  return {
    list: state.list,
    ...describeListName(state.list),
    scopeKey: state.scopeKey,
    rows,
    syncedAt: state.syncedAt,
    complete: state.complete,
    bytes,
  };
}

/** Everything the device keeps for offline use, read in one go (a live query re-runs it as the store changes). */
export async function readDeviceContents(db: OfflineDb): Promise<DeviceContents> {
  const [states, keptRecords, documents] = await Promise.all([db.syncState.toArray(), db.entities.count(), db.documentCopies.toArray()]);
  const lists = await Promise.all(states.map((state) => describeList(db, state)));
  lists.sort((a, b) => a.name.localeCompare(b.name));
  return {
    lists,
    keptRecords,
    documents: { count: documents.length, bytes: documents.reduce((sum, copy) => sum + copy.size, 0) },
  };
}

/** A copy of the signed-in scope: the scope itself, or a share of it (a plant's catalog is `<scope>|<plant>`). */
const isCopyOf = (scopeKey: string, scope: string) => scopeKey === scope || scopeKey.startsWith(`${scope}|`);

export interface RefreshOutcome {
  list: string;
  name: string;
  refreshed: boolean;
}

/**
 * "Sync now" for the kept lists: every list kept for the signed-in `scope` is brought up to date now, one after the other
 * so the screen can say how far it got. `open` finds the list's KeptList (the app knows each list's feature); a copy of
 * another scope (a retail center the user left) is left for its own screen to replace, never refreshed under this one.
 */
export async function refreshKeptLists(
  lists: readonly KeptListOnDevice[],
  scope: string,
  open: (list: string) => Promise<KeptList<unknown> | undefined>,
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<RefreshOutcome[]> {
  const mine = lists.filter((list) => isCopyOf(list.scopeKey, scope));
  const outcomes: RefreshOutcome[] = [];
  onProgress(0, mine.length);
  for (const list of mine) {
    const kept = await open(list.list).catch(() => undefined);
    const refreshed = kept
      ? await kept.sync(list.scopeKey).then(
          () => true,
          () => false,
        )
      : false;
    outcomes.push({ list: list.list, name: list.name, refreshed });
    onProgress(outcomes.length, mine.length);
  }
  return outcomes;
}

/** Remove this device's data was refused: changes are queued that have not reached the server. */
export class ChangesWaitingError extends Error {
  override readonly name = 'ChangesWaitingError';
  constructor(readonly waiting: number) {
    super(
      `${waiting === 1 ? 'A change is' : `${waiting} changes are`} still waiting to reach the server. Send ${waiting === 1 ? 'it' : 'them'} (or discard ${waiting === 1 ? 'it' : 'them'} on Pending changes) before you remove this device's data.`,
    );
  }
}

/**
 * Remove this device's data (a shared or handed-over tablet): the kept lists, the records and documents kept for
 * offline reading, and the persisted query cache. Refused with ChangesWaitingError while any change waits in the
 * queue, whoever made it: removing is for a device with nothing left to send. The check and the removal are one
 * transaction over the queue too, so a change queued meanwhile either stops the removal or comes after it.
 */
export async function removeDeviceData(db: OfflineDb, storage: Storage | undefined = globalThis.localStorage): Promise<void> {
  const kept = [...keptListTables(db), db.entities, db.documentCopies, db.documentFiles];
  await db.withReopen(() =>
    db.transaction('rw', [db.outbox, ...kept], async () => {
      const waiting = await db.outbox.where('status').anyOf('pending', 'sending', 'failed').count();
      if (waiting > 0) throw new ChangesWaitingError(waiting);
      await Promise.all(kept.map((table) => table.clear()));
    }),
  );
  forgetKeptLists();
  storage?.removeItem(QUERY_CACHE_STORAGE_KEY);
}
