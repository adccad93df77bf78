import { and, asc, eq, inArray, is, lt, SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import type { Session } from '../http/route';
import type { KeptPart, Position } from './cursor';

/* What a synced list is (SyncSource) and the window of rows a page reads; the scheme itself is described in delta.ts. */

export type SyncTable =
  'service_requests' | 'parts_orders' | 'warranty_cards' | 'parts_catalog' | 'quotes' | 'sales_orders' | 'leads' | 'inventory_homes';

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
  /** A ruled list's download from nothing under way (delta.ts): which of its parts, each read in (sync_xid, id) order. */
  part?: KeptPart | undefined;
  /** The list holds more than its cap: only rows changed on or after this day are kept (kept-rule.ts keptFloor). */
  keptFrom?: string | undefined;
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
  /** Rows in the whole list (of a list kept by the kept-list rule: the kept rows, from `keptFrom` on when capped). */
  count: (db: Database, keptFrom?: string) => Promise<number>;
  /**
   * A list kept by the kept-list rule: the first day of change of its newest `cap` kept rows, when it holds more. Its
   * download from nothing is read in parts (SyncWindow.part).
   */
  keptFloor?: (db: Database) => Promise<string | undefined>;
}

/** Rows (or tombstones) at or after a position. */
export const atOrAfter = (xid: SQL | AnyPgColumn, id: SQL | AnyPgColumn, from: Position) =>
  sql`(${xid}, ${id}) >= (${from.xid}::bigint, ${from.id}::integer)`;

/** The condition that picks a window's rows, for a table's (sync_xid, id) columns. */
export const inWindow = (xid: AnyPgColumn, id: AnyPgColumn, window: SyncWindow): SQL =>
  and(atOrAfter(xid, id, window.from), lt(xid, window.horizon))!;

export const windowOrder = (xid: AnyPgColumn, id: AnyPgColumn) => [asc(xid), asc(id)] as const;

/** What a user's scope holds of a table: the rows whose `column` is one of `values` (work-orders/rules.ts scopeOf). */
export interface Scope {
  column: AnyPgColumn;
  values: readonly string[];
}

export const inScope = ({ column, values }: Scope): SQL => (values.length > 0 ? inArray(column, [...values]) : sql`false`);

/** What a query answers (drizzle's types cannot tell it of a generic one). */
type Rows<Query extends PgSelect> = Query['_']['result'];

/**
 * The rows of a window in (sync_xid, id) order, at most its limit: `select(condition)` is the list's query with its joins,
 * given the window's condition and `scope` (a user's Scope, or any condition that picks the list's rows).
 *
 * Each scope has an index on (scope column, sync_xid, id), but it is in that order for one value only: for
 * `plant_number IN (a, b) ORDER BY sync_xid, id LIMIT n` PostgreSQL reads and sorts the whole scope on every page
 * (0.9 s a page for two plants of 210,000 work orders). A scope of several values is therefore read as one branch per
 * value, `column = value` in the index's order and limited, under an outer ORDER BY … LIMIT that merges them (Merge
 * Append: 40 ms). Same rows, same order: the first n of the whole are among the first n of each branch. The outer ORDER
 * BY names the position columns by name, so the selection may hold each of those names once.
 */
export async function readWindow<Query extends PgSelect>(
  window: SyncWindow,
  position: { xid: AnyPgColumn; id: AnyPgColumn },
  scope: Scope | SQL | undefined,
  select: (condition: SQL) => Query,
): Promise<Rows<Query>> {
  const { limit } = window;
  const at = inWindow(position.xid, position.id, window);
  // A new ORDER BY for each use: drizzle rewrites the columns of a union's own in place.
  const order = () => windowOrder(position.xid, position.id);
  if (scope !== undefined && !is(scope, SQL) && scope.values.length > 1 && limit !== undefined) {
    const [first, ...rest] = scope.values.map((value) =>
      select(and(eq(scope.column, value), at)!)
        .orderBy(...order())
        .limit(limit),
    );
    // Every branch is the same query; drizzle's types cannot say so of a generic one.
    const merged = rest.reduce((union, branch) => union.unionAll(branch as never), first!);
    return (await merged.orderBy(...order()).limit(limit)) as Rows<Query>;
  }
  const query = select(and(scope === undefined || is(scope, SQL) ? scope : inScope(scope), at)!).orderBy(...order());
  return (await (limit === undefined ? query : query.limit(limit))) as Rows<Query>;
}

/**
 * The scope of a list whose rows carry prices for price viewers only (spec 2 §6: orders, leads, inventory): viewers and
 * others get answers, cached answers and cursors of their own, and a user who gains or loses View_Pricing starts over.
 */
export const pricedSessionScope = (session: Session) => [...sessionScope(session), session.flags.isPriceViewer ? 'prices' : 'no prices'];

/** The scope part of a source every list shares: a plant user's facilities, or anyone else's current retail center. */
export const sessionScope = (session: Session) =>
  session.user.isPlantUser
    ? ['plants', ...session.user.availablePlants.map((plant) => plant.plantNumber).sort()]
    : ['retailer', session.user.currentRetailer?.retailerNumber ?? ''];
