import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';
import { and, asc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Context } from 'hono';
import { SYNC_CURSOR_HEADER, SYNC_START, type SyncPage } from '../../contract/sync';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { parseIfNoneMatch } from '../http/conditional';
import type { Session } from '../http/route';

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

/** The position of a row: its writing transaction, then its id. */
export interface Position {
  xid: number;
  id: number;
}

const START: Position = { xid: 0, id: 0 };

/** Bump when the rows' JSON changes shape: every device then downloads its lists afresh. */
const SYNC_FORMAT = 1;

/** How long tombstones are kept; a device that has not synced for longer downloads its lists afresh. */
export const TOMBSTONE_RETENTION_MS = 60 * 24 * 60 * 60 * 1000;
const TOMBSTONE_HORIZON_SETTING = 'sync_tombstone_horizon';

export type SyncTable = 'service_requests' | 'parts_orders' | 'warranty_cards' | 'parts_catalog' | 'quotes' | 'sales_orders' | 'leads' | 'inventory_homes';

export interface SyncedRow<Item> {
  xid: number;
  id: number;
  /** null: the row changed but is no longer in the list (e.g. a catalog part no longer approved) → removed. */
  item: Item | null;
}

export interface SyncWindow {
  from: Position;
  /** Rows of transactions at or above this are not final yet. */
  horizon: number;
  limit: number | undefined;
}

/** One synced list as one user sees it. */
export interface SyncSource<Item> {
  table: SyncTable;
  /** What the visible rows depend on besides the data: the user's scope and the list's parameters. */
  scope: readonly unknown[];
  /** Rows at or after `window.from`, below the horizon, in (sync_xid, id) order, at most `limit`. */
  rows: (db: Database, window: SyncWindow) => Promise<SyncedRow<Item>[]>;
  /** Which tombstones of the table may concern this user (more is harmless: removing a row not kept does nothing). */
  tombstones: SQL | undefined;
  /**
   * Where the list's rows are (the table with the joins its scope needs), which ones, and their position columns:
   * a device whose copy is current is answered by one statement that finds nothing there (readDelta).
   */
  changes: { from: SQL; where: SQL | undefined; xid: AnyPgColumn; id: AnyPgColumn };
  /** Rows in the whole list. */
  count: (db: Database) => Promise<number>;
}

/** Rows (or tombstones) at or after a position. */
const atOrAfter = (xid: SQL | AnyPgColumn, id: SQL | AnyPgColumn, from: Position) => sql`(${xid}, ${id}) >= (${from.xid}::bigint, ${from.id}::integer)`;

/** The condition that picks a window's rows, for a table's (sync_xid, id) columns. */
export const inWindow = (xid: AnyPgColumn, id: AnyPgColumn, window: SyncWindow): SQL => and(atOrAfter(xid, id, window.from), lt(xid, window.horizon))!;

export const windowOrder = (xid: AnyPgColumn, id: AnyPgColumn) => [asc(xid), asc(id)] as const;

/** The scope part of a source every list shares: a plant user's facilities, or anyone else's current retail center. */
export const sessionScope = (session: Session) =>
  session.user.isPlantUser
    ? ['plants', ...session.user.availablePlants.map((plant) => plant.plantNumber).sort()]
    : ['retailer', session.user.currentRetailer?.retailerNumber ?? ''];

const fingerprint = (source: Pick<SyncSource<unknown>, 'table' | 'scope'>) =>
  createHash('sha256')
    .update(JSON.stringify([SYNC_FORMAT, source.table, ...source.scope]))
    .digest('base64url')
    .slice(0, 16);

interface CursorState extends Position {
  scope: string;
}

/** Longer than any cursor encodeCursor makes: a longer tag is not decoded. */
const MAX_CURSOR_CHARS = 400;

export function encodeCursor(state: CursorState): string {
  return Buffer.from(`${state.scope}.${state.xid}.${state.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(text: string): CursorState | undefined {
  const match = /^([A-Za-z0-9_-]{16})\.(\d{1,18})\.(\d{1,10})$/.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!match) return undefined;
  const xid = Number(match[2]);
  const id = Number(match[3]);
  return Number.isSafeInteger(xid) && Number.isSafeInteger(id) ? { scope: match[1]!, xid, id } : undefined;
}

interface Probe {
  /** The oldest running transaction when the probe ran: rows below it are final. */
  horizon: number;
  /** Tombstones below this were pruned: a cursor from before it cannot be followed. */
  pruned: number;
  /** Whether a row or tombstone of the source lies between `from` and the horizon (always true without `from`). */
  changed: boolean;
}

const tombstonesOf = (source: Pick<SyncSource<unknown>, 'table' | 'tombstones'>) =>
  and(eq(t.syncTombstones.source, source.table), source.tombstones);

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
function probe(db: Database, source: SyncSource<unknown>, from: Position | undefined): Promise<Probe> {
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
      batch.forEach((queued, n) => queued.waiters.forEach((waiter) => waiter.resolve({ horizon, pruned, changed: row[`c${n}`] !== false })));
    } catch (error) {
      for (const queued of batch) for (const waiter of queued.waiters) waiter.reject(error);
    }
  }
}

interface CachedList {
  /** The position the answer was read at: it is current while nothing of the list changed past it. */
  at: Position;
  gzipped: Uint8Array<ArrayBuffer>;
  /** The JSON itself, kept for clients that take no gzip when it is small; a big one is unzipped for them. */
  json: string | undefined;
}

interface ListCache {
  answers: Map<string, CachedList>;
  /** Answers being read: the requests that need one while it is read wait for it instead of reading the list again. */
  building: Map<string, Promise<CachedList>>;
}

/** Plain list answers by database, then list and scope, newest last. */
const listCaches = new WeakMap<Database, ListCache>();
const LIST_CACHE_SIZE = 32;
/** A bigger answer (a 50,000-row list is about 3 MB gzipped) is not kept, but still shared while it is read. */
const LIST_CACHE_MAX_GZIPPED = 8 * 1024 * 1024;
const PLAIN_JSON_MAX_CHARS = 2 * 1024 * 1024;
const gzipAsync = promisify(gzip);

async function buildList(at: Position, read: () => Promise<unknown>): Promise<CachedList> {
  const json = JSON.stringify(await read());
  const gzipped = new Uint8Array(await gzipAsync(json)) as Uint8Array<ArrayBuffer>;
  return { at, gzipped, json: json.length <= PLAIN_JSON_MAX_CHARS ? json : undefined };
}

/**
 * The position an If-None-Match names for this list and scope: the first of its tags that is one of our cursors (weak
 * or not). `*` names none: a list answer is only current for a position the client says it has.
 */
function followableCursor(ifNoneMatch: string | undefined, scope: string): CursorState | undefined {
  const tags = parseIfNoneMatch(ifNoneMatch);
  if (tags === '*') return undefined;
  for (const tag of tags) {
    const cursor = tag.opaque.length <= MAX_CURSOR_CHARS ? decodeCursor(tag.opaque) : undefined;
    if (cursor?.scope === scope) return cursor;
  }
  return undefined;
}

/**
 * A plain list GET (the spec's array): X-Sync-Cursor, and an ETag naming the same position, no later than what the
 * answer holds (anything newer comes again in the next delta). One statement decides: a client whose ETag names a
 * position nothing changed after gets 304; otherwise the answer last built for this list and scope is sent again
 * (gzipped once) while nothing changed past it, or the one being built is waited for — fifty technicians of one retail
 * center share one build — else the list is read. Only a cache: every instance asks the database on every call.
 */
export async function answerList(c: Context, db: Database, source: SyncSource<unknown>, read: () => Promise<unknown>): Promise<Response> {
  const scope = fingerprint(source);
  const followable = followableCursor(c.req.header('if-none-match'), scope);
  let cache = listCaches.get(db);
  if (!cache) listCaches.set(db, (cache = { answers: new Map(), building: new Map() }));
  const cached = cache.answers.get(scope);
  const { horizon, pruned, changed } = await probe(db, source, followable ?? cached?.at);
  const now: Position = { xid: horizon, id: 0 };
  // Private (per user and scope) and always revalidated: the browser asks If-None-Match.
  c.header('cache-control', 'private, no-cache');
  c.header('vary', 'authorization, accept-encoding');
  const position = (at: Position) => {
    const text = encodeCursor({ scope, ...at });
    c.header(SYNC_CURSOR_HEADER, text);
    c.header('etag', `W/"${text}"`);
  };
  if (followable && followable.xid >= pruned && !changed) {
    position(now);
    return c.body(null, 304);
  }

  let answer: CachedList;
  if (!followable && cached && !changed) answer = { ...cached, at: now };
  else {
    let building = cache.building.get(scope);
    if (!building) {
      building = buildList(now, read);
      cache.building.set(scope, building);
      const { answers, building: inFlight } = cache;
      void building
        .then((built) => {
          answers.delete(scope);
          if (built.gzipped.byteLength > LIST_CACHE_MAX_GZIPPED) return;
          answers.set(scope, built);
          if (answers.size > LIST_CACHE_SIZE) answers.delete(answers.keys().next().value!);
        })
        .catch(() => undefined)
        .finally(() => inFlight.delete(scope));
    }
    answer = await building;
  }
  position(answer.at);
  c.header('content-type', 'application/json; charset=UTF-8');
  if (/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
    c.header('content-encoding', 'gzip');
    return c.body(answer.gzipped);
  }
  return c.body(answer.json ?? gunzipSync(answer.gzipped).toString('utf8'));
}

/** GET <list>?since=<cursor>[&limit=n]: one page of changes (contract/sync.ts). */
export async function readDelta<Item>(db: Database, source: SyncSource<Item>, since: string, limit?: number): Promise<SyncPage<Item>> {
  const scope = fingerprint(source);
  const cursor = since === SYNC_START ? undefined : decodeCursor(since);
  const followable = cursor?.scope === scope ? cursor : undefined;
  const { horizon, pruned, changed } = await probe(db, source as SyncSource<unknown>, followable);
  const reset = since !== SYNC_START && (!followable || followable.xid < pruned);
  const from: Position = followable && !reset ? followable : START;
  const fromStart = from.xid === START.xid && from.id === START.id;
  // The usual refresh: nothing changed, and the cursor moves up to the horizon.
  if (!reset && !fromStart && !changed) return { items: [], removed: [], cursor: encodeCursor({ scope, xid: horizon, id: 0 }), more: false };

  const rows = await source.rows(db, { from, horizon, limit });
  const last = rows.at(-1);
  const more = limit !== undefined && rows.length === limit && last !== undefined;
  const end: Position = more ? { xid: last.xid, id: last.id + 1 } : { xid: horizon, id: 0 };

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
  const page: SyncPage<Item> = { items, removed, cursor: encodeCursor({ scope, ...end }), more };
  if (reset) page.reset = true;
  if (fromStart) page.total = await source.count(db);
  return page;
}

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
