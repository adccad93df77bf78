import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { KeptListCaps } from '../../contract/kept-lists';
import type { Session } from '../auth/session';
import type { Database } from '../db/client';

/*
 * The types of delta sync in one module (issue 34 §3): positions and cursors (cursor.ts), what a synced list is
 * (source.ts), the kept-list rule's state (kept-rule.ts) and live changes (live.ts). The modules that implement them
 * and http/deps.ts read them from here, so that none of them imports another for a type; each re-exports its own.
 */

/** The position of a row: its writing transaction, then its id. */
export interface Position {
  xid: number;
  id: number;
}

/** The two parts of a ruled list's download from nothing (delta.ts): its open rows, then the closed ones it keeps. */
export type KeptPart = 'open' | 'closed';

export interface CursorState extends Position {
  scope: string;
  /**
   * A ruled list's download from nothing under way (issue 31), in one of its parts: the position is the part's, and
   * `keptBelow` the horizon the download began at, from where it goes on as a delta once both parts are read.
   */
  part?: KeptPart;
  keptBelow?: number;
  /** The list holds more than its cap: the first day of change of the rows the device keeps (SyncPage.keptFrom). */
  keptFrom?: string;
}

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

/** What the ruled lists' sources read the rule by: the clock of its day and each list's cap (KEPT_LIST_CAPS; tests give smaller). */
export interface KeptRule {
  clock: () => Date;
  caps: KeptListCaps;
  /** The capped lists' first kept days found lately, by list, day and scope (ruledList): one app's, never a module's. */
  floors: Map<string, { day: string | undefined; until: number }>;
}

export interface LiveChanges {
  /**
   * The stream's answer for a signed-in session; null when this database cannot notify (then there is no stream), or
   * once closed (a draining instance: the device tries again, and the proxy sends it to another instance).
   */
  open: (session: Session) => Promise<Response | null>;
  readonly openStreams: number;
  /** Ends every stream and stops listening, and refuses new streams from then on (shutdown). */
  close: () => Promise<void>;
}
