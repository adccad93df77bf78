import type { Table } from 'dexie';
import { KEEP_CLOSED_DAYS } from '../../../src/contract/kept-lists';
import { afterEach, describe, expect, it } from 'vitest';
import type { SyncPage } from '../../../src/contract';
import { OfflineError } from '../../../src/lib/http';
import type { OfflineDb, OutboxEntry } from '../../../src/offline/db';
import {
  ChangesWaitingError,
  SIZE_SAMPLE_ROWS,
  readDeviceContents,
  refreshKeptLists,
  removeDeviceData,
} from '../../../src/offline/device-status';
import { keptList, type KeptList } from '../../../src/offline/kept-lists';
import { QUERY_CACHE_STORAGE_KEY } from '../../../src/offline/query-cache-policy';
import { createOfflineRuntime, setOfflineRuntime } from '../../../src/offline/runtime';
import { freshDb } from './helpers';

/* Device status (issue 23 §4): what the device keeps, "Sync now" for its kept lists, and Remove this device's data. */

/** A row of either table: each is keyed by its own id field. */
interface Row {
  serviceRequestId: number;
  partsCatalogId: number;
  plantNumber?: string;
  name: string;
}

const table = (db: OfflineDb, name: 'workOrders' | 'catalogParts') => db[name] as unknown as Table<Row, number>;
const jsonBytes = (row: Row) => new TextEncoder().encode(JSON.stringify(row)).byteLength;
const rows = (count: number, extra: Partial<Row> = {}, from = 1): Row[] =>
  Array.from({ length: count }, (_, index) => ({
    serviceRequestId: from + index,
    partsCatalogId: from + index,
    name: `row ${from + index}`,
    ...extra,
  }));

async function keep(db: OfflineDb, list: string, scopeKey: string, syncedAt: number) {
  await db.syncState.put({ list, scopeKey, cursor: '9', received: 0, complete: true, syncedAt });
}

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear = () => this.items.clear();
  getItem = (key: string) => this.items.get(key) ?? null;
  key = (index: number) => [...this.items.keys()][index] ?? null;
  removeItem = (key: string) => void this.items.delete(key);
  setItem = (key: string, value: string) => void this.items.set(key, value);
}

function waitingEntry(owner: string): OutboxEntry {
  return {
    id: 'entry-1',
    method: 'PUT',
    base: 'api',
    path: '/service/1',
    fileIds: [],
    idempotencyKey: 'key-1',
    owner,
    recordKey: 'service-request:1',
    label: 'Update work order information',
    intent: { feature: 'work-orders', kind: 'update-info' },
    dependsOn: [],
    status: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: 1,
  };
}

afterEach(() => setOfflineRuntime(undefined));

describe('readDeviceContents', () => {
  it('names each kept list plainly, with its rows, last sync and a size weighed from its stored rows', async () => {
    const db = freshDb();
    await table(db, 'workOrders').bulkPut(rows(3));
    await table(db, 'catalogParts').bulkPut([...rows(4, { plantNumber: '101' }), ...rows(2, { plantNumber: '102' }, 100)]);
    await keep(db, 'workOrders', 'sam:4217', 1_000);
    await keep(db, 'catalogParts:101', 'sam:4217|101', 2_000);
    await db.entities.put({ kind: 'service-request', id: '1', data: {}, updatedAt: 1 });
    await db.documentCopies.put({
      kind: 'help',
      id: '7',
      displayName: 'Guide',
      contentType: 'application/pdf',
      size: 1234,
      etag: 'e',
      updatedAt: 1,
      storedAt: 1,
    });

    const contents = await readDeviceContents(db);

    expect(contents.lists).toEqual([
      {
        list: 'catalogParts:101',
        name: 'Parts catalog, plant 101',
        rule: 'The approved parts of the plant',
        scopeKey: 'sam:4217|101',
        rows: 4,
        syncedAt: 2_000,
        complete: true,
        bytes: rows(4, { plantNumber: '101' }).reduce((sum, row) => sum + jsonBytes(row), 0),
      },
      {
        list: 'workOrders',
        name: 'Work orders',
        rule: `Open ones, and closed ones changed in the last ${KEEP_CLOSED_DAYS} days (at most the 45,000 changed last)`,
        scopeKey: 'sam:4217',
        rows: 3,
        syncedAt: 1_000,
        complete: true,
        bytes: rows(3).reduce((sum, row) => sum + jsonBytes(row), 0),
      },
    ]);
    expect(contents.keptRecords).toBe(1);
    expect(contents.documents).toEqual({ count: 1, bytes: 1234 });
  });

  it('weighs a long list by a sample of its rows, scaled to all of them', async () => {
    const db = freshDb();
    const many = rows(SIZE_SAMPLE_ROWS * 4).map((row) => ({ ...row, name: 'x'.repeat(100) }));
    await table(db, 'workOrders').bulkPut(many);
    await keep(db, 'workOrders', 'sam:4217', 1);
    const [list] = (await readDeviceContents(db)).lists;
    const exact = many.reduce((sum, row) => sum + jsonBytes(row), 0);
    expect(list!.rows).toBe(many.length);
    expect(Math.abs(list!.bytes - exact) / exact).toBeLessThan(0.02);
  });
});

describe('refreshKeptLists', () => {
  it('syncs every list kept for the signed-in scope, reports each, and leaves another scope’s copy alone', async () => {
    const db = freshDb();
    await keep(db, 'workOrders', 'sam:4217', 1);
    await keep(db, 'catalogParts:101', 'sam:4217|101', 1);
    await keep(db, 'catalogParts:102', 'sam:9999|102', 1);
    const synced: string[] = [];
    const fake = (list: string, fails = false) =>
      ({
        sync: async (scopeKey: string) => {
          synced.push(`${list}@${scopeKey}`);
          if (fails) throw new OfflineError({ base: 'api', path: '/x' }, { cause: new TypeError('Failed to fetch') });
          return { list, scopeKey, cursor: '1', received: 0, complete: true };
        },
      }) as unknown as KeptList<unknown>;
    const progress: string[] = [];
    const outcomes = await refreshKeptLists(
      (await readDeviceContents(db)).lists,
      'sam:4217',
      async (list) => fake(list, list === 'workOrders'),
      (done, total) => progress.push(`${done}/${total}`),
    );
    expect(synced).toEqual(['catalogParts:101@sam:4217|101', 'workOrders@sam:4217']);
    expect(outcomes).toEqual([
      { list: 'catalogParts:101', name: 'Parts catalog, plant 101', refreshed: true },
      { list: 'workOrders', name: 'Work orders', refreshed: false },
    ]);
    expect(progress).toEqual(['0/2', '1/2', '2/2']);
  });
});

describe('removeDeviceData', () => {
  async function keptDevice() {
    const db = freshDb();
    setOfflineRuntime(createOfflineRuntime({ db, currentUser: () => 'sam' }));
    const storage = new MemoryStorage();
    storage.setItem(QUERY_CACHE_STORAGE_KEY, '{"clientState":{}}');
    storage.setItem('HomeSite.token', 'kept');
    const workOrders = keptList<Row>({
      list: 'workOrders',
      table: (store) => table(store, 'workOrders'),
      key: (row) => row.serviceRequestId,
      fetchPage: async (): Promise<SyncPage<Row>> => ({ items: rows(3), removed: [], cursor: '3', more: false, total: 3 }),
    });
    await workOrders.sync('sam:4217');
    await db.entities.put({ kind: 'service-request', id: '1', data: {}, updatedAt: 1 });
    await db.documentCopies.put({
      kind: 'help',
      id: '7',
      displayName: 'Guide',
      contentType: 'application/pdf',
      size: 3,
      etag: 'e',
      updatedAt: 1,
      storedAt: 1,
    });
    await db.documentFiles.put({ kind: 'help', id: '7', data: new ArrayBuffer(3) });
    return { db, storage, workOrders };
  }

  it('refuses while a change waits, whoever made it, and removes nothing', async () => {
    const { db, storage, workOrders } = await keptDevice();
    await db.outbox.add(waitingEntry('alex'));
    const refused = removeDeviceData(db, storage);
    await expect(refused).rejects.toBeInstanceOf(ChangesWaitingError);
    await expect(refused).rejects.toThrow(
      "A change is still waiting to reach the server. Send it (or discard it on Pending changes) before you remove this device's data.",
    );
    expect(await db.workOrders.count()).toBe(3);
    expect(await db.syncState.count()).toBe(1);
    expect(await db.entities.count()).toBe(1);
    expect(await db.documentFiles.count()).toBe(1);
    expect(storage.getItem(QUERY_CACHE_STORAGE_KEY)).not.toBeNull();
    expect(workOrders.snapshot().rows).toHaveLength(3);
  });

  it('with nothing waiting, removes the kept lists, kept records, documents and the persisted query cache', async () => {
    const { db, storage, workOrders } = await keptDevice();
    await removeDeviceData(db, storage);
    for (const name of ['workOrders', 'syncState', 'entities', 'documentCopies', 'documentFiles'] as const) {
      expect(await db[name].count(), name).toBe(0);
    }
    expect(storage.getItem(QUERY_CACHE_STORAGE_KEY)).toBeNull();
    // What is not the device's kept data stays: signing out is the screen's part.
    expect(storage.getItem('HomeSite.token')).toBe('kept');
    expect(workOrders.snapshot()).toMatchObject({ rows: [], state: undefined });
    expect((await readDeviceContents(db)).lists).toEqual([]);
  });
});
