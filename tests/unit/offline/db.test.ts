import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dexie } from 'dexie';
import { META_PRIMED_AT, OfflineDb, getMeta, requestPersistentStorage, setMeta, storageEstimate } from '../../../src/offline/db';
import { freshDb } from './helpers';

afterEach(() => vi.unstubAllGlobals());

describe('offline database', () => {
  it('upgrading from v4 drops the copies kept under a route id (wo:…, vantage:…), keeping the records’ own (issue 19)', async () => {
    const name = `homesite-upgrade-${crypto.randomUUID()}`;
    const v4 = new Dexie(name);
    v4.version(4).stores({ entities: '[kind+id], kind, updatedAt' });
    await v4.table('entities').bulkPut([
      { kind: 'service-request', id: '41', data: {}, updatedAt: 1 },
      { kind: 'service-request', id: 'wo:700041', data: {}, updatedAt: 1 },
      { kind: 'parts-order', id: '81', data: {}, updatedAt: 1 },
      { kind: 'parts-order', id: 'vantage:3001', data: {}, updatedAt: 1 },
    ]);
    v4.close();
    const db = new OfflineDb(name);
    expect((await db.entities.toCollection().primaryKeys()).map(([kind, id]) => `${kind}/${id}`).sort()).toEqual([
      'parts-order/81',
      'service-request/41',
    ]);
    db.close();
    await Dexie.delete(name);
  });

  it('has the v6 stores (the kept lists, sales included, with their sync state), with entities keyed by kind and id', async () => {
    const db = freshDb();
    await db.open();
    expect(db.verno).toBe(6);
    expect(db.tables.map((table) => table.name).sort()).toEqual([
      'catalogParts',
      'documentCopies',
      'documentFiles',
      'entities',
      'files',
      'homeowners',
      'inventory',
      'leads',
      'meta',
      'outbox',
      'partsOrders',
      'quotes',
      'salesOrders',
      'syncState',
      'tempIds',
      'workOrders',
    ]);
    await db.entities.bulkPut([
      { kind: 'work-order', id: '1', data: { a: 1 }, updatedAt: 10 },
      { kind: 'work-order', id: '2', data: { a: 2 }, updatedAt: 20 },
      { kind: 'parts-order', id: '1', data: { b: 1 }, updatedAt: 30 },
    ]);
    expect(await db.entities.get(['work-order', '2'])).toMatchObject({ data: { a: 2 } });
    expect(await db.entities.where('kind').equals('work-order').count()).toBe(2);
    await setMeta(db, META_PRIMED_AT, 123);
    expect(await getMeta(db, META_PRIMED_AT)).toBe(123);
  });

  it('asks for persistent storage once and reports usage', async () => {
    const persist = vi.fn(async () => true);
    let persisted = false;
    vi.stubGlobal('navigator', {
      storage: { persist, persisted: async () => persisted, estimate: async () => ({ usage: 2048, quota: 4096 }) },
    });
    expect(await requestPersistentStorage()).toBe(true);
    persisted = true;
    expect(await requestPersistentStorage()).toBe(true);
    expect(persist).toHaveBeenCalledTimes(1);
    expect(await storageEstimate()).toEqual({ usage: 2048, quota: 4096, persisted: true });
  });

  it('answers false and undefined where the browser has no storage manager', async () => {
    vi.stubGlobal('navigator', {});
    expect(await requestPersistentStorage()).toBe(false);
    expect(await storageEstimate()).toBeUndefined();
  });
});
