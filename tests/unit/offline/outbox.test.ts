import { describe, expect, it, vi } from 'vitest';
import { META_LAST_SYNC, getMeta, type OutboxEntry, type OutboxFile } from '../../../src/offline/db';
import {
  BACKOFF_BASE_MS,
  BACKOFF_MAX_MS,
  MAX_IN_FLIGHT,
  MAX_SERVER_ERROR_ATTEMPTS,
  backoffDelay,
  classifyStatus,
  createOutbox,
  type OutboxEvent,
  type SendAnswer,
  type SendOptions,
} from '../../../src/offline/outbox';
import { FakeServer } from './fake-server';
import { addItem, createRecord, fakeLockManager, freshDb, linkRecords, renameRecord, setup, tempId, type Mode } from './helpers';

describe('outbox enqueue and replay', () => {
  it('stores the exact call with one idempotency key and replays in queue order', async () => {
    const { outbox, server, db, calls, events } = setup();
    await outbox.enqueue(createRecord(tempId(1), 'First'));
    await outbox.enqueue(createRecord(tempId(2), 'Second'));
    const stored = await db.outbox.orderBy('seq').toArray();
    expect(stored.map((e) => [e.method, e.base, e.path, e.body, e.status])).toEqual([
      ['POST', 'api', '/records', { title: 'First' }, 'pending'],
      ['POST', 'api', '/records', { title: 'Second' }, 'pending'],
    ]);
    expect(new Set(stored.map((e) => e.idempotencyKey)).size).toBe(2);

    const result = await outbox.replay();
    expect(result).toEqual({ sent: 2, failed: 0, remaining: 0, stoppedBy: 'drained' });
    expect([...server.records.values()].map((r) => r.title)).toEqual(['First', 'Second']);
    expect(calls.map((c) => c.idempotencyKey)).toEqual(stored.map((e) => e.idempotencyKey));
    expect(await db.outbox.count()).toBe(0);
    expect(await getMeta(db, META_LAST_SYNC)).toBeTypeOf('number');
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['queued', 'queued', 'replayStarted', 'sending', 'sent', 'idAssigned', 'progress']),
    );
  });

  it('refuses a call without label or record', async () => {
    const { outbox } = setup();
    await expect(outbox.enqueue({ ...renameRecord(1, 'x'), label: ' ' })).rejects.toThrow(/label/);
  });
});

describe('ordering', () => {
  it('holds back later entries of a record whose earlier entry failed; other records go on', async () => {
    const { outbox, server, db } = setup();
    server.records.set(1, { id: 1, title: 'A', items: [], links: [], photos: [] });
    server.records.set(2, { id: 2, title: 'B', items: [], links: [], photos: [] });
    server.refuse(/^\/records\/1$/, 400, 'Title is not allowed.');
    await outbox.enqueue(renameRecord(1, 'A1'));
    await outbox.enqueue(addItem(1, 'after A1'));
    await outbox.enqueue(renameRecord(2, 'B1'));

    const result = await outbox.replay();
    expect(result).toMatchObject({ sent: 1, failed: 1, remaining: 2 });
    expect(server.records.get(2)!.title).toBe('B1');
    expect(server.records.get(1)).toMatchObject({ title: 'A', items: [] });
    const [failed, waiting] = await db.outbox.orderBy('seq').toArray();
    expect(failed).toMatchObject({ status: 'failed', lastError: { status: 400, message: 'Title is not allowed.' } });
    expect(waiting).toMatchObject({ status: 'pending', path: '/records/1/items' });

    await outbox.retry(failed!.seq!);
    await outbox.replay();
    expect(server.records.get(1)).toMatchObject({ title: 'A1', items: ['after A1'] });
    expect(await db.outbox.count()).toBe(0);
  });

  it('a transient failure stops the run, so the queue keeps its order', async () => {
    const { outbox, server, calls } = setup({ modes: ['503'] });
    await outbox.enqueue(createRecord(tempId(1), 'one'));
    await outbox.enqueue(createRecord(tempId(2), 'two'));
    expect(await outbox.replay()).toMatchObject({ sent: 0, stoppedBy: 'transient', remaining: 2 });
    expect(calls).toHaveLength(1);
    await outbox.replay({ force: true });
    expect([...server.records.values()].map((r) => r.title)).toEqual(['one', 'two']);
  });
});

describe('temp ids', () => {
  it('rewrites a temp id in path and body with the server id from the create answer', async () => {
    const { outbox, server, db, events } = setup();
    const tmp = tempId(7);
    await outbox.enqueue(createRecord(tmp, 'Offline record'));
    const child = await outbox.enqueue(addItem(tmp, 'first item'));
    expect(child.dependsOn).toEqual([tmp]);

    await outbox.replay();
    const [record] = [...server.records.values()];
    expect(record).toMatchObject({ title: 'Offline record', items: ['first item'] });
    const childCall = server.applied[1]!;
    expect(childCall.path).toBe(`/records/${record!.id}/items`);
    expect(childCall.body).toEqual({ recordId: record!.id, text: 'first item' }); // a number, as the server gave it
    expect(await db.tempIds.get(tmp)).toMatchObject({ serverId: record!.id });
    expect(events).toContainEqual({ type: 'idAssigned', tempId: tmp, serverId: record!.id });
    expect(await outbox.resolveId(tmp)).toBe(record!.id);
  });

  it("rewrites a temp id in a waiting entry's intent too, as text (screens key records by text)", async () => {
    const { outbox, server, db } = setup({ modes: ['ok', 'network'] });
    const tmp = tempId(6);
    await outbox.enqueue(createRecord(tmp, 'Offline record'));
    const child = await outbox.enqueue({ ...addItem(tmp, 'first item'), intent: { feature: 'records', kind: 'add-item', recordId: tmp } });
    expect(child.intent).toEqual({ feature: 'records', kind: 'add-item', recordId: tmp });

    await outbox.replay();
    const id = [...server.records.keys()][0]!;
    expect((await db.outbox.get(child.seq!))!.intent).toEqual({ feature: 'records', kind: 'add-item', recordId: String(id) });
  });

  it('writes a known server id into a call enqueued after the create was sent', async () => {
    const { outbox, server } = setup();
    const tmp = tempId(8);
    await outbox.enqueue(createRecord(tmp, 'R'));
    await outbox.replay();
    const entry = await outbox.enqueue(renameRecord(tmp, 'R2'));
    const id = [...server.records.keys()][0]!;
    expect(entry).toMatchObject({ path: `/records/${id}`, recordKey: `record:${id}`, dependsOn: [] });
    await outbox.replay();
    expect(server.records.get(id)!.title).toBe('R2');
  });

  it('a call that needs another record waits for its create, even across records', async () => {
    const { outbox, server, modes } = setup();
    const a = tempId(1);
    const b = tempId(2);
    server.refuse(/^\/records$/, 422, 'Title taken.'); // the first create (A) fails
    await outbox.enqueue(createRecord(a, 'A'));
    await outbox.enqueue(createRecord(b, 'B'));
    await outbox.enqueue(linkRecords(b, a)); // B → A must wait for A
    await outbox.replay();
    const entries = await outbox.db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => [e.label, e.status])).toEqual([
      ['Create A', 'failed'],
      [expect.stringMatching(/^Link/), 'pending'],
    ]);
    expect(modes).toEqual([]);
    await outbox.retry(entries[0]!.seq!);
    await outbox.replay();
    const [recordB, recordA] = [...server.records.values()];
    expect(recordB!.links).toEqual([recordA!.id]);
  });

  it('discarding a create also discards what depends on it, after saying so', async () => {
    const { outbox, server, db } = setup();
    const tmp = tempId(3);
    server.refuse(/^\/records$/, 400, 'Bad title.');
    const create = await outbox.enqueue(createRecord(tmp, 'X'));
    await outbox.enqueue(addItem(tmp, 'child'));
    const unrelated = await outbox.enqueue(renameRecord(5, 'other'));
    await outbox.replay();
    expect((await outbox.dependentsOf(create.seq!)).map((e) => e.label)).toEqual(['Add child']);
    const removed = await outbox.discard(create.seq!);
    expect(removed.map((e) => e.label)).toEqual(['Create X', 'Add child']);
    expect((await db.outbox.toArray()).map((e) => e.seq)).toEqual([unrelated.seq]);
  });

  it('parks a call that refers to a temp id nobody creates', async () => {
    const { outbox, db, calls } = setup();
    await outbox.enqueue(addItem(tempId(9), 'orphan'));
    await outbox.replay();
    expect(calls).toHaveLength(0);
    expect(await db.outbox.toArray()).toMatchObject([{ status: 'failed', lastError: { message: expect.stringMatching(/never saved/) } }]);
  });
});

describe('backoff', () => {
  it('waits 2 s, 4 s, 8 s … up to 5 minutes between automatic tries', async () => {
    const { outbox, clock, db, calls } = setup({ modes: Array(12).fill('network') });
    await outbox.enqueue(renameRecord(1, 'x'));
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect(await outbox.replay()).toMatchObject({ stoppedBy: 'transient' });
      const entry = (await db.outbox.toArray())[0]!;
      expect(entry).toMatchObject({ status: 'pending', attempts: attempt, lastError: { status: 0 } });
      delays.push(entry.nextAttemptAt - clock.time);
      // Not yet due: an automatic replay leaves it alone.
      clock.advance(entry.nextAttemptAt - clock.time - 1);
      expect(await outbox.replay()).toMatchObject({ sent: 0, stoppedBy: 'drained' });
      expect(calls).toHaveLength(attempt);
      clock.advance(1);
    }
    expect(delays).toEqual([2000, 4000, 8000, 16000, 32000, 64000, 128000, 256000, BACKOFF_MAX_MS, BACKOFF_MAX_MS]);
  });

  it('applies jitter within ±20 % and never beyond the cap', () => {
    expect(backoffDelay(1, () => 0)).toBe(1600);
    expect(backoffDelay(1, () => 0.999999)).toBe(2400);
    expect(backoffDelay(30, () => 0.999999)).toBe(BACKOFF_MAX_MS);
  });

  it('a forced replay (online, Sync now) ignores the delay', async () => {
    const { outbox, server } = setup({ modes: ['500'] });
    server.records.set(1, { id: 1, title: 'a', items: [], links: [], photos: [] });
    await outbox.enqueue(renameRecord(1, 'b'));
    await outbox.replay();
    expect(await outbox.replay()).toMatchObject({ sent: 0 });
    expect(await outbox.replay({ force: true })).toMatchObject({ sent: 1 });
    expect(server.records.get(1)!.title).toBe('b');
  });

  it('an entry waiting for a retry holds back the whole queue, so nothing overtakes it', async () => {
    const { outbox, server, clock, calls } = setup({ modes: ['network'] });
    server.records.set(1, { id: 1, title: 'a', items: [], links: [], photos: [] });
    server.records.set(2, { id: 2, title: 'b', items: [], links: [], photos: [] });
    await outbox.enqueue(renameRecord(1, 'a1'));
    await outbox.enqueue(renameRecord(2, 'b1'));
    await outbox.replay(); // a1 meets a network error
    expect(await outbox.replay()).toMatchObject({ sent: 0, remaining: 2 });
    expect(calls).toHaveLength(1);
    clock.advance(BACKOFF_BASE_MS * 2);
    expect(await outbox.replay()).toMatchObject({ sent: 2 });
    expect(server.applied.map((call) => call.path)).toEqual(['/records/1', '/records/2']);
  });

  it('parks an entry the server keeps failing with 500, keeping its key for a retry; 503 never parks', async () => {
    const { outbox, server, clock, db } = setup({
      modes: [...Array(MAX_SERVER_ERROR_ATTEMPTS).fill('500'), ...Array(20).fill('503')] as Mode[],
    });
    server.records.set(1, { id: 1, title: 'a', items: [], links: [], photos: [] });
    const entry = await outbox.enqueue(renameRecord(1, 'a1'));
    for (let i = 0; i < MAX_SERVER_ERROR_ATTEMPTS; i++) {
      await outbox.replay();
      clock.advance(BACKOFF_MAX_MS);
    }
    const parked = (await db.outbox.get(entry.seq!))!;
    expect(parked).toMatchObject({ status: 'failed', attempts: MAX_SERVER_ERROR_ATTEMPTS, lastError: { status: 500 } });
    expect(parked.lastError!.message).toMatch(/^Boom \(the server failed 8 times\)$/);

    await outbox.retry(entry.seq!);
    expect((await db.outbox.get(entry.seq!))!.idempotencyKey).toBe(entry.idempotencyKey);
    for (let i = 0; i < 20; i++) {
      await outbox.replay();
      clock.advance(BACKOFF_MAX_MS);
    }
    expect((await db.outbox.get(entry.seq!))!).toMatchObject({ status: 'pending', attempts: 20, lastError: { status: 503 } });
    await outbox.replay();
    expect(server.records.get(1)!.title).toBe('a1');
  });

  it('classifies answers', () => {
    expect([200, 201, 204].map(classifyStatus)).toEqual(['done', 'done', 'done']);
    expect([500, 502, 503, 408, 429].map(classifyStatus)).toEqual(Array(5).fill('transient'));
    expect(classifyStatus(401)).toBe('unauthorized');
    expect([400, 403, 404, 409, 422].map(classifyStatus)).toEqual(Array(5).fill('rejected'));
  });
});

describe('401 pause', () => {
  it('pauses the whole queue until resume(), also across a reload', async () => {
    const { outbox, server, db, calls, events } = setup();
    server.records.set(1, { id: 1, title: 'a', items: [], links: [], photos: [] });
    server.refuse(/./, 401, 'Token expired');
    await outbox.enqueue(renameRecord(1, 'a1'));
    await outbox.enqueue(renameRecord(2, 'other record'));
    expect(await outbox.replay()).toMatchObject({ stoppedBy: 'paused', sent: 0 });
    expect(events.at(-2)).toMatchObject({ type: 'paused', error: { status: 401 } });
    expect(await outbox.replay({ force: true })).toMatchObject({ stoppedBy: 'paused' });
    expect(calls).toHaveLength(1);

    const reloaded = createOutbox({ db, send: async (entry, files) => server.handle(entry, files), locks: null });
    expect(await reloaded.pauseState()).toMatchObject({ error: { status: 401 } });
    expect(await reloaded.replay()).toMatchObject({ stoppedBy: 'paused' });

    server.records.set(2, { id: 2, title: 'b', items: [], links: [], photos: [] });
    expect(await reloaded.resume()).toMatchObject({ sent: 2, stoppedBy: 'drained' });
    expect(await reloaded.pauseState()).toBeUndefined();
    expect(server.records.get(1)!.title).toBe('a1');
  });
});

describe('owner', () => {
  it('sends a change only while the user who made it is signed in', async () => {
    let user: string | undefined = 'Tech@Example.com';
    const { outbox, server, calls, db } = setup({ currentUser: () => user });
    server.records.set(1, { id: 1, title: 'a', items: [], links: [], photos: [] });
    const entry = await outbox.enqueue(renameRecord(1, 'by tech'));
    expect(entry.owner).toBe('tech@example.com');

    user = 'someone.else@example.com';
    expect(await outbox.replay()).toMatchObject({ stoppedBy: 'paused', sent: 0 });
    expect(calls).toHaveLength(0);
    expect(await outbox.pauseState()).toMatchObject({
      error: { message: 'Sign in as tech@example.com to send the changes made under that account.' },
    });

    user = 'tech@example.com';
    expect(await outbox.resume()).toMatchObject({ sent: 1 });
    expect(server.records.get(1)!.title).toBe('by tech');
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('refused changes', () => {
  it('parks a 400/409 with the server message; retry sends it again with a new key; discard removes it', async () => {
    const { outbox, server, db } = setup();
    server.records.set(1, { id: 1, title: 'a', items: [], links: [], photos: [] });
    server.refuse(/^\/records\/1$/, 409, 'This record was changed by someone else.', 2);
    const entry = await outbox.enqueue(renameRecord(1, 'mine'));
    await outbox.replay();
    const failed = (await db.outbox.get(entry.seq!))!;
    expect(failed).toMatchObject({ status: 'failed', lastError: { status: 409, message: 'This record was changed by someone else.' } });
    // A failed entry stays put: replays do not send it again on their own.
    await outbox.replay({ force: true });
    expect(server.received).toHaveLength(1);

    await outbox.retry(entry.seq!);
    const retried = (await db.outbox.get(entry.seq!))!;
    expect(retried).toMatchObject({ status: 'pending', attempts: 0 });
    expect(retried.idempotencyKey).not.toBe(entry.idempotencyKey);
    await outbox.replay();
    expect((await db.outbox.get(entry.seq!))!.status).toBe('failed');

    await outbox.discard(entry.seq!);
    expect(await db.outbox.count()).toBe(0);
    expect(server.records.get(1)!.title).toBe('a');
  });

  it('revise replaces the body of a failed entry and sends it', async () => {
    const { outbox, server, db } = setup();
    server.records.set(1, { id: 1, title: 'a', items: [], links: [], photos: [] });
    server.refuse(/^\/records\/1$/, 409, 'Stale.');
    const entry = await outbox.enqueue(renameRecord(1, 'mine'));
    await outbox.replay();
    await outbox.revise(entry.seq!, { body: { title: 'mine, rebased' } });
    await outbox.replay();
    expect(server.records.get(1)!.title).toBe('mine, rebased');
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('files', () => {
  it('keeps the files until the call is sent, then removes them', async () => {
    const { outbox, server, db, calls } = setup({ modes: ['network', 'lostAfter'] });
    server.records.set(1, { id: 1, title: 'a', items: [], links: [], photos: [] });
    const photo = new Blob(['jpeg bytes'], { type: 'image/jpeg' });
    await outbox.enqueue({ ...addItem(1, 'with photo'), files: [{ field: 'photo', blob: photo, name: 'roof.jpg' }] });
    expect(await db.files.toArray()).toMatchObject([{ field: 'photo', name: 'roof.jpg', type: 'image/jpeg', size: 10 }]);

    await outbox.replay();
    await outbox.replay({ force: true });
    expect(await db.files.count()).toBe(1);
    await outbox.replay({ force: true });
    expect(await db.files.count()).toBe(0);
    expect(calls).toHaveLength(3);
    expect(server.records.get(1)!.photos).toEqual([{ name: 'roof.jpg', text: 'jpeg bytes' }]);
  });

  it('parks an entry whose file has gone missing instead of sending it without', async () => {
    const { outbox, db, calls } = setup();
    await outbox.enqueue({ ...addItem(1, 'x'), files: [{ field: 'photo', blob: new Blob(['x']), name: 'a.jpg' }] });
    await db.files.clear();
    await outbox.replay();
    expect(calls).toHaveLength(0);
    expect((await db.outbox.toArray())[0]).toMatchObject({ status: 'failed', lastError: { message: expect.stringMatching(/missing/) } });
  });
});

describe('one replay at a time', () => {
  it('a second replay() joins the running one', async () => {
    const db = freshDb();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let sends = 0;
    const outbox = createOutbox({
      db,
      locks: null,
      send: async () => {
        sends += 1;
        await gate;
        return { status: 200, body: {} };
      },
    });
    await outbox.enqueue(renameRecord(1, 'a'));
    const first = outbox.replay();
    const second = outbox.replay();
    expect(outbox.isReplaying()).toBe(true);
    release();
    expect(await first).toMatchObject({ sent: 1 });
    // The same pass's result: the second call was seen by the running pass, which needed no second one.
    expect(await second).toBe(await first);
    expect(sends).toBe(1);
    expect(outbox.isReplaying()).toBe(false);
  });

  it('two tabs (two outboxes on one database) sharing a Web Lock send each entry once', async () => {
    const db = freshDb();
    const locks = fakeLockManager();
    const sent: string[] = [];
    const send = async (entry: { idempotencyKey: string }) => {
      sent.push(entry.idempotencyKey);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return { status: 200, body: {} };
    };
    const tabA = createOutbox({ db, send, locks });
    const tabB = createOutbox({ db, send, locks });
    for (let i = 0; i < 5; i++) await tabA.enqueue(renameRecord(i, `t${i}`));
    await Promise.all([tabA.replay(), tabB.replay(), tabA.replay()]);
    expect(sent).toHaveLength(5);
    expect(new Set(sent).size).toBe(5);
    expect(locks.requests).toBeGreaterThanOrEqual(2);
  });

  it('a reload in the middle of a send sends the entry again with the same key', async () => {
    const db = freshDb();
    const keys: string[] = [];
    const hung = createOutbox({ db, locks: null, send: (entry) => (keys.push(entry.idempotencyKey), new Promise(() => undefined)) });
    await hung.enqueue(renameRecord(1, 'x'));
    void hung.replay();
    await vi.waitFor(() => expect(keys).toHaveLength(1)); // the call is out, and will never be answered
    expect((await db.outbox.toArray())[0]!.status).toBe('sending');

    const reloaded = createOutbox({ db, locks: null, send: async (entry) => (keys.push(entry.idempotencyKey), { status: 200, body: {} }) });
    expect(await reloaded.replay()).toMatchObject({ sent: 1 });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });
});

describe('concurrency across records', () => {
  /** An outbox whose calls stay out until the test answers them. */
  function held(records: number) {
    const server = new FakeServer();
    for (let id = 1; id <= records; id++) server.records.set(id, { id, title: `r${id}`, items: [], links: [], photos: [] });
    const out: { entry: OutboxEntry; files: OutboxFile[]; options: SendOptions; resolve: (answer: SendAnswer) => void }[] = [];
    let maxOut = 0;
    /** Calls that went out beside another call of their record: checked as each goes out, so no test waits to see one. */
    const violations: string[] = [];
    let answerAtOnce = false;
    const events: OutboxEvent[] = [];
    const db = freshDb();
    const outbox = createOutbox({
      db,
      locks: null,
      onEvent: (event) => events.push(event),
      send: (entry, files, options) =>
        new Promise((resolve) => {
          if (out.some((call) => call.entry.recordKey === entry.recordKey))
            violations.push(`${entry.label} went out beside another call of ${entry.recordKey}`);
          out.push({ entry, files, options, resolve });
          maxOut = Math.max(maxOut, out.length);
          if (answerAtOnce) answer(out.length - 1);
        }),
    });
    const answer = (index: number, status?: number) => {
      const [call] = out.splice(index, 1);
      call!.resolve(status ? { status, body: { message: `HTTP ${status}` } } : server.handle(call!.entry, call!.files));
    };
    /** Answers the calls out, and every call that goes out later, until `run` ends: its figures then tell all that went. */
    const finish = async <T>(run: Promise<T>) => {
      answerAtOnce = true;
      while (out.length) answer(0);
      try {
        return await run;
      } finally {
        answerAtOnce = false;
      }
    };
    /** The entries the run has taken: it marks what it chooses 'sending' in one transaction, before any of them goes out. */
    const claimed = () => db.outbox.where('status').equals('sending').count();
    return { server, out, outbox, events, answer, finish, claimed, violations, maxOut: () => maxOut };
  }

  /** Waits until `done()` holds, letting fake-indexeddb's timers run. */
  async function until(done: () => boolean) {
    for (let i = 0; i < 500 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(done()).toBe(true);
  }

  it(`sends one entry first, then up to ${MAX_IN_FLIGHT} of different records at once, one per record, in order within each`, async () => {
    const { server, out, outbox, answer, claimed, violations, maxOut } = held(10);
    for (let id = 1; id <= 10; id++) {
      await outbox.enqueue(renameRecord(id, `r${id}'`));
      await outbox.enqueue(addItem(id, `item of ${id}`));
    }
    const run = outbox.replay();
    await until(() => out.length === 1);
    expect(await claimed()).toBe(1); // the probe goes alone
    expect(out.map((call) => call.entry.label)).toEqual(["Rename to r1'"]);
    answer(0);

    await until(() => out.length === MAX_IN_FLIGHT);
    expect(await claimed()).toBe(MAX_IN_FLIGHT);
    // The next entry of record 1 (its item) comes first in the queue now; then the renames of 2…6.
    expect(out.map((call) => call.entry.recordKey)).toEqual(['record:1', 'record:2', 'record:3', 'record:4', 'record:5', 'record:6']);

    // Answers in reverse order: every answer frees a slot for the next entry that may go, while records are left.
    const recordsLeft = () =>
      [...server.records.keys()].filter((id) => server.applied.filter((call) => call.recordId === id).length < 2).length;
    while (out.length) {
      answer(out.length - 1);
      await until(() => out.length === Math.min(MAX_IN_FLIGHT, recordsLeft()));
    }
    expect(await run).toEqual({ sent: 20, failed: 0, remaining: 0, stoppedBy: 'drained' });
    expect(violations).toEqual([]);
    expect(maxOut()).toBe(MAX_IN_FLIGHT);
    for (let id = 1; id <= 10; id++) {
      expect(server.applied.filter((call) => call.recordId === id).map((call) => call.method)).toEqual(['PUT', 'POST']);
    }
    // Records really overlapped: the server did not see them record after record.
    expect(server.applied.slice(0, 3).map((call) => call.recordId)).not.toEqual([1, 1, 2]);
  });

  it('a transient failure while others are out starts nothing more: the calls out finish, the run ends transient', async () => {
    const { server, out, outbox, answer, finish, events } = held(10);
    for (let id = 1; id <= 10; id++) await outbox.enqueue(renameRecord(id, 'new'));
    const run = outbox.replay();
    await until(() => out.length === 1);
    answer(0);
    await until(() => out.length === MAX_IN_FLIGHT);
    const failing = out[2]!.entry;
    answer(2, 503);
    // The probe and the five out beside the failed one: nothing took its slot (it would have been answered and counted).
    expect(await finish(run)).toEqual({ sent: MAX_IN_FLIGHT, failed: 0, remaining: 10 - MAX_IN_FLIGHT, stoppedBy: 'transient' });
    expect(await outbox.db.outbox.get(failing.seq!)).toMatchObject({ status: 'pending', attempts: 1, lastError: { status: 503 } });
    expect(events.filter((event) => event.type === 'retrying')).toHaveLength(1);

    // Its retry is not due: it holds back everything behind it, as before.
    expect(await outbox.replay()).toMatchObject({ sent: 0, stoppedBy: 'drained' });
    const forced = outbox.replay({ force: true });
    for (let i = 0; i < 10 - MAX_IN_FLIGHT; i++) {
      await until(() => out.length > 0);
      answer(0);
    }
    expect(await forced).toMatchObject({ sent: 10 - MAX_IN_FLIGHT, remaining: 0 });
    expect([...server.records.values()].every((record) => record.title === 'new')).toBe(true);
  });

  it('a 401 while others are out pauses the queue once they have finished', async () => {
    const { out, outbox, answer, finish } = held(10);
    for (let id = 1; id <= 10; id++) await outbox.enqueue(renameRecord(id, 'new'));
    const run = outbox.replay();
    await until(() => out.length === 1);
    answer(0);
    await until(() => out.length === MAX_IN_FLIGHT);
    answer(0, 401);
    // The probe and the five that were out with the refused one: nothing more went (it would have been answered and counted).
    expect(await finish(run)).toMatchObject({ sent: MAX_IN_FLIGHT, stoppedBy: 'paused', remaining: 10 - MAX_IN_FLIGHT });
    expect(await outbox.pauseState()).toMatchObject({ error: { status: 401 } });
    expect(await outbox.db.outbox.where('status').equals('sending').count()).toBe(0);
  });

  it('a call that names a record created offline goes once the create is answered, with the server id written in', async () => {
    const { server, out, outbox, answer } = held(2);
    const a = tempId(1);
    await outbox.enqueue(createRecord(a, 'A'));
    await outbox.enqueue(linkRecords(1, a));
    await outbox.enqueue(renameRecord(2, 'other'));
    const run = outbox.replay();
    await until(() => out.length === 1);
    answer(0); // the create: the probe
    await until(() => out.length === 2);
    const [createdA] = [...server.records.values()].filter((record) => record.title === 'A');
    expect(out.map((call) => [call.entry.path, call.entry.body])).toEqual([
      ['/records/1/links', { target: createdA!.id }],
      ['/records/2', { title: 'other' }],
    ]);
    answer(1);
    answer(0);
    expect(await run).toMatchObject({ sent: 3, remaining: 0 });
    expect(server.records.get(1)!.links).toEqual([createdA!.id]);
  });

  it('refuses to discard an entry being sent while others go on, and discards one still waiting', async () => {
    const { out, outbox, answer } = held(3);
    await outbox.enqueue(renameRecord(1, 'a'));
    await outbox.enqueue(renameRecord(2, 'b'));
    await outbox.enqueue(renameRecord(3, 'c'));
    const waiting = await outbox.enqueue(addItem(3, 'later'));
    const run = outbox.replay();
    await until(() => out.length === 1);
    answer(0);
    await until(() => out.length === 2);
    await expect(outbox.discard(out[0]!.entry.seq!)).rejects.toThrow(/being sent/);
    expect((await outbox.discard(waiting.seq!)).map((entry) => entry.label)).toEqual(['Add later']);
    while (out.length) answer(0);
    expect(await run).toMatchObject({ sent: 3, remaining: 0 });
  });

  it('a change queued while a long call of another record is out goes at once, not after it', async () => {
    const { out, outbox, answer } = held(3);
    await outbox.enqueue(renameRecord(1, 'a'));
    await outbox.enqueue(addItem(1, 'big photo'));
    const run = outbox.replay();
    await until(() => out.length === 1);
    answer(0);
    await until(() => out.length === 1 && out[0]!.entry.label === 'Add big photo'); // a slow upload, still out
    await outbox.enqueue(renameRecord(2, 'saved online'));
    const joined = outbox.replay({ force: true }); // as submitWrite does: joins the run…
    await until(() => out.length === 2); // …which sends it beside the upload
    expect(out[1]!.entry.label).toBe('Rename to saved online');
    answer(1);
    answer(0);
    expect(await run).toMatchObject({ sent: 3, remaining: 0 });
    expect(await joined).toBe(await run);
  });

  it('a change another tab discards during the run is not sent: what the run chooses is checked against the store', async () => {
    const { out, outbox, answer, finish, claimed, server } = held(3);
    await outbox.enqueue(renameRecord(1, 'a'));
    await outbox.enqueue(renameRecord(2, 'b'));
    const dropped = await outbox.enqueue(renameRecord(3, 'dropped'));
    const run = outbox.replay();
    await until(() => out.length === 1); // the probe; the run has read the queue
    const otherTab = createOutbox({ db: outbox.db, locks: null, send: () => new Promise(() => undefined) });
    await otherTab.discard(dropped.seq!);
    answer(0);
    await until(() => out.length === 1);
    expect(out.map((call) => call.entry.label)).toEqual(['Rename to b']);
    expect(await claimed()).toBe(1);
    expect(await finish(run)).toMatchObject({ sent: 2, remaining: 0 });
    expect(server.records.get(3)!.title).toBe('r3');
    expect(await outbox.db.outbox.count()).toBe(0);
  });

  it('reports the bytes of all uploads under way together', async () => {
    const { out, outbox, answer, events } = held(3);
    for (const id of [1, 2, 3]) {
      await outbox.enqueue({ ...addItem(id, `photo ${id}`), files: [{ field: 'photo', blob: new Blob(['x']), name: `${id}.jpg` }] });
    }
    const run = outbox.replay();
    await until(() => out.length === 1);
    answer(0);
    await until(() => out.length === 2);
    out[0]!.options.onUploadProgress?.(10, 100);
    out[1]!.options.onUploadProgress?.(50, 200);
    expect(events.filter((event) => event.type === 'progress').at(-1)).toMatchObject({
      sent: 1,
      total: 3,
      upload: { entryId: out[1]!.entry.id, loaded: 60, total: 300 },
    });
    while (out.length) answer(0);
    expect(await run).toMatchObject({ sent: 3 });
  });
});
