import { describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_HEADER, TOKEN_COOKIE } from '../../../src/contract';
import type { Notification } from '../../../src/lib/notifier';
import { sessionTag } from '../../../src/lib/session-token';
import { drainInBackground } from '../../../src/offline/background-drain';
import { announceBackgroundSends, META_SENT_IN_BACKGROUND, takeBackgroundSends } from '../../../src/offline/background-sends';
import { getMeta, META_OUTBOX_PAUSE, type OfflineDb, type OutboxEntry, type OutboxFile } from '../../../src/offline/db';
import { createOutbox, type OutboxCall, type SendAnswer } from '../../../src/offline/outbox';
import { FakeServer } from './fake-server';
import { addItem, createRecord, fakeLockManager, freshDb, renameRecord, tempId } from './helpers';

/*
 * Issue 23 §2–3: the service worker's drain of the outbox, with no page open. It runs the page's outbox core on the
 * same database: every change goes once, in order per record, with the ids records created offline got; it waits
 * while a page holds the outbox's Web Lock; it sends nothing without the signed-in author's token; and what it sent
 * is told on the next open.
 */

const TECH = 'tech@demo.homesite.test';
const OTHER = 'office@demo.homesite.test';

function tokenOf(userName: string, expiresInS = 3600) {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256' })}.${encode({ userName, exp: Math.floor(Date.now() / 1000) + expiresInS })}.signature`;
}

/** The cookies the worker reads: the `Bearer` token of `userName`, or none (signed out). */
function cookieJar(userName: string | undefined) {
  const jar = { token: userName ? tokenOf(userName) : undefined };
  const read = () => Promise.resolve(new Map(jar.token ? [[TOKEN_COOKIE, jar.token]] : []));
  return { jar, read };
}

/**
 * The worker's fetch in front of the fake server (which honours Idempotency-Key like the real one): the call's path
 * below the `/api` base, its JSON or multipart body (form fields as their JSON values), files and headers.
 */
function fakeFetch(server: FakeServer, options: { loseAnswers?: number } = {}) {
  const calls: { path: string; authorization: string | null; idempotencyKey: string }[] = [];
  let loseAnswers = options.loseAnswers ?? 0;
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'https://app.test');
    const headers = new Headers(init.headers);
    const idempotencyKey = headers.get(IDEMPOTENCY_HEADER)!;
    const path = url.pathname.replace(/^\/api/, '');
    calls.push({ path, authorization: headers.get('Authorization'), idempotencyKey });
    let body: unknown;
    const files: OutboxFile[] = [];
    if (init.body instanceof FormData) {
      const fields: Record<string, unknown> = {};
      for (const [name, value] of init.body) {
        if (typeof value !== 'string') {
          const data = await value.arrayBuffer();
          files.push({ id: name, field: name, data, name: value.name, type: value.type, size: data.byteLength });
        } else {
          try {
            fields[name] = JSON.parse(value);
          } catch {
            fields[name] = value;
          }
        }
      }
      body = fields;
    } else if (typeof init.body === 'string') {
      body = JSON.parse(init.body);
    }
    const entry = { method: init.method, path, body, idempotencyKey } as OutboxEntry;
    const answer: SendAnswer = server.handle(entry, files);
    if (loseAnswers > 0) {
      loseAnswers -= 1;
      throw new TypeError('Failed to fetch');
    }
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

/** Changes queued by the page while offline, as `userName`. */
async function queueAsPage(db: OfflineDb, userName: string, calls: OutboxCall[]) {
  const page = createOutbox({ db, send: () => Promise.reject(new TypeError('offline')), locks: null, currentUser: () => userName });
  for (const call of calls) await page.enqueue(call);
}

const photo = () => new Blob(['front door'], { type: 'image/jpeg' });

/** A create, an item with a photo under it, and a rename of it: three changes of one record made offline. */
function threeChanges(): OutboxCall[] {
  const id = tempId(1);
  return [
    createRecord(id, 'Leaking window'),
    { ...addItem(id, 'Sill'), files: [{ field: 'photo', blob: photo(), name: 'sill.jpg' }] },
    renameRecord(id, 'Leaking bedroom window'),
  ];
}

describe('the service worker drains the outbox with no page open', () => {
  it('sends each change once, in order, with the server id of the record created offline, the photo through fetch', async () => {
    const db = freshDb();
    await queueAsPage(db, TECH, threeChanges());
    const server = new FakeServer();
    const { fetch } = fakeFetch(server);

    const result = await drainInBackground({ db, readCookies: cookieJar(TECH).read, fetch, locks: null });

    expect(result).toMatchObject({ sent: 3, failed: 0, remaining: 0, stoppedBy: 'drained' });
    const [record] = [...server.records.values()];
    expect(record).toMatchObject({ title: 'Leaking bedroom window', items: ['Sill'], photos: [{ name: 'sill.jpg', text: 'front door' }] });
    expect(server.applied.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /records',
      `POST /records/${record!.id}/items`,
      `PUT /records/${record!.id}`,
    ]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.files.count()).toBe(0);
    expect(await getMeta(db, META_SENT_IN_BACKGROUND)).toBe(3);

    // Fired again (the browser may): nothing is left to send.
    expect(await drainInBackground({ db, readCookies: cookieJar(TECH).read, fetch, locks: null })).toMatchObject({ sent: 0 });
    expect(server.received).toHaveLength(3);
  });

  it('sends with the signed-in token, read afresh before each call', async () => {
    const db = freshDb();
    await queueAsPage(db, TECH, [renameRecord(1, 'a'), renameRecord(2, 'b')]);
    const server = new FakeServer();
    server.records.set(1, { id: 1, title: '', items: [], links: [], photos: [] });
    server.records.set(2, { id: 2, title: '', items: [], links: [], photos: [] });
    const { fetch, calls } = fakeFetch(server);
    const cookies = cookieJar(TECH);
    await drainInBackground({ db, readCookies: cookies.read, fetch, locks: null });
    expect(calls.map((call) => call.authorization)).toEqual([`Bearer ${cookies.jar.token}`, `Bearer ${cookies.jar.token}`]);
  });

  it('an answer lost after the server acted: the next sync sends the same key, and the server acts once', async () => {
    const db = freshDb();
    await queueAsPage(db, TECH, threeChanges());
    const server = new FakeServer();
    const lossy = fakeFetch(server, { loseAnswers: 1 });

    const first = await drainInBackground({ db, readCookies: cookieJar(TECH).read, fetch: lossy.fetch, locks: null });
    expect(first).toMatchObject({ sent: 0, stoppedBy: 'transient', remaining: 3 });

    const second = await drainInBackground({ db, readCookies: cookieJar(TECH).read, fetch: lossy.fetch, locks: null });
    expect(second).toMatchObject({ sent: 3, remaining: 0, stoppedBy: 'drained' });
    expect(server.records.size).toBe(1);
    expect(server.applied).toHaveLength(3);
    expect(lossy.calls[0]!.idempotencyKey).toBe(lossy.calls[1]!.idempotencyKey);
    expect(await getMeta(db, META_SENT_IN_BACKGROUND)).toBe(3);
  });

  it('waits while a page holds the outbox Web Lock, then finds nothing the page sent', async () => {
    const db = freshDb();
    await queueAsPage(db, TECH, [renameRecord(1, 'a'), renameRecord(2, 'b')]);
    const server = new FakeServer();
    server.records.set(1, { id: 1, title: '', items: [], links: [], photos: [] });
    server.records.set(2, { id: 2, title: '', items: [], links: [], photos: [] });
    const locks = fakeLockManager();
    let answerPage: (() => void) | undefined;
    const pageSends: string[] = [];
    const page = createOutbox({
      db,
      locks,
      currentUser: () => TECH,
      send: async (entry, files) => {
        pageSends.push(entry.path);
        // The page's first call is out when the sync event fires.
        if (!answerPage) await new Promise<void>((resolve) => (answerPage = resolve));
        return server.handle(entry, files);
      },
    });
    const pageRun = page.replay();
    await vi.waitFor(() => expect(answerPage).toBeDefined());

    const { fetch } = fakeFetch(server);
    const drain = drainInBackground({ db, readCookies: cookieJar(TECH).read, fetch, locks });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).not.toHaveBeenCalled();

    answerPage!();
    expect(await pageRun).toMatchObject({ sent: 2 });
    expect(await drain).toMatchObject({ sent: 0, remaining: 0 });
    expect(fetch).not.toHaveBeenCalled();
    expect(server.received.map((call) => call.path)).toEqual(['/records/1', '/records/2']);
    expect(await getMeta(db, META_SENT_IN_BACKGROUND)).toBeUndefined();
  });

  it('a page that opens during the drain waits for it and sends nothing twice', async () => {
    const db = freshDb();
    await queueAsPage(db, TECH, threeChanges());
    const server = new FakeServer();
    const locks = fakeLockManager();
    let release: (() => void) | undefined;
    const slow = fakeFetch(server);
    const fetch = (async (...args: Parameters<typeof globalThis.fetch>) => {
      if (!release) await new Promise<void>((resolve) => (release = resolve));
      return slow.fetch(...args);
    }) as typeof globalThis.fetch;
    const drain = drainInBackground({ db, readCookies: cookieJar(TECH).read, fetch, locks });
    await vi.waitFor(() => expect(release).toBeDefined());

    const pageSends: string[] = [];
    const page = createOutbox({
      db,
      locks,
      currentUser: () => TECH,
      send: async (entry, files) => (pageSends.push(entry.path), server.handle(entry, files)),
    });
    const pageRun = page.replay({ force: true });
    release!();
    expect(await drain).toMatchObject({ sent: 3 });
    expect(await pageRun).toMatchObject({ sent: 0, remaining: 0 });
    expect(pageSends).toEqual([]);
    expect(server.received).toHaveLength(3);
  });

  it('signed out: sends nothing', async () => {
    const db = freshDb();
    await queueAsPage(db, TECH, threeChanges());
    const { fetch } = fakeFetch(new FakeServer());
    expect(await drainInBackground({ db, readCookies: cookieJar(undefined).read, fetch, locks: null })).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(3);
  });

  it('an expired token is no session: sends nothing', async () => {
    const db = freshDb();
    await queueAsPage(db, TECH, threeChanges());
    const { fetch } = fakeFetch(new FakeServer());
    const readCookies = () => Promise.resolve(new Map([[TOKEN_COOKIE, tokenOf(TECH, -60)]]));
    expect(await drainInBackground({ db, readCookies, fetch, locks: null })).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('another user signed in: their token never carries the author’s changes; the queue pauses as on the page', async () => {
    const db = freshDb();
    await queueAsPage(db, TECH, threeChanges());
    const { fetch } = fakeFetch(new FakeServer());
    const result = await drainInBackground({ db, readCookies: cookieJar(OTHER).read, fetch, locks: null });
    expect(result).toMatchObject({ sent: 0, stoppedBy: 'paused', remaining: 3 });
    expect(fetch).not.toHaveBeenCalled();
    expect(await getMeta(db, META_OUTBOX_PAUSE)).toBeDefined();
  });

  it('signed out during the drain: the calls after the sign-out do not go out', async () => {
    const db = freshDb();
    await queueAsPage(db, TECH, [renameRecord(1, 'a')]);
    await queueAsPage(db, TECH, [renameRecord(1, 'b')]);
    const server = new FakeServer();
    server.records.set(1, { id: 1, title: '', items: [], links: [], photos: [] });
    const cookies = cookieJar(TECH);
    const { fetch } = fakeFetch(server);
    const signingOut = (async (...args: Parameters<typeof globalThis.fetch>) => {
      const response = await fetch(...args);
      cookies.jar.token = undefined;
      return response;
    }) as typeof globalThis.fetch;
    const result = await drainInBackground({ db, readCookies: cookies.read, fetch: signingOut, locks: null });
    expect(result).toMatchObject({ sent: 1, stoppedBy: 'paused', remaining: 1 });
    expect(server.received).toHaveLength(1);
  });

  it('a queue paused by a 401 stays paused for the session that met it, and goes on under a new sign-in', async () => {
    const db = freshDb();
    await queueAsPage(db, TECH, [renameRecord(1, 'a')]);
    const server = new FakeServer();
    server.records.set(1, { id: 1, title: '', items: [], links: [], photos: [] });
    const { fetch } = fakeFetch(server);
    const expired = cookieJar(TECH);
    await db.meta.put({
      key: META_OUTBOX_PAUSE,
      value: { at: 0, error: { status: 401, message: 'expired' }, session: sessionTag(expired.jar.token!) },
    });
    expect(await drainInBackground({ db, readCookies: expired.read, fetch, locks: null })).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();

    const signedInAgain = cookieJar(TECH);
    signedInAgain.jar.token = tokenOf(TECH, 7200);
    expect(await drainInBackground({ db, readCookies: signedInAgain.read, fetch, locks: null })).toMatchObject({ sent: 1 });
    expect(await getMeta(db, META_OUTBOX_PAUSE)).toBeUndefined();
  });
});

describe('what was sent while the app was closed is told on the next open', () => {
  function pageOf(db: OfflineDb) {
    return createOutbox({ db, locks: null, send: async () => ({ status: 200, body: {} }) });
  }

  it('once, with the count, singular for one', async () => {
    const db = freshDb();
    const told: Notification[] = [];
    await db.meta.put({ key: META_SENT_IN_BACKGROUND, value: 3 });
    const stop = announceBackgroundSends(db, pageOf(db), { notify: (notification) => told.push(notification) });
    await vi.waitFor(() => expect(told).toHaveLength(1));
    expect(told[0]).toMatchObject({ level: 'success', title: '3 changes were sent while the app was closed' });
    stop();

    // Another tab, or the next open: already told.
    const again: Notification[] = [];
    announceBackgroundSends(db, pageOf(db), { notify: (notification) => again.push(notification) });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(again).toEqual([]);
    expect(await takeBackgroundSends(db)).toBe(0);

    await db.meta.put({ key: META_SENT_IN_BACKGROUND, value: 1 });
    const one: Notification[] = [];
    announceBackgroundSends(db, pageOf(db), { notify: (notification) => one.push(notification) });
    await vi.waitFor(() => expect(one).toHaveLength(1));
    expect(one[0]!.title).toBe('1 change was sent while the app was closed');
  });

  it('a page opened during the drain tells the rest after its replay, added up in one toast', async () => {
    const db = freshDb();
    const page = pageOf(db);
    const told: Notification[] = [];
    await db.meta.put({ key: META_SENT_IN_BACKGROUND, value: 2 });
    announceBackgroundSends(db, page, { notify: (notification) => told.push(notification) });
    await vi.waitFor(() => expect(told).toHaveLength(1));
    // The drain sent one more before it let go of the lock; the page's replay ran after it.
    await db.meta.put({ key: META_SENT_IN_BACKGROUND, value: 1 });
    await page.replay();
    await vi.waitFor(() => expect(told).toHaveLength(2));
    expect(told.map((notification) => notification.title)).toEqual([
      '2 changes were sent while the app was closed',
      '3 changes were sent while the app was closed',
    ]);
    expect(new Set(told.map((notification) => notification.id)).size).toBe(1);
  });

  it('nothing sent in the background: nothing told', async () => {
    const db = freshDb();
    const told: Notification[] = [];
    const page = pageOf(db);
    announceBackgroundSends(db, page, { notify: (notification) => told.push(notification) });
    await page.replay();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(told).toEqual([]);
  });
});
