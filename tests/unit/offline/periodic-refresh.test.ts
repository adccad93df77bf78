import { describe, expect, it, vi } from 'vitest';
import { TOKEN_COOKIE, type InventoryItem, type SyncPage } from '../../../src/contract';
import { catalogListName } from '../../../src/contract/kept-lists';
import type { KeptListState, OfflineDb } from '../../../src/offline/db';
import { KEPT_LIST_PAGE_SIZE, KeptList, type KeptListSpec } from '../../../src/offline/kept-lists';
import { createOutbox } from '../../../src/offline/outbox';
import { refreshKeptLists, type KeptListsRefreshOptions } from '../../../src/offline/periodic-refresh';
import { freshDb, renameRecord } from './helpers';

/*
 * Issue 23 §2: the service worker's refresh of the kept lists on Periodic Background Sync, with no page open
 * (offline/periodic-refresh.ts). It asks each list's delta with the list's cursor, under the signed-in user's token,
 * only for that user's copies, merges it as the page does, and drains the outbox first.
 */

const TECH = 'tech@demo.homesite.test';
const OFFICE = 'office@demo.homesite.test';
const TECH_SCOPE = 'tech@demo.homesite.test:r1';
const OFFICE_SCOPE = 'office@demo.homesite.test:r1';
const NOW = 1_700_000_000_000;

function tokenOf(userName: string, expiresInS = 3600) {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256' })}.${encode({ userName, exp: Math.floor(NOW / 1000) + expiresInS })}.signature`;
}

const cookiesOf = (token: string | undefined) => () => Promise.resolve(new Map(token ? [[TOKEN_COOKIE, token]] : []));

const home = (inventoryId: number, modelName = `model ${inventoryId}`): InventoryItem => ({
  inventoryId,
  plantNumber: '910',
  plantName: 'Plant 910',
  type: 'SW',
  tdes: 'Single wide',
  reg: 'R1',
  retailerNumber: 'r1',
  serailNumber: `S${inventoryId}`,
  stockNumber: `K${inventoryId}`,
  modelNumber: `M${inventoryId}`,
  modelName,
  owner: 'Retailer',
  wso: '',
  stockedDate: '2026-01-02',
  age: 300,
  salesDate: '',
  poNumber: '',
});

/** GET /api/Inventory as the real server answers it: a cursor is a position in a log of writes. */
function inventoryServer(initial: InventoryItem[]) {
  const log: { id: number; row: InventoryItem | null }[] = initial.map((row) => ({ id: row.inventoryId, row }));
  const rows = new Map(initial.map((row) => [row.inventoryId, row]));
  const server = {
    resetNext: false,
    write(row: InventoryItem) {
      rows.set(row.inventoryId, row);
      log.push({ id: row.inventoryId, row });
    },
    remove(id: number) {
      rows.delete(id);
      log.push({ id, row: null });
    },
    page(since: string, limit: number): SyncPage<InventoryItem> {
      const reset = server.resetNext;
      server.resetNext = false;
      const from = reset ? 0 : Number(since);
      const entries = log.slice(from, from + limit);
      return {
        items: entries.flatMap((entry) => (entry.row ? [entry.row] : [])),
        removed: entries.flatMap((entry) => (entry.row ? [] : [entry.id])),
        cursor: String(from + entries.length),
        more: from + entries.length < log.length,
        ...(from === 0 ? { total: rows.size } : {}),
        ...(reset ? { reset: true as const } : {}),
      };
    },
  };
  return server;
}

/** The worker's fetch: the inventory list from `server`, any other call (the outbox's) answered 200; every call logged. */
function workerFetch(server: ReturnType<typeof inventoryServer>) {
  const calls: { method: string; path: string; authorization: string | null }[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'https://app.test');
    const method = init.method ?? 'GET';
    calls.push({ method, path: `${url.pathname}${url.search}`, authorization: new Headers(init.headers).get('Authorization') });
    if (method === 'GET' && url.pathname === '/api/Inventory') {
      const page = server.page(url.searchParams.get('since')!, Number(url.searchParams.get('limit')));
      return Promise.resolve(Response.json(page));
    }
    return Promise.resolve(Response.json({}));
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

/** The page's kept inventory on `db`, fetching from `server` directly. */
function pageList(db: OfflineDb, server: ReturnType<typeof inventoryServer>) {
  const spec: KeptListSpec<InventoryItem> = {
    list: 'inventory',
    table: (store) => store.inventory,
    key: (row) => row.inventoryId,
    fetchPage: (since, limit) => Promise.resolve(server.page(since, limit)),
  };
  return new KeptList(spec, () => db);
}

/** A device whose page kept the inventory of TECH's scope (all of it), as the page downloads it. */
async function deviceWithInventory(server: ReturnType<typeof inventoryServer>) {
  const db = freshDb();
  await pageList(db, server).sync(TECH_SCOPE, { now: () => NOW });
  return db;
}

function refresh(db: OfflineDb, options: Partial<KeptListsRefreshOptions> & Pick<KeptListsRefreshOptions, 'fetch'>) {
  return refreshKeptLists({
    db,
    readCookies: cookiesOf(tokenOf(TECH)),
    locks: null,
    now: () => NOW + 60_000,
    pageOpen: () => Promise.resolve(false),
    ...options,
  });
}

describe('the kept lists refreshed by the service worker with no page open', () => {
  it("merges the list's delta exactly as the page merges it, from the list's cursor, under the signed-in user's token", async () => {
    const server = inventoryServer([home(1), home(2), home(3), home(4)]);
    const onPage = await deviceWithInventory(server);
    const inWorker = await deviceWithInventory(server);
    server.write(home(2, 'renamed'));
    server.remove(3);
    server.write(home(5));
    server.write(home(6));
    server.remove(1);

    await pageList(onPage, server).sync(TECH_SCOPE, { now: () => NOW + 60_000, pageSize: 2 });
    const { fetch, calls } = workerFetch(server);
    const result = await refresh(inWorker, { fetch, pageSize: 2 });

    expect(result).toEqual({ drained: undefined, refreshed: ['inventory'] });
    expect(calls).toEqual([
      { method: 'GET', path: '/api/Inventory?since=4&limit=2', authorization: `Bearer ${tokenOf(TECH)}` },
      { method: 'GET', path: '/api/Inventory?since=6&limit=2', authorization: `Bearer ${tokenOf(TECH)}` },
      { method: 'GET', path: '/api/Inventory?since=8&limit=2', authorization: `Bearer ${tokenOf(TECH)}` },
    ]);
    expect(await inWorker.inventory.toArray()).toEqual(await onPage.inventory.toArray());
    expect((await inWorker.inventory.toArray()).map((row) => [row.inventoryId, row.modelName])).toEqual([
      [2, 'renamed'],
      [4, 'model 4'],
      [5, 'model 5'],
      [6, 'model 6'],
    ]);
    expect(await inWorker.syncState.get('inventory')).toEqual(await onPage.syncState.get('inventory'));
    expect(await inWorker.syncState.get('inventory')).toMatchObject({ cursor: '9', complete: true, syncedAt: NOW + 60_000 });
  });

  it("leaves another user's kept lists on a shared tablet untouched, and asks nothing for them", async () => {
    const server = inventoryServer([home(1)]);
    const db = await deviceWithInventory(server);
    const officeLeads: KeptListState = { list: 'leads', scopeKey: OFFICE_SCOPE, cursor: '7', received: 1, complete: true, syncedAt: NOW };
    const officeCatalog: KeptListState = { ...officeLeads, list: catalogListName('910'), scopeKey: `${OFFICE_SCOPE}|910` };
    await db.syncState.bulkPut([officeLeads, officeCatalog]);
    server.write(home(2));

    const { fetch, calls } = workerFetch(server);
    const result = await refresh(db, { fetch });

    expect(result?.refreshed).toEqual(['inventory']);
    expect(calls.map((call) => call.path)).toEqual([`/api/Inventory?since=1&limit=${KEPT_LIST_PAGE_SIZE}`]);
    expect(await db.syncState.get('leads')).toEqual(officeLeads);
    expect(await db.syncState.get(catalogListName('910'))).toEqual(officeCatalog);

    // Signed in as the office user, the technician's inventory is the one left alone.
    const asOffice = workerFetch(server);
    expect(await refresh(db, { fetch: asOffice.fetch, readCookies: cookiesOf(tokenOf(OFFICE)) })).toMatchObject({ refreshed: [] });
    expect(asOffice.calls.some((call) => call.path.startsWith('/api/Inventory'))).toBe(false);
  });

  it('does nothing without a signed-in token (signed out, or expired)', async () => {
    const server = inventoryServer([home(1)]);
    const db = await deviceWithInventory(server);
    await createOutbox({ db, send: () => Promise.reject(new TypeError('offline')), locks: null, currentUser: () => TECH }).enqueue(
      renameRecord(1, 'waiting'),
    );
    const before = await db.syncState.get('inventory');
    server.write(home(2));

    for (const token of [undefined, tokenOf(TECH, -60)]) {
      const { fetch, calls } = workerFetch(server);
      expect(await refresh(db, { fetch, readCookies: cookiesOf(token) })).toBeUndefined();
      expect(calls).toEqual([]);
    }
    expect(await db.syncState.get('inventory')).toEqual(before);
    expect(await db.inventory.count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);
  });

  it('drains the outbox first, so the lists it refreshes carry the changes this device made', async () => {
    const server = inventoryServer([home(1)]);
    const db = await deviceWithInventory(server);
    await createOutbox({ db, send: () => Promise.reject(new TypeError('offline')), locks: null, currentUser: () => TECH }).enqueue(
      renameRecord(1, 'sent first'),
    );
    server.write(home(1, 'changed'));

    const { fetch, calls } = workerFetch(server);
    const result = await refresh(db, { fetch });

    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'PUT /api/records/1',
      `GET /api/Inventory?since=1&limit=${KEPT_LIST_PAGE_SIZE}`,
    ]);
    expect(result).toMatchObject({ drained: { sent: 1, remaining: 0 }, refreshed: ['inventory'] });
    expect(await db.outbox.count()).toBe(0);
  });

  it('leaves a list the server starts afresh (another scope, too old a cursor) to the page, and stops when a page opens', async () => {
    const server = inventoryServer([home(1)]);
    const db = await deviceWithInventory(server);
    const before = await db.syncState.get('inventory');
    server.write(home(2));
    server.resetNext = true;

    const { fetch } = workerFetch(server);
    expect(await refresh(db, { fetch })).toMatchObject({ refreshed: [] });
    expect(await db.syncState.get('inventory')).toEqual(before);
    expect(await db.inventory.count()).toBe(1);

    const opened = workerFetch(server);
    expect(await refresh(db, { fetch: opened.fetch, pageOpen: () => Promise.resolve(true) })).toMatchObject({ refreshed: [] });
    expect(opened.calls).toEqual([]);
    expect(await db.syncState.get('inventory')).toEqual(before);
  });
});
