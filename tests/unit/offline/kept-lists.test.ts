import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { syncPageAnswer, type SyncPage } from '../../../src/contract';
import { addDaysToDay } from '../../../src/contract/days';
import { KEEP_CLOSED_DAYS } from '../../../src/contract/kept-lists';
import { businessDay, DEFAULT_ORG_TIME_ZONE } from '../../../src/contract/time-zones';
import { OfflineError } from '../../../src/lib/http';
import type { Table } from 'dexie';
import type { OfflineDb } from '../../../src/offline/db';
import {
  KeptList,
  KeptListForgotten,
  keptList,
  pagesAhead,
  readKeptList,
  syncKeptLists,
  type KeptListSpec,
} from '../../../src/offline/kept-lists';
import { createOfflineRuntime, setOfflineRuntime } from '../../../src/offline/runtime';
import { freshDb } from './helpers';

/* Lists kept row by row and synced by delta (offline/kept-lists.ts), against a fake server with a change log. */

interface Part {
  partsCatalogId: number;
  plantNumber: string;
  name: string;
}

/** A server that logs every write; a cursor is a position in the log, so re-delivery and paging are as on the real one. */
function fakeServer(initial: Part[]) {
  const rows = new Map(initial.map((row) => [row.partsCatalogId, row]));
  const log: { id: number; row: Part | null }[] = initial.map((row) => ({ id: row.partsCatalogId, row }));
  const server = {
    rows,
    calls: [] as string[],
    /** Fail the call with this number (1-based) as a dropped connection. */
    dropCall: 0,
    resetNext: false,
    write(row: Part) {
      rows.set(row.partsCatalogId, row);
      log.push({ id: row.partsCatalogId, row });
    },
    remove(id: number) {
      rows.delete(id);
      log.push({ id, row: null });
    },
    async fetchPage(since: string, limit: number): Promise<SyncPage<Part>> {
      server.calls.push(since);
      if (server.calls.length === server.dropCall)
        throw new OfflineError({ base: 'api', path: '/PartsCatalog' }, { cause: new TypeError('Failed to fetch') });
      const reset = server.resetNext;
      server.resetNext = false;
      const from = reset || since === '0' ? 0 : Number(since);
      const entries = log.slice(from, from + limit);
      const page: SyncPage<Part> = {
        items: entries.flatMap((entry) => (entry.row ? [entry.row] : [])),
        removed: entries.flatMap((entry) => (entry.row ? [] : [entry.id])),
        cursor: String(from + entries.length),
        more: from + entries.length < log.length,
      };
      if (from === 0) page.total = rows.size;
      if (reset) page.reset = true;
      return page;
    },
  };
  return server;
}

const parts = (count: number, plantNumber = '101', offset = 0): Part[] =>
  Array.from({ length: count }, (_, index) => ({ partsCatalogId: offset + index + 1, plantNumber, name: `part ${offset + index + 1}` }));

function setup(server: ReturnType<typeof fakeServer>, share?: string) {
  const db = freshDb();
  const spec: KeptListSpec<Part> = {
    list: share ? `catalogParts:${share}` : 'catalogParts',
    table: partsTable,
    key: (row) => row.partsCatalogId,
    fetchPage: server.fetchPage,
    ...(share ? { share: { index: 'plantNumber', value: share } } : {}),
  };
  return { db, list: new KeptList(spec, () => db) };
}

/** The catalog table holding the test's parts (a list's rows as the server gives them, whatever their shape). */
const partsTable = (store: OfflineDb) => store.catalogParts as unknown as Table<Part, number>;

const ids = (rows: readonly Part[] | undefined) => (rows ?? []).map((row) => row.partsCatalogId).sort((a, b) => a - b);

describe('pagesAhead', () => {
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('asks for each page once the one before it arrives, up to two beyond the one taken, and none past the last', async () => {
    const server = fakeServer(parts(9));
    const pages = pagesAhead('0', (cursor) => server.fetchPage(cursor, 2));
    await settled();
    // Nothing taken yet: the first page and two beyond it.
    expect(server.calls).toEqual(['0', '2', '4']);
    const taken = [await pages.next()];
    await settled();
    expect(server.calls).toEqual(['0', '2', '4', '6']);
    while (taken.at(-1)!.more) taken.push(await pages.next());
    await settled();
    expect(taken.map((page) => page.cursor)).toEqual(['2', '4', '6', '8', '9']);
    expect(server.calls).toEqual(['0', '2', '4', '6', '8']);
  });

  it('hands a failed page to whoever takes it, and reports none of the pages never taken', async () => {
    const server = fakeServer(parts(9));
    server.dropCall = 2;
    const pages = pagesAhead('0', (cursor) => server.fetchPage(cursor, 2));
    expect((await pages.next()).cursor).toBe('2');
    await expect(pages.next()).rejects.toThrow(OfflineError);
  });
});

describe('KeptList', () => {
  it('downloads a list from nothing page by page, showing rows so far of the total, into its table and memory', async () => {
    const server = fakeServer(parts(25));
    const { db, list } = setup(server);
    const progress: { received: number; total: number }[] = [];
    list.subscribe(() => {
      const current = list.snapshot().progress;
      if (current) progress.push(current);
    });
    const state = await list.sync('alice|101', { pageSize: 10 });
    expect(server.calls).toEqual(['0', '10', '20']);
    expect(state).toMatchObject({ complete: true, total: 25, received: 25, cursor: '25' });
    expect(progress.map((step) => step.received)).toEqual(expect.arrayContaining([10, 20]));
    expect(progress.every((step) => step.total === 25)).toBe(true);
    expect(await partsTable(db).count()).toBe(25);
    expect(ids(list.snapshot().rows)).toEqual(ids(parts(25)));
    expect(list.snapshot().rows?.[0]?.partsCatalogId).toBe(25);
  });

  it('merges changes and removals in later syncs, asking from the last cursor', async () => {
    const server = fakeServer(parts(5));
    const { db, list } = setup(server);
    await list.sync('alice|101');
    server.write({ partsCatalogId: 3, plantNumber: '101', name: 'renamed' });
    server.remove(4);
    server.write({ partsCatalogId: 6, plantNumber: '101', name: 'new' });
    await list.sync('alice|101');
    expect(server.calls.at(-1)).toBe('5');
    expect(ids(await partsTable(db).toArray())).toEqual([1, 2, 3, 5, 6]);
    expect((await partsTable(db).get(3))?.name).toBe('renamed');
    expect(ids(list.snapshot().rows)).toEqual([1, 2, 3, 5, 6]);
  });

  it('resumes a download after a dropped connection from the last page merged, losing nothing', async () => {
    const server = fakeServer(parts(30));
    const { db, list } = setup(server);
    server.dropCall = 3;
    await expect(list.sync('alice|101', { pageSize: 10 })).rejects.toBeInstanceOf(OfflineError);
    expect(list.snapshot()).toMatchObject({ offline: true, syncing: false });
    expect(await partsTable(db).count()).toBe(20);
    expect(await db.syncState.get('catalogParts')).toMatchObject({ cursor: '20', complete: false, received: 20 });

    const state = await list.sync('alice|101', { pageSize: 10 });
    expect(server.calls).toEqual(['0', '10', '20', '20']);
    expect(state.complete).toBe(true);
    expect(ids(list.snapshot().rows)).toEqual(ids(parts(30)));
  });

  it('starts afresh when the server says reset, or when the copy belongs to another user or retail center', async () => {
    const server = fakeServer(parts(4));
    const { db, list } = setup(server);
    await list.sync('alice|101');
    await partsTable(db).put({ partsCatalogId: 99, plantNumber: '101', name: 'stale' });
    server.resetNext = true;
    await list.sync('alice|101');
    expect(ids(await partsTable(db).toArray())).toEqual([1, 2, 3, 4]);

    await partsTable(db).put({ partsCatalogId: 98, plantNumber: '101', name: 'alice only' });
    await list.sync('bob|101');
    expect(server.calls.at(-1)).toBe('0');
    expect(ids(await partsTable(db).toArray())).toEqual([1, 2, 3, 4]);
    expect((await db.syncState.get('catalogParts'))?.scopeKey).toBe('bob|101');
  });

  it('keeps the other plants’ rows of a shared table when one plant’s copy starts afresh', async () => {
    const plant101 = fakeServer(parts(3, '101'));
    const plant202 = fakeServer(parts(2, '202', 100));
    const db = freshDb();
    const listOf = (server: ReturnType<typeof fakeServer>, plant: string) =>
      new KeptList<Part>(
        {
          list: `catalogParts:${plant}`,
          table: partsTable,
          key: (row) => row.partsCatalogId,
          fetchPage: server.fetchPage,
          share: { index: 'plantNumber', value: plant },
        },
        () => db,
      );
    await listOf(plant101, '101').sync('alice');
    await listOf(plant202, '202').sync('alice');
    plant101.resetNext = true;
    const again = listOf(plant101, '101');
    await again.sync('alice');
    expect(ids(await partsTable(db).toArray())).toEqual([1, 2, 3, 101, 102]);
    expect(ids(again.snapshot().rows)).toEqual([1, 2, 3]);
  });

  it('stops a download that was under way when the list was forgotten (sign-out), writing no page after it', async () => {
    const server = fakeServer(parts(30));
    const { db, list: plain } = setup(server);
    const list: KeptList<Part> = new KeptList(
      {
        ...plain.spec,
        fetchPage: async (since, limit) => {
          const page = await server.fetchPage(since, limit);
          if (since === '10') list.forget();
          return page;
        },
      },
      () => db,
    );
    await expect(list.sync('alice|101', { pageSize: 10 })).rejects.toBeInstanceOf(KeptListForgotten);
    expect(await partsTable(db).count()).toBeLessThanOrEqual(10);
  });

  it('with a backend without delta sync (its whole list for any since), every sync takes the whole list and keeps only its rows', async () => {
    const server = fakeServer(parts(4));
    const wholeList = syncPageAnswer(v.looseObject({ partsCatalogId: v.number(), plantNumber: v.string(), name: v.string() }));
    const asked: string[] = [];
    const db = freshDb();
    const list = new KeptList<Part>(
      {
        list: 'catalogParts',
        table: partsTable,
        key: (row) => row.partsCatalogId,
        fetchPage: async (since) => {
          asked.push(since);
          return v.parse(wholeList, [...server.rows.values()]);
        },
      },
      () => db,
    );
    expect(await list.sync('alice|101', { pageSize: 2 })).toMatchObject({ complete: true, total: 4, received: 4, cursor: '0' });
    expect(ids(list.snapshot().rows)).toEqual([1, 2, 3, 4]);

    server.remove(2);
    server.write({ partsCatalogId: 3, plantNumber: '101', name: 'renamed' });
    server.write({ partsCatalogId: 5, plantNumber: '101', name: 'new' });
    await list.sync('alice|101');
    expect(asked).toEqual(['0', '0']);
    expect(ids(await partsTable(db).toArray())).toEqual([1, 3, 4, 5]);
    expect(ids(list.snapshot().rows)).toEqual([1, 3, 4, 5]);
    expect((await partsTable(db).get(3))?.name).toBe('renamed');
  });

  it('reads the kept copy when the server cannot be reached, and fails when there is none', async () => {
    const server = fakeServer(parts(3));
    const { db, list } = setup(server);
    server.dropCall = 1;
    await expect(readKeptList(list, 'alice|101')).rejects.toBeInstanceOf(OfflineError);

    await list.sync('alice|101');
    server.dropCall = server.calls.length + 1;
    const fresh = new KeptList(list.spec, () => db);
    const read = await readKeptList(fresh, 'alice|101');
    expect(read.fromCache).toBe(true);
    expect(ids(read.data)).toEqual([1, 2, 3]);
    expect(read.storedAt).toEqual(expect.any(Number));
  });
});

describe('syncKeptLists (live changes)', () => {
  afterEach(() => setOfflineRuntime(undefined));

  /** A plant's share of the catalog, kept under `name`, whose answers wait for `gate` when one is set. */
  function sharedList(name: string, plant: string, server: ReturnType<typeof fakeServer>) {
    const control: { gate: Promise<void> | undefined } = { gate: undefined };
    const list = keptList<Part>({
      list: name,
      table: partsTable,
      key: (row) => row.partsCatalogId,
      share: { index: 'plantNumber', value: plant },
      fetchPage: async (since, limit) => {
        const page = server.fetchPage(since, limit); // reads the log now, as the server would when asked
        await control.gate;
        return page;
      },
    });
    return { list, control };
  }

  it('pulls the named lists this tab holds, in their scope; a list never opened here is left alone', async () => {
    setOfflineRuntime(createOfflineRuntime({ db: freshDb(), send: () => Promise.reject(new Error('nothing is sent here')) }));
    const [serverA, serverB, serverC] = [fakeServer(parts(2, '201')), fakeServer(parts(2, '202', 10)), fakeServer(parts(2, '203', 20))];
    const a = sharedList('live:201', '201', serverA).list;
    const b = sharedList('live:202', '202', serverB).list;
    sharedList('live:203', '203', serverC);
    await a.sync('alice|201');
    await b.sync('alice|202');
    serverA.write({ partsCatalogId: 3, plantNumber: '201', name: 'new in 201' });
    serverB.write({ partsCatalogId: 13, plantNumber: '202', name: 'new in 202' });

    await syncKeptLists(['live:201', 'live:203']);
    expect(ids(a.snapshot().rows)).toEqual([1, 2, 3]);
    expect(ids(b.snapshot().rows)).toEqual([11, 12]);
    expect(serverC.calls).toEqual([]);

    await syncKeptLists('all');
    expect(ids(b.snapshot().rows)).toEqual([11, 12, 13]);
    expect(serverC.calls).toEqual([]);
  });

  it('follows a sync already running with another: the running one may have asked before the change', async () => {
    setOfflineRuntime(createOfflineRuntime({ db: freshDb(), send: () => Promise.reject(new Error('nothing is sent here')) }));
    const server = fakeServer(parts(2, '301', 30));
    const { list, control } = sharedList('live:301', '301', server);
    await list.sync('alice|301');
    let open!: () => void;
    control.gate = new Promise((done) => (open = done));
    const running = list.sync('alice|301'); // asked: nothing new yet
    await new Promise((done) => setTimeout(done, 10));
    server.write({ partsCatalogId: 33, plantNumber: '301', name: 'written after the ask' });
    const live = syncKeptLists(['live:301']);
    control.gate = undefined;
    open();
    await running;
    await live;
    expect(ids(list.snapshot().rows)).toEqual([31, 32, 33]);
  });
});

describe('KeptList with the kept-list rule (issue 31 §2)', () => {
  /** A part standing for a work order: closed or not, and the day it last changed. */
  type Ruled = Part & { isClosed: boolean; changedOn: string };
  const day = (offset: number) => addDaysToDay(businessDay(DEFAULT_ORG_TIME_ZONE), offset);
  /** A ruled list answered by `fetchPage`, on a fresh device whose outbox holds a change to part 4. */
  async function ruledList(fetchPage: (since: string, limit: number) => Promise<SyncPage<Ruled>>) {
    const db = freshDb();
    await db.outbox.add({ recordKey: 'part:4', status: 'pending' } as never);
    const list = new KeptList<Ruled>(
      {
        list: 'catalogParts',
        table: (store) => store.catalogParts as unknown as Table<Ruled, number>,
        key: (row) => row.partsCatalogId,
        fetchPage,
        rule: { subject: (row) => row, recordKey: (row) => `part:${row.partsCatalogId}` },
      },
      () => db,
    );
    return { db, list };
  }

  it('lets go of closed rows unchanged for KEEP_CLOSED_DAYS after a sync, but keeps one with a change queued', async () => {
    const rows: Ruled[] = [
      { partsCatalogId: 1, plantNumber: '101', name: 'open, old', isClosed: false, changedOn: day(-400) },
      { partsCatalogId: 2, plantNumber: '101', name: 'closed, recent', isClosed: true, changedOn: day(-KEEP_CLOSED_DAYS) },
      { partsCatalogId: 3, plantNumber: '101', name: 'closed, aged', isClosed: true, changedOn: day(-KEEP_CLOSED_DAYS - 1) },
      { partsCatalogId: 4, plantNumber: '101', name: 'closed, aged, change queued', isClosed: true, changedOn: day(-200) },
    ];
    const server = fakeServer(rows);
    const { db, list } = await ruledList(server.fetchPage as (since: string, limit: number) => Promise<SyncPage<Ruled>>);
    await list.sync('alice');
    expect(ids(list.snapshot().rows)).toEqual([1, 2, 4]);
    expect((await db.catalogParts.toArray()).map((row) => row.partsCatalogId).sort()).toEqual([1, 2, 4]);

    // The queued change was sent: the next sync lets that row go too.
    await db.outbox.clear();
    await list.sync('alice');
    expect(ids(list.snapshot().rows)).toEqual([1, 2]);
  });

  it('over its cap, lets go of rows changed before the first kept day the server names, open ones too', async () => {
    const rows: Ruled[] = [
      { partsCatalogId: 1, plantNumber: '101', name: 'open, changed long ago', isClosed: false, changedOn: day(-40) },
      { partsCatalogId: 2, plantNumber: '101', name: 'closed, on the first kept day', isClosed: true, changedOn: day(-10) },
      { partsCatalogId: 3, plantNumber: '101', name: 'open, the day before', isClosed: false, changedOn: day(-11) },
      { partsCatalogId: 4, plantNumber: '101', name: 'open, old, change queued', isClosed: false, changedOn: day(-60) },
    ];
    const server = fakeServer(rows);
    let keptFrom: string | undefined = day(-10);
    const { db, list } = await ruledList(async (since, limit) => {
      const page = (await server.fetchPage(since, limit)) as SyncPage<Ruled>;
      return keptFrom === undefined ? page : { ...page, keptFrom };
    });
    await list.sync('alice');
    expect(ids(list.snapshot().rows)).toEqual([2, 4]);
    expect((await db.syncState.get('catalogParts'))?.keptFrom).toBe(day(-10));

    // All fit again (the server names no day): what the device holds stays, and the day is forgotten.
    keptFrom = undefined;
    await list.sync('alice');
    expect(ids(list.snapshot().rows)).toEqual([2, 4]);
    expect((await db.syncState.get('catalogParts'))?.keptFrom).toBeUndefined();
  });
});
