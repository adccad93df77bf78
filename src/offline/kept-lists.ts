import type { Table } from 'dexie';
import { isKeptRecord, type KeptListSource, type KeptRuleSubject } from '../contract/kept-lists';
import { businessDay, DEFAULT_ORG_TIME_ZONE } from '../contract/time-zones';
import { SYNC_START, type SyncPage } from '../contract/sync';
import { isOfflineError, request, type RequestOptions } from '../lib/http';
import { storageEstimate, type KeptListState, type OfflineDb } from './db';
import { KEPT_LIST_PAGE_SIZE, keptRowsOf, mergeKeptPage, startsAfresh, type KeptListStore } from './kept-list-merge';
import { getOffline } from './runtime';

/*
 * Lists kept on the device row by row and brought up to date by delta sync (contract/sync.ts): each list is a
 * Dexie table keyed by the row's id, with its cursor in `syncState`. A sync asks for the changes since the
 * cursor, page by page, and merges each page (removed ids, changed rows, the new cursor) in one transaction:
 * a connection dropped between pages loses nothing and the next sync goes on from the last page merged, so a
 * first download of 50,000 rows resumes where it stopped. A copy of another scope (another user or retail
 * center on a shared tablet) is dropped before the first page of the new one is merged.
 *
 * A KeptList also holds the rows in memory for the screens (search and sort run there, lib/list.ts), read from
 * IndexedDB once and then kept current by the pages it merges, so a refresh never re-reads 50,000 rows.
 */

/**
 * `list` is the syncState key: the table's name, or the table's name and the share of it (catalogParts:101), as
 * contract/kept-lists.ts names them; `share` is the rows of this list when it shares its table with others (a
 * plant's catalog), the whole table otherwise.
 */
export interface KeptListSpec<Row> extends KeptListStore<Row> {
  key: (row: Row) => number;
  /** One page of changes: GET <list>?since=<cursor>&limit=<n> (keptPageOf: the list's declared source). */
  fetchPage: (since: string, limit: number) => Promise<SyncPage<Row>>;
  /** The order rows are held in (and that equal sort values keep); by key, newest (highest) first, unless given. */
  compare?: (a: Row, b: Row) => number;
  /** The index the screen's default order reads its first rows by, before every row is read (a first paint within a second). */
  firstPage?: { index: string; reverse?: boolean };
  /**
   * A list kept by the rule of contract/kept-lists.ts (isKeptRecord): what the rule reads of a row, and the outbox's
   * record key of the row, since a row with a change still queued stays however old it is.
   */
  rule?: { subject: (row: Row) => KeptRuleSubject; recordKey: (row: Row) => string };
}

export { KEPT_LIST_PAGE_SIZE };
const ROWS_PUBLISH_INTERVAL_MS = 1_000;
/** Rows the screen shows before every row is read: more than a tall screen holds. */
const KEPT_FIRST_PAGE_ROWS = 30;
const KEPT_READ_CHUNK_ROWS = 5_000;

/** A rough size of one kept row, with its share of IndexedDB's overhead, for the storage check. */
export const KEPT_ROW_BYTES = 1_500;

export interface KeptListSnapshot<Row> {
  /** Every kept row of the current scope, or undefined until read from the device. */
  rows: Row[] | undefined;
  /** Until `rows` are read: the first rows in the default order, and how many rows are kept in all. */
  first: { rows: Row[]; total: number } | undefined;
  state: KeptListState | undefined;
  /** Rows so far of the total while a download from nothing runs. */
  progress: { received: number; total: number } | undefined;
  syncing: boolean;
  /** The last sync could not reach the server (the rows are the device's copy). */
  offline: boolean;
  /** The device is short of space for this list (bytes it would need beyond what is free). */
  shortOfSpace: { needed: number; available: number } | undefined;
}

export interface SyncOptions {
  pageSize?: number;
  now?: () => number;
}

export class KeptList<Row> {
  private byKey = new Map<number, Row>();
  private boundDb: OfflineDb | undefined;
  /** Moves on forget() and on a new store: a sync begun before must not write its pages after (a logout mid-download). */
  private generation = 0;
  private loaded: Promise<void> | undefined;
  private loadedScope: string | undefined;
  private running: Promise<KeptListState> | undefined;
  private listeners = new Set<() => void>();
  private snap: KeptListSnapshot<Row> = {
    rows: undefined,
    first: undefined,
    state: undefined,
    progress: undefined,
    syncing: false,
    offline: false,
    shortOfSpace: undefined,
  };

  constructor(
    readonly spec: KeptListSpec<Row>,
    private readonly db: () => OfflineDb = () => getOffline().db,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = () => this.snap;

  private publish(change: Partial<KeptListSnapshot<Row>>, rowsChanged = false) {
    const compare = this.spec.compare ?? ((a: Row, b: Row) => this.spec.key(b) - this.spec.key(a));
    this.snap = { ...this.snap, ...change, ...(rowsChanged ? { rows: [...this.byKey.values()].sort(compare), first: undefined } : {}) };
    for (const listener of this.listeners) listener();
  }

  /** The device's store, forgetting what is held in memory when the store is another one (tests, a new runtime). */
  private store(): OfflineDb {
    const db = this.db();
    if (db !== this.boundDb) {
      this.boundDb = db;
      this.generation += 1;
      this.byKey.clear();
      this.loaded = undefined;
      this.loadedScope = undefined;
      this.snap = { ...this.snap, rows: undefined, first: undefined, state: undefined, offline: false, shortOfSpace: undefined };
    }
    return db;
  }

  /** Reads the kept rows of `scopeKey` into memory (once per scope); none when the copy is of another scope. */
  load(scopeKey: string): Promise<void> {
    const db = this.store();
    if (this.loaded && this.loadedScope === scopeKey) return this.loaded;
    this.loadedScope = scopeKey;
    this.loaded = db.withReopen(async () => {
      const state = await db.syncState.get(this.spec.list);
      const mine = state?.scopeKey === scopeKey;
      if (mine && this.spec.firstPage && !this.spec.share) {
        // 50,000 rows take IndexedDB over a second to read: the screen shows the first ones meanwhile.
        const table = this.spec.table(db);
        const ordered = table.orderBy(this.spec.firstPage.index);
        const [rows, total] = await Promise.all([
          (this.spec.firstPage.reverse ? ordered.reverse() : ordered).limit(KEPT_FIRST_PAGE_ROWS).toArray(),
          table.count(),
        ]);
        this.publish({ state, first: { rows, total } });
      }
      this.byKey = new Map();
      if (mine) await this.readAll(db);
      this.publish({ state: mine ? state : undefined }, true);
    });
    this.loaded.catch(() => (this.loaded = undefined));
    return this.loaded;
  }

  /** Every kept row into memory, in chunks by key: each chunk is one getAll, and the page paints between chunks. */
  private async readAll(db: OfflineDb) {
    if (this.spec.share) {
      for (const row of await keptRowsOf(db, this.spec).toArray()) this.byKey.set(this.spec.key(row), row);
      return;
    }
    const table = this.spec.table(db);
    for (let after: number | undefined; ;) {
      const chunk = await (after === undefined ? table.toCollection() : table.where(':id').above(after))
        .limit(KEPT_READ_CHUNK_ROWS)
        .toArray();
      for (const row of chunk) this.byKey.set(this.spec.key(row), row);
      if (chunk.length < KEPT_READ_CHUNK_ROWS) return;
      after = this.spec.key(chunk.at(-1)!);
    }
  }

  /**
   * Brings the copy up to date with the server, page after page. Joins a sync already running. Rejects with the
   * network's error when the server cannot be reached (the kept rows stay as they are, marked offline).
   */
  sync(scopeKey: string, options: SyncOptions = {}): Promise<KeptListState> {
    this.running ??= this.run(scopeKey, options).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async run(scopeKey: string, options: SyncOptions): Promise<KeptListState> {
    const db = this.store();
    const generation = this.generation;
    const now = options.now ?? Date.now;
    const pageSize = options.pageSize ?? KEPT_LIST_PAGE_SIZE;
    await this.load(scopeKey);
    const kept = await db.withReopen(() => db.syncState.get(this.spec.list));
    let state: KeptListState =
      kept?.scopeKey === scopeKey ? kept : { list: this.spec.list, scopeKey, cursor: SYNC_START, received: 0, complete: false };
    const resuming = !state.complete && state.total !== undefined;
    this.publish({ syncing: true, progress: resuming ? { received: state.received, total: state.total! } : undefined });
    let rowsPublishedAt = 0;
    try {
      const pages = pagesAhead(state.cursor, (cursor) => this.spec.fetchPage(cursor, pageSize));
      for (;;) {
        const page = await pages.next();
        const restart = startsAfresh(state, page);
        if (restart && page.total !== undefined) await this.checkSpace(page.total);
        if (generation !== this.generation) throw new KeptListForgotten(this.spec.list);
        const next = await mergeKeptPage(db, this.spec, state, page, now());
        if (restart) this.byKey.clear();
        for (const id of page.removed) this.byKey.delete(id);
        for (const row of page.items) this.byKey.set(this.spec.key(row), row);
        state = next;
        const changed = restart || page.removed.length > 0 || page.items.length > 0;
        // While a big list downloads, the screens get its rows about once a second, not after every page.
        const publishRows = changed && (!page.more || now() - rowsPublishedAt >= ROWS_PUBLISH_INTERVAL_MS);
        if (publishRows) rowsPublishedAt = now();
        this.publish(
          {
            state,
            offline: false,
            progress: state.complete ? undefined : { received: state.received, total: state.total ?? state.received },
          },
          publishRows,
        );
        if (!page.more) {
          // A plain backend answers its whole list every time (its cursor stays at the start): the list is what it says.
          if (state.cursor !== SYNC_START) await this.letGoOfAged(db, now(), state.keptFrom);
          return state;
        }
      }
    } catch (error) {
      this.publish({ offline: isOfflineError(error) });
      throw error;
    } finally {
      this.publish({ syncing: false, progress: undefined });
    }
  }

  /**
   * The rows the list's rule no longer keeps (closed, and unchanged for KEEP_CLOSED_DAYS; changed before the capped
   * list's first kept day) leave the device after each sync: nothing on the server moves when a row ages out, so the
   * device lets go of it by the same rule the server sends by. A row with a change still queued stays until the change
   * is sent (the queue sends it either way). The day is the organisation's default zone's: a day either way does not
   * matter to a 90-day rule.
   */
  private async letGoOfAged(db: OfflineDb, at: number, keptFrom: string | undefined) {
    const { rule } = this.spec;
    if (!rule) return;
    const today = businessDay(DEFAULT_ORG_TIME_ZONE, at);
    const aged = [...this.byKey.values()].filter((row) => !isKeptRecord(rule.subject(row), today, keptFrom));
    if (aged.length === 0) return;
    const queued = new Set((await db.withReopen(() => db.outbox.toArray())).map((entry) => entry.recordKey));
    const gone = aged.filter((row) => !queued.has(rule.recordKey(row))).map(this.spec.key);
    if (gone.length === 0) return;
    await db.withReopen(() => this.spec.table(db).bulkDelete(gone));
    for (const key of gone) this.byKey.delete(key);
    this.publish({}, true);
  }

  /** Before a download from nothing: is there room for it? Says so in the snapshot; the download goes on regardless. */
  private async checkSpace(total: number) {
    const estimate = await storageEstimate();
    if (!estimate || estimate.quota <= 0) return;
    const needed = total * KEPT_ROW_BYTES;
    const available = Math.max(0, estimate.quota - estimate.usage);
    this.publish({ shortOfSpace: needed > available ? { needed, available } : undefined });
  }

  /**
   * Puts rows the server answered a write with into the copy at once (the next sync brings them too). Only into a
   * copy of `scopeKey` that is loaded: otherwise the next sync or load reads them anyway.
   */
  async put(scopeKey: string, rows: readonly Row[]) {
    const db = this.store();
    if (this.loadedScope !== scopeKey || this.snap.state?.scopeKey !== scopeKey) return;
    await db.withReopen(() => this.spec.table(db).bulkPut([...rows]));
    for (const row of rows) this.byKey.set(this.spec.key(row), row);
    this.publish({}, true);
  }

  /** Forgets the rows held in memory (logout: the tables are cleared by clearKeptCopies); a sync under way stops. */
  forget() {
    this.generation += 1;
    this.byKey.clear();
    this.loaded = undefined;
    this.loadedScope = undefined;
    this.publish({ state: undefined, offline: false, shortOfSpace: undefined }, true);
  }
}

/** A sync stopped because its list was forgotten (the user signed out) while it ran: nothing more was written. */
export class KeptListForgotten extends Error {
  override readonly name = 'KeptListForgotten';
  constructor(list: string) {
    super(`The sync of ${list} stopped: the list was cleared while it ran.`);
  }
}

/** One page of a list from its declared source (contract/kept-lists.ts), the call the worker's refresh makes too. */
export const keptPageOf =
  <Row>(source: KeptListSource<Row>, options: Pick<RequestOptions, 'handles'> = {}) =>
  (since: string, limit: number): Promise<SyncPage<Row>> =>
    request(source.endpoint, { ...options, query: { ...source.query, since, limit }, schema: source.page });

const keptLists = new Map<string, KeptList<unknown>>();

/** Pages downloaded beyond the one being written. */
const KEPT_PAGES_AHEAD = 2;

/**
 * The pages of a download from `cursor`, each asked for as soon as the one before it has arrived (its cursor is all
 * it needs), while earlier ones are still being written, up to KEPT_PAGES_AHEAD beyond the one taken last: the
 * server builds the next pages while the device writes, where waiting for each write left both idle in turn. A page
 * read ahead but never written is asked for again from the stored cursor by the next sync.
 */
export function pagesAhead<Row>(cursor: string, fetchPage: (cursor: string) => Promise<SyncPage<Row>>) {
  const queued: Promise<SyncPage<Row> | undefined>[] = [fetchPage(cursor)];
  const queueOneMore = () => {
    const after = queued.at(-1)!.then((page) => (page?.more ? fetchPage(page.cursor) : undefined));
    // A failure is met by whoever takes that page; the ones never taken must not be reported as unhandled.
    after.catch(() => undefined);
    queued.push(after);
  };
  for (let n = 0; n < KEPT_PAGES_AHEAD; n++) queueOneMore();
  return {
    /** The next page; called again only while the last one taken said `more`. */
    async next(): Promise<SyncPage<Row>> {
      const page = await queued.shift()!;
      queueOneMore();
      return page!;
    },
  };
}

/** The one KeptList of a spec (the screens that show a list share its rows in memory). */
export function keptList<Row>(spec: KeptListSpec<Row>): KeptList<Row> {
  let list = keptLists.get(spec.list) as KeptList<Row> | undefined;
  if (!list) {
    list = new KeptList(spec);
    keptLists.set(spec.list, list as KeptList<unknown>);
  }
  return list;
}

/**
 * Live changes (offline/live-changes.ts): pulls the delta of the named lists — every one for 'all' — that this tab
 * holds, in the scope it holds them for; their screens show the rows as they merge. A list this tab never opened is
 * left to its own triggers. Answers when the pulls are done (a failed one is left to the next trigger).
 */
export async function syncKeptLists(names: readonly string[] | 'all'): Promise<void> {
  const wanted = names === 'all' ? undefined : new Set(names);
  const pulls: Promise<unknown>[] = [];
  for (const [name, list] of keptLists) {
    const scopeKey = list.snapshot().state?.scopeKey;
    if (scopeKey === undefined || (wanted && !wanted.has(name))) continue;
    // A sync already running may have asked before this change: another one follows it.
    const running = list.snapshot().syncing;
    pulls.push(
      list
        .sync(scopeKey)
        .then(() => (running ? list.sync(scopeKey) : undefined))
        .catch(() => undefined),
    );
  }
  await Promise.all(pulls);
}

/** Every table of the kept lists, with syncState (their cursors). */
export const keptListTables = (db: OfflineDb): Table[] => [
  db.workOrders,
  db.partsOrders,
  db.homeowners,
  db.catalogParts,
  db.quotes,
  db.salesOrders,
  db.leads,
  db.inventory,
  db.syncState,
];

/** After the kept lists' tables were cleared: the rows this tab holds in memory go too, and a sync under way stops. */
export function forgetKeptLists() {
  for (const list of keptLists.values()) list.forget();
}

/** Logout on a shared tablet: the kept lists go with the user (see clearKeptCopies). */
export async function clearKeptLists(db: OfflineDb) {
  const tables = keptListTables(db);
  await db.withReopen(() =>
    db.transaction('rw', tables, async () => {
      await Promise.all(tables.map((table) => table.clear()));
    }),
  );
  forgetKeptLists();
}

export interface KeptRead<Row> {
  data: Row[];
  /** When the server last answered (ms); undefined when it never did. */
  storedAt: number | undefined;
  /** True when the server could not be reached and this is the device's copy. */
  fromCache: boolean;
}

/**
 * A list query's answer (the shape of cached-read.ts): synced when the server can be reached, else the kept
 * copy. Throws the network's error when there is no copy at all, and any other error as is.
 */
export async function readKeptList<Row>(list: KeptList<Row>, scopeKey: string): Promise<KeptRead<Row>> {
  try {
    const state = await list.sync(scopeKey);
    return { data: list.snapshot().rows ?? [], storedAt: state.syncedAt, fromCache: false };
  } catch (error) {
    if (!isOfflineError(error)) throw error;
    await list.load(scopeKey);
    const { rows, state } = list.snapshot();
    if (!state) throw error;
    return { data: rows ?? [], storedAt: state.syncedAt, fromCache: true };
  }
}
