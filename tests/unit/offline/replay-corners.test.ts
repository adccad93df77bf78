import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionTag } from '../../../src/lib/session-token';
import { createOutbox, type OutboxSend } from '../../../src/offline/outbox';
import { startSync } from '../../../src/offline/sync';
import { FakeServer } from './fake-server';
import { addItem, createRecord, freshDb, renameRecord, setup, tempId } from './helpers';

/*
 * Issue 22 §5, the client's corners that had no test: a storage failure in the middle of a replay, a create answered
 * without the id its dependents need, and a queue paused by a 401 when the page is reloaded with the same token.
 */

afterEach(() => vi.restoreAllMocks());

describe('a storage failure in the middle of a replay', () => {
  it('does nothing twice: the call whose answer could not be written goes again with the same key, and the server acts once', async () => {
    const { outbox, db, server, calls } = setup();
    const first = tempId(1);
    const second = tempId(2);
    await outbox.enqueue(createRecord(first, 'First'));
    await outbox.enqueue(addItem(first, 'first item'));
    await outbox.enqueue(createRecord(second, 'Second'));
    await outbox.enqueue(addItem(second, 'second item'));

    // The device refuses to write the bookkeeping of the first answer (a disk error, not a lost connection).
    const transaction = db.transaction.bind(db);
    let failures = 1;
    vi.spyOn(db, 'transaction').mockImplementation(((...args: Parameters<typeof transaction>) => {
      const completing = Array.isArray(args[1]) && args[1].includes(db.meta);
      if (completing && failures-- > 0) return Promise.reject(new DOMException('The disk is failing.', 'DataError'));
      return transaction(...args);
    }) as typeof db.transaction);

    await expect(outbox.replay()).rejects.toMatchObject({ name: 'DataError' });
    expect(server.applied.map((call) => call.body)).toEqual([{ title: 'First' }]);
    // Nothing was sent after the failure was met: the entry is left 'sending' until the next run puts it back in line.
    expect((await db.outbox.orderBy('seq').toArray()).map((entry) => entry.status)).toEqual(['sending', 'pending', 'pending', 'pending']);

    expect(await outbox.replay()).toMatchObject({ sent: 4, remaining: 0, stoppedBy: 'drained' });
    const keys = calls.map((call) => call.idempotencyKey);
    expect(keys.slice(0, 2)).toEqual([keys[0], keys[0]]);
    expect(new Set(keys).size).toBe(4);
    expect([...server.records.values()].map(({ title, items }) => ({ title, items }))).toEqual([
      { title: 'First', items: ['first item'] },
      { title: 'Second', items: ['second item'] },
    ]);
    expect(server.applied).toHaveLength(4);
  });

  it('sends nothing when the failure comes before the call: an entry not marked as sent is not sent', async () => {
    const { outbox, db, server } = setup();
    await outbox.enqueue(renameRecord(1, 'x'));
    server.records.set(1, { id: 1, title: 'a', items: [], links: [], photos: [] });
    vi.spyOn(db.outbox, 'bulkPut').mockRejectedValueOnce(new DOMException('The disk is failing.', 'DataError'));

    await expect(outbox.replay()).rejects.toMatchObject({ name: 'DataError' });
    expect(server.received).toHaveLength(0);
    expect(await outbox.replay()).toMatchObject({ sent: 1 });
    expect(server.received).toHaveLength(1);
  });
});

describe('a create answered without an id', () => {
  it('parks the changes that need its id instead of dropping them, and sends the rest', async () => {
    const server = new FakeServer();
    server.records.set(5, { id: 5, title: 'other', items: [], links: [], photos: [] });
    const send: OutboxSend = async (entry, files) => {
      const answer = server.handle(entry, files);
      return entry.path === '/records' ? { status: 201, body: {} } : answer;
    };
    const { outbox, db, events } = setup({ send });
    const tmp = tempId(3);
    await outbox.enqueue(createRecord(tmp, 'No id'));
    await outbox.enqueue(addItem(tmp, 'needs the id'));
    await outbox.enqueue(renameRecord(5, 'goes anyway'));

    expect(await outbox.replay()).toMatchObject({ sent: 2, failed: 0, remaining: 1 });
    expect(server.records.get(5)!.title).toBe('goes anyway');
    const [parked] = await db.outbox.toArray();
    expect(parked).toMatchObject({ label: 'Add needs the id', status: 'failed', dependsOn: [tmp], path: `/records/${tmp}/items` });
    expect(parked!.lastError!.message).toMatch(/never saved/);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'failed', entry: expect.objectContaining({ label: 'Add needs the id' }) }),
    );
    expect(await db.tempIds.get(tmp)).toBeUndefined();
    // Still the user's to discard, with nothing else lost.
    expect((await outbox.discard(parked!.seq!)).map((entry) => entry.label)).toEqual(['Add needs the id']);
  });
});

describe('a queue paused by a 401, after a reload', () => {
  it('does not resume on the same expired token, and resumes once another token appears', async () => {
    const db = freshDb();
    const server = new FakeServer();
    server.records.set(1, { id: 1, title: 'a', items: [], links: [], photos: [] });
    let token = 'token-that-expired';
    const sentWith: string[] = [];
    const send: OutboxSend = async (entry, files) => {
      sentWith.push(token);
      return token === 'token-that-expired' ? { status: 401, body: { message: 'Expired' } } : server.handle(entry, files);
    };
    /** The page: its outbox and its triggers (no window events; only start and Sync now). */
    const boot = () => {
      const outbox = createOutbox({ db, send, locks: null, currentSession: () => sessionTag(token) });
      const sync = startSync({
        outbox,
        getToken: () => token,
        isOnline: () => true,
        target: undefined,
        documentTarget: undefined,
        serviceWorker: undefined,
        intervalMs: 3_600_000,
      });
      return { outbox, sync };
    };
    const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

    const page = boot();
    await page.outbox.enqueue(renameRecord(1, 'mine'));
    await vi.waitFor(async () => expect(await page.outbox.pauseState()).toBeDefined());
    expect(sentWith).toEqual(['token-that-expired']);
    page.sync.stop();

    const reloaded = boot();
    await settle();
    await reloaded.sync.syncNow();
    await settle();
    expect(sentWith).toEqual(['token-that-expired']);
    expect(await reloaded.outbox.pauseState()).toBeDefined();

    token = 'token-of-a-new-sign-in';
    await reloaded.sync.syncNow();
    expect(sentWith).toEqual(['token-that-expired', 'token-of-a-new-sign-in']);
    expect(server.records.get(1)!.title).toBe('mine');
    expect(await reloaded.outbox.pauseState()).toBeUndefined();
    reloaded.sync.stop();
  });
});

describe('a replay asked for as the running one ends', () => {
  it('gets a pass of its own: a change queued while the last pass counts what is left is sent, not left for the next trigger', async () => {
    const { outbox, db, server } = setup();
    server.records.set(1, { id: 1, title: 'a', items: [], links: [], photos: [] });
    await outbox.enqueue(renameRecord(1, 'first'));

    // The pass's last step counts what is left in the queue; a change is queued and its replay asked for meanwhile,
    // as the page's 'queued' trigger does.
    const count = db.outbox.count.bind(db.outbox);
    let late: Promise<unknown> | undefined;
    vi.spyOn(db.outbox, 'count').mockImplementationOnce((async () => {
      await outbox.enqueue(renameRecord(1, 'queued as the pass ended'));
      late = outbox.replay();
      return count();
    }) as unknown as typeof db.outbox.count);

    expect(await outbox.replay()).toMatchObject({ sent: 1, stoppedBy: 'drained' });
    expect(await late).toMatchObject({ sent: 1, remaining: 0, stoppedBy: 'drained' });
    expect(server.records.get(1)!.title).toBe('queued as the pass ended');
    expect(await db.outbox.count()).toBe(0);
  });
});
