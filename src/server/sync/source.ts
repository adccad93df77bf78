import { and, asc, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import type { Session } from '../http/route';
import type { Position } from './cursor';

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
export const atOrAfter = (xid: SQL | AnyPgColumn, id: SQL | AnyPgColumn, from: Position) =>
  sql`(${xid}, ${id}) >= (${from.xid}::bigint, ${from.id}::integer)`;

/** The condition that picks a window's rows, for a table's (sync_xid, id) columns. */
export const inWindow = (xid: AnyPgColumn, id: AnyPgColumn, window: SyncWindow): SQL =>
  and(atOrAfter(xid, id, window.from), lt(xid, window.horizon))!;

export const windowOrder = (xid: AnyPgColumn, id: AnyPgColumn) => [asc(xid), asc(id)] as const;

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
