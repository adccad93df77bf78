import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Table } from 'dexie';
import type { SyncPage } from '../../../src/contract';
import { openOfflineDb, type OfflineDb } from '../../../src/offline/db';
import { KeptList } from '../../../src/offline/kept-lists';
import { StoreLostError, isLostConnection, isStoreLost, resetStoreLost } from '../../../src/offline/store-lost';
import { watchStore } from '../../../src/offline/watch-store';
import { addItem, createRecord, freshDb, renameRecord, setup, tempId } from './helpers';

/*
 * Issue 22 §6: Safari on iPad drops IndexedDB connections while the app is in the background. Every unit of work on
 * the store reopens the database once and runs again (OfflineDb.withReopen); failing again, it reports the store lost.
 * Each test loses the connection in the middle of the work, in one of the two ways it shows in browsers.
 */

type Loss = 'closed' | 'server lost';

let restoreConnections: (() => void) | undefined;

/**
 * 'closed': Dexie's connection is closed for good (DatabaseClosedError on every call, as after a reopen that failed).
 * 'server lost': WebKit's loss. Every request on a connection opened before fails with UnknownError while Dexie
 * takes it for open; a connection opened after works.
 */
function loseConnection(db: OfflineDb, loss: Loss) {
  if (loss === 'closed') {
    db.close();
    return;
  }
  restoreConnections?.();
  const opened = new WeakSet<IDBDatabase>();
  const { open } = IDBFactory.prototype;
  const { objectStore } = IDBTransaction.prototype;
  IDBFactory.prototype.open = function (this: IDBFactory, ...args: Parameters<IDBFactory['open']>) {
    const request = open.apply(this, args);
    request.addEventListener('success', () => opened.add(request.result));
    return request;
  };
  IDBTransaction.prototype.objectStore = function (this: IDBTransaction, name: string) {
    if (!opened.has(this.db))
      throw new DOMException('Connection to Indexed Database server lost. Refresh the page to try again', 'UnknownError');
    return objectStore.call(this, name);
  };
  restoreConnections = () => {
    IDBFactory.prototype.open = open;
    IDBTransaction.prototype.objectStore = objectStore;
    restoreConnections = undefined;
  };
}

const LOSSES: Loss[] = ['closed', 'server lost'];

afterEach(() => {
  restoreConnections?.();
  resetStoreLost();
  vi.restoreAllMocks();
});

describe('a lost connection in the middle of outbox work', () => {
  it.each(LOSSES)('enqueue (%s while its photo is read): the change is queued once and sent', async (loss) => {
    const { outbox, db, server } = setup();
    server.records.set(1, { id: 1, title: 'a', items: [], links: [], photos: [] });
    await db.open();
    const photo = new Blob(['jpeg bytes'], { type: 'image/jpeg' });
    // The files are read before the transaction: the connection goes between the two.
    photo.arrayBuffer = async () => {
      loseConnection(db, loss);
      return new TextEncoder().encode('jpeg bytes').buffer;
    };
    const entry = await outbox.enqueue({ ...addItem(1, 'with photo'), files: [{ field: 'photo', blob: photo, name: 'roof.jpg' }] });

    expect(await db.outbox.toArray()).toMatchObject([{ id: entry.id, status: 'pending', fileIds: [expect.any(String)] }]);
    // Photos are kept as bytes with their type, never as a Blob (Blobs in IndexedDB fail on iOS Safari).
    const [file] = await db.files.toArray();
    expect(Object.prototype.toString.call(file!.data)).toBe('[object ArrayBuffer]');
    expect(file).toMatchObject({ type: 'image/jpeg', size: 10 });
    expect(await outbox.replay()).toMatchObject({ sent: 1, remaining: 0 });
    expect(server.records.get(1)!.photos).toEqual([{ name: 'roof.jpg', text: 'jpeg bytes' }]);
    expect(isStoreLost()).toBe(false);
  });

  it.each(LOSSES)('replay (%s while a call is out): its answer is written after a reopen and nothing is sent twice', async (loss) => {
    const { outbox, db, server, calls } = setup();
    const tmp = tempId(1);
    await outbox.enqueue(createRecord(tmp, 'Offline record'));
    await outbox.enqueue(addItem(tmp, 'first item'));
    const send = vi.fn();
    let lost = false;
    const lossOnFirstAnswer = outbox.subscribe((event) => {
      send(event.type);
      if (event.type === 'sending' && !lost) {
        lost = true;
        loseConnection(db, loss);
      }
    });

    expect(await outbox.replay()).toMatchObject({ sent: 2, remaining: 0, stoppedBy: 'drained' });
    lossOnFirstAnswer();
    expect(calls.map((call) => call.idempotencyKey)).toHaveLength(2);
    expect(server.received).toHaveLength(2);
    const [record] = [...server.records.values()];
    expect(record).toMatchObject({ title: 'Offline record', items: ['first item'] });
    expect(await db.tempIds.get(tmp)).toMatchObject({ serverId: record!.id });
  });

  it.each(LOSSES)('a later discard and a pause read (%s between them) answer as usual', async (loss) => {
    const { outbox, db } = setup();
    const entry = await outbox.enqueue(renameRecord(1, 'x'));
    loseConnection(db, loss);
    expect(await outbox.pauseState()).toBeUndefined();
    loseConnection(db, loss);
    expect((await outbox.discard(entry.seq!)).map((removed) => removed.label)).toEqual(['Rename to x']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('calls that meet the same loss at once share one reopen', async () => {
    const { outbox, db } = setup();
    await outbox.enqueue(renameRecord(1, 'x'));
    const open = vi.spyOn(db, 'open');
    loseConnection(db, 'closed');
    await Promise.all([outbox.pauseState(), outbox.dependentsOf(1), outbox.resolveId('7')]);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('a store that fails again after the reopen is reported lost: the change is refused, not dropped in silence', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { outbox, db } = setup();
    await outbox.enqueue(renameRecord(1, 'kept before'));
    loseConnection(db, 'closed');
    vi.spyOn(db, 'open').mockRejectedValue(new DOMException('Connection to Indexed Database server lost.', 'UnknownError'));

    await expect(outbox.enqueue(renameRecord(2, 'after the loss'))).rejects.toBeInstanceOf(StoreLostError);
    expect(isStoreLost()).toBe(true);

    vi.mocked(db.open).mockRestore();
    // What was queued before the loss is still there for the reloaded page.
    const reloaded = openOfflineDb(db.name);
    expect((await reloaded.outbox.toArray()).map((entry) => entry.label)).toEqual(['Rename to kept before']);
    reloaded.close();
  });

  it('tells a lost connection from other failures', () => {
    expect(isLostConnection(new DOMException('lost', 'UnknownError'))).toBe(true);
    expect(isLostConnection({ name: 'AbortError', message: 'x', inner: { name: 'DatabaseClosedError' } })).toBe(true);
    expect(isLostConnection(new DOMException('The connection was closed.', 'AbortError'))).toBe(true);
    expect(isLostConnection(new DOMException('quota', 'QuotaExceededError'))).toBe(false);
    expect(isLostConnection(new DOMException('Key already exists', 'ConstraintError'))).toBe(false);
    expect(isLostConnection(new Error('boom'))).toBe(false);
  });
});

describe('a lost connection in the middle of a kept-list write', () => {
  interface Part {
    partsCatalogId: number;
    plantNumber: string;
    name: string;
  }
  const partsTable = (store: OfflineDb) => store.catalogParts as unknown as Table<Part, number>;

  it.each(LOSSES)('the page downloaded while the connection went (%s) is merged after a reopen', async (loss) => {
    const db = freshDb();
    await db.open();
    const rows: Part[] = [1, 2, 3].map((id) => ({ partsCatalogId: id, plantNumber: '101', name: `part ${id}` }));
    const list = new KeptList<Part>(
      {
        list: 'catalogParts',
        table: partsTable,
        key: (row) => row.partsCatalogId,
        fetchPage: async (): Promise<SyncPage<Part>> => {
          loseConnection(db, loss);
          return { items: rows, removed: [], cursor: '3', more: false, total: 3 };
        },
      },
      () => db,
    );

    expect(await list.sync('scope')).toMatchObject({ cursor: '3', complete: true, received: 3 });
    expect(await partsTable(db).count()).toBe(3);
    expect(await db.syncState.get('catalogParts')).toMatchObject({ cursor: '3', scopeKey: 'scope' });
    expect(list.snapshot().rows).toHaveLength(3);
  });
});

describe('a live query of the store', () => {
  it.each(LOSSES)('answers again once its lost connection (%s) is reopened', async (loss) => {
    const db = freshDb();
    const counts: number[] = [];
    const errors: unknown[] = [];
    const stop = watchStore(
      db,
      () => db.outbox.count(),
      (count) => counts.push(count),
      (error) => errors.push(error),
    );
    await vi.waitFor(() => expect(counts).toEqual([0]));

    loseConnection(db, loss);
    // Another tab writes: the query runs again, on the lost connection (a closed one is reopened by the next work on it).
    if (loss === 'closed') await setup({ db }).outbox.pauseState();
    const otherTab = openOfflineDb(db.name);
    const { outbox } = setup({ db: otherTab });
    await outbox.enqueue(renameRecord(1, 'from the other tab'));

    await vi.waitFor(() => expect(counts.at(-1)).toBe(1));
    expect(errors).toEqual([]);
    expect(isStoreLost()).toBe(false);
    stop();
    otherTab.close();
  });
});
