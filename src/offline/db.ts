import { Dexie, type EntityTable, type Table } from 'dexie';
import type {
  CatalogPartRow,
  InventoryItem,
  Lead,
  PartsOrderSummary,
  Quote,
  SalesOrder,
  ServiceRequestSummary,
  WarrantyCard,
} from '../contract';
import { legacyIntent } from './legacy-intents';
import type { OutboxEntry } from './outbox-types';
import { isLostConnection, reportStoreLost } from './store-lost';

/*
 * The browser's own store, split by kind of data:
 * - outbox: every write made while it could not (yet) reach the server, as the very REST call it stands for and
 *   what the user did (its intent);
 * - files: the blobs those calls upload, apart from the entries so that listing the queue never loads photos;
 * - tempIds: ids handed out offline (tmp_<uuid>) and the server ids they became;
 * - entities: records that must stay readable offline, by kind and id;
 * - meta: small facts about the store (last sync, primed at, whether the queue is paused);
 * - documentCopies / documentFiles: documents kept for offline reading (help PDFs), what they are apart
 *   from their bytes, so that listing what is available offline never loads a file (./documents.ts);
 * - workOrders, partsOrders, homeowners, catalogParts, quotes, salesOrders, leads, inventory: the delta-synced lists, one row per record as the server's
 *   list answers it, keyed by its id, with syncState holding each list's cursor and whose copy it is (./kept-lists.ts).
 */

export {
  storedBody,
  type AlsoCreated,
  type JsonValue,
  type OutboxBody,
  type OutboxEntry,
  type OutboxError,
  type OutboxIntent,
  type OutboxMethod,
  type OutboxStatus,
} from './outbox-types';

/**
 * A file waiting to be uploaded. Its bytes are kept as an ArrayBuffer, not a Blob: Blobs in IndexedDB
 * have failed on iOS Safari and do not survive every structured-clone implementation (STACK.md).
 */
export interface OutboxFile {
  id: string;
  /** Multipart field name the server expects for this file. */
  field: string;
  data: ArrayBuffer;
  name: string;
  type: string;
  size: number;
}

export interface TempIdMapping {
  tempId: string;
  serverId: string | number;
  /** When the create that produced it was acknowledged. */
  assignedAt: number;
}

export interface CachedEntity<T = unknown> {
  kind: string;
  id: string;
  data: T;
  /** When this copy was fetched from (or accepted by) the server. */
  updatedAt: number;
}

/** A document kept for offline reading, without its bytes (those are the DocumentFile of the same key). */
export interface DocumentCopy {
  /** The library it belongs to, e.g. 'help'. */
  kind: string;
  /** The document's id on the server, as text. */
  id: string;
  displayName: string;
  contentType: string;
  size: number;
  /** The server's ETag of these bytes: a copy whose etag differs from the server's list is out of date. */
  etag: string;
  /** When the document last changed on the server (ms). */
  updatedAt: number;
  /** When this copy was stored (ms): what "saved 3 days ago" counts from. */
  storedAt: number;
}

/** The bytes of a DocumentCopy, as an ArrayBuffer for the reason given at OutboxFile. */
export interface DocumentFile {
  kind: string;
  id: string;
  data: ArrayBuffer;
}

/** Where a kept list's sync stands (./kept-lists.ts). */
export interface KeptListState {
  /** The list, e.g. 'workOrders', or 'catalogParts:101' for one plant's share of a table. */
  list: string;
  /** Whose copy of what (user, retail center, the list's parameters): another scope starts the copy afresh. */
  scopeKey: string;
  /** The server's cursor to ask with next. */
  cursor: string;
  /** Rows in the whole list when its download from nothing started. */
  total?: number;
  /** A capped list's first day of change kept (SyncPage.keptFrom): rows changed before it leave the device. */
  keptFrom?: string;
  /** Rows received since the download from nothing started (progress while not `complete`). */
  received: number;
  /** The download reached its end at least once: the copy is whole (later deltas only bring changes). */
  complete: boolean;
  /** When the server last answered (ms). */
  syncedAt?: number;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export class OfflineDb extends Dexie {
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  files!: EntityTable<OutboxFile, 'id'>;
  tempIds!: EntityTable<TempIdMapping, 'tempId'>;
  entities!: Table<CachedEntity, [string, string]>;
  meta!: EntityTable<MetaRow, 'key'>;
  documentCopies!: Table<DocumentCopy, [string, string]>;
  documentFiles!: Table<DocumentFile, [string, string]>;
  workOrders!: Table<ServiceRequestSummary, number>;
  partsOrders!: Table<PartsOrderSummary, number>;
  homeowners!: Table<WarrantyCard, number>;
  catalogParts!: Table<CatalogPartRow, number>;
  syncState!: EntityTable<KeptListState, 'list'>;
  quotes!: Table<Quote, number>;
  salesOrders!: Table<SalesOrder, number>;
  leads!: Table<Lead, number>;
  inventory!: Table<InventoryItem, number>;
  /** Counts reopens: a unit of work that failed on a connection already replaced runs again without closing the new one. */
  private openings = 0;
  private reopening: Promise<void> | undefined;

  constructor(name: string) {
    super(name);
    // Each schema change is a new version() with an upgrade; never edit a released one.
    this.version(1).stores({
      outbox: '++seq, &id, status, recordKey, createsTempId, *dependsOn',
      files: 'id',
      tempIds: 'tempId',
      entities: '[kind+id], kind, updatedAt',
      meta: 'key',
    });
    this.version(2).stores({
      documentCopies: '[kind+id], kind',
      documentFiles: '[kind+id]',
    });
    // Only the indexes the first page is read by in the default order (and a plant's share of the catalog): every further index costs
    // each of the 50,000 rows a write when a list is primed, and search and sort run in memory (lib/list.ts).
    this.version(3).stores({
      workOrders: 'serviceRequestId, requestDate',
      partsOrders: 'partsOrderId, orderDate',
      homeowners: 'vantageWarrantyId, lastName',
      catalogParts: 'partsCatalogId, plantNumber',
      syncState: 'list',
    });
    // The sales lists (issue 11), on the same delta sync.
    this.version(4).stores({
      quotes: 'quoteId, quoteDate',
      salesOrders: 'orderId, orderDate',
      leads: 'leadId, leadDate',
      inventory: 'inventoryId, stockedDate',
    });
    // Issue 19: a work order and a submitted parts order are kept under their own record's id, whichever route read them;
    // the copies kept under the route's id by earlier versions ('wo:…', 'vantage:…') go.
    this.version(5)
      .stores({})
      .upgrade((tx) =>
        tx
          .table<CachedEntity, [string, string]>('entities')
          .filter((entity) => /^(wo|vantage):/.test(entity.id))
          .delete(),
      );
    // Issue 21: every entry holds its intent. Entries queued by earlier versions (a call alone) get theirs here, once.
    this.version(6)
      .stores({})
      .upgrade((tx) =>
        tx
          .table<OutboxEntry, number>('outbox')
          .toCollection()
          .modify((entry) => {
            entry.intent ??= legacyIntent(entry);
          }),
      );
  }

  /**
   * Runs a unit of work on the store; when the connection turns out lost (./store-lost.ts), reopens the database and
   * runs it once more; when the database does not open again, or the connection is lost again, reports the store lost
   * and throws StoreLostError. The work must be safe to run twice: one transaction (an aborted one wrote nothing), or
   * reads. Inside a transaction it just runs: the unit of work around it retries.
   */
  async withReopen<T>(work: () => Promise<T>): Promise<T> {
    if (Dexie.currentTransaction) return work();
    const openedAs = this.openings;
    try {
      return await work();
    } catch (error) {
      if (!isLostConnection(error)) throw error;
    }
    try {
      await this.reopenAfter(openedAs);
    } catch (failed) {
      throw reportStoreLost(failed);
    }
    try {
      return await work();
    } catch (again) {
      throw isLostConnection(again) ? reportStoreLost(again) : again;
    }
  }

  /** The number of the connection now open, for reopenAfter. */
  get connectionNumber() {
    return this.openings;
  }

  /**
   * Opens the database again after connection `failedOn` was lost: at once when it is still the current one (callers
   * that meet the same loss share one reopen), or not at all when it was replaced since.
   */
  reopenAfter(failedOn: number): Promise<void> {
    if (failedOn !== this.openings) return this.reopening ?? Promise.resolve();
    this.reopening ??= (async () => {
      // A plain close() would forbid the automatic open; this one lets open() start afresh, even after a failed open.
      this.close({ disableAutoOpen: false });
      await this.open();
      this.openings += 1;
    })().finally(() => {
      this.reopening = undefined;
    });
    return this.reopening;
  }
}

export const OFFLINE_DB_NAME = 'homesite';

export function openOfflineDb(name: string = OFFLINE_DB_NAME): OfflineDb {
  return new OfflineDb(name);
}

export async function getMeta<T>(db: OfflineDb, key: string): Promise<T | undefined> {
  return (await db.withReopen(() => db.meta.get(key)))?.value as T | undefined;
}

export async function setMeta(db: OfflineDb, key: string, value: unknown): Promise<void> {
  await db.withReopen(() => db.meta.put({ key, value }));
}

export const META_LAST_SYNC = 'lastSync';
export const META_PRIMED_AT = 'primedAt';
export const META_OUTBOX_PAUSE = 'outboxPause';

/**
 * Without persistence the browser may evict IndexedDB under storage pressure, and with it a week of
 * unsent field work (STACK.md). Returns whether the store is (now) persistent; false where unsupported.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  const storage = globalThis.navigator?.storage;
  if (!storage?.persist) return false;
  try {
    if (storage.persisted && (await storage.persisted())) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}

export interface StorageEstimate {
  usage: number;
  quota: number;
  persisted: boolean;
}

/** How much this origin stores and may store; undefined where the browser does not tell. */
export async function storageEstimate(): Promise<StorageEstimate | undefined> {
  const storage = globalThis.navigator?.storage;
  if (!storage?.estimate) return undefined;
  try {
    const { usage = 0, quota = 0 } = await storage.estimate();
    const persisted = storage.persisted ? await storage.persisted() : false;
    return { usage, quota, persisted };
  } catch {
    return undefined;
  }
}
