import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { and, count, eq } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import type { CmhUser } from '../../src/contract';
import { createApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import { idempotencyKeys, logMessages, supportMessages } from '../../src/server/db/schema';
import { runIdempotent } from '../../src/server/http/idempotency';
import { route } from '../../src/server/http/route';
import { allRoutes } from '../../src/server/routes';
import { callerFor, createTestContext, type TestContext } from './harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const support = {
  name: 'Sam Rivera',
  phone: '(865) 555-0142',
  priority: 'High',
  type: 'Problem',
  message: 'The parts order screen shows no items.',
};

/**
 * An app over the test database that counts its statements as they are sent (drizzle's query log), and among them its
 * tries of an Idempotency-Key's lock. A request that claims its key takes the lock at its first try; one that finds the
 * key held by a running request tries, waits, and tries again.
 */
function appCountingStatements(routes = allRoutes) {
  let statements = 0;
  let lockTries = 0;
  const logger = {
    logQuery: (query: string) => {
      statements++;
      if (/\bpg_try_advisory_xact_lock\b/.test(query)) lockTries++;
    },
  };
  const client = (t.db as unknown as { $client: unknown }).$client;
  const db = (t.kind === 'pglite'
    ? drizzlePglite({ client: client as PGlite, schema, logger })
    : drizzleNodePg({ client: client as pg.Pool, schema, logger })) as unknown as Database;
  return { call: callerFor(createApp({ db, config: t.config, routes })), statements: () => statements, lockTries: () => lockTries };
}

async function supportRows(message: string) {
  const [row] = await t.db.select({ n: count() }).from(supportMessages).where(eq(supportMessages.message, message));
  return row?.n ?? 0;
}

describe('Idempotency-Key', () => {
  it('answers a repeat with the stored response and does the write once', async () => {
    const token = await t.login('service');
    const key = randomUUID();
    const body = { ...support, message: `repeat ${key}` };
    const first = await t.call('POST', '/api/Support', { token, body, idempotencyKey: key });
    const again = await t.call('POST', '/api/Support', { token, body, idempotencyKey: key });
    const differentCase = await t.call('POST', '/API/support/', { token, body, idempotencyKey: key });

    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    for (const repeat of [again, differentCase]) {
      expect(repeat.status).toBe(201);
      expect(repeat.body).toEqual(first.body);
      expect(repeat.headers.get('idempotent-replayed')).toBe('true');
      expect(repeat.headers.get('content-type')).toContain('application/json');
    }
    expect(await supportRows(body.message)).toBe(1);
  });

  it('refuses an authenticated write without the header, writing nothing', async () => {
    const token = await t.login('service');
    const body = { ...support, message: `no key ${randomUUID()}` };
    const result = await t.call('POST', '/api/Support', { token, body, idempotencyKey: null });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ message: 'Idempotency-Key header is required.' });
    expect(await supportRows(body.message)).toBe(0);
  });

  it('refuses a key that is blank or too long', async () => {
    const token = await t.login('service');
    for (const key of ['', 'x'.repeat(201)]) {
      const result = await t.call('POST', '/api/Support', { token, body: support, idempotencyKey: key });
      expect(result.status).toBe(400);
    }
  });

  it('answers 422 when a key is reused for another method or path, and leaves the first answer in place', async () => {
    const token = await t.login('service');
    const key = randomUUID();
    const body = { ...support, message: `reuse ${key}` };
    expect((await t.call('POST', '/api/Support', { token, body, idempotencyKey: key })).status).toBe(201);
    const otherPath = await t.call('POST', '/api/api/Logger', { token, body: { format: 'info', message: 'hello' }, idempotencyKey: key });
    expect(otherPath.status).toBe(422);
    expect(otherPath.body).toEqual({ message: 'This Idempotency-Key was already used for a different request.' });
    const [logged] = await t.db.select({ n: count() }).from(logMessages).where(eq(logMessages.message, 'hello'));
    expect(logged?.n).toBe(0);
    expect((await t.call('POST', '/api/Support', { token, body, idempotencyKey: key })).headers.get('idempotent-replayed')).toBe('true');
  });

  it('keeps keys per user: another user with the same key gets their own write', async () => {
    const key = randomUUID();
    const body = { ...support, message: `per user ${key}` };
    const service = await t.call('POST', '/api/Support', { token: await t.login('service'), body, idempotencyKey: key });
    const viewer = await t.call('POST', '/api/Support', { token: await t.login('viewer'), body, idempotencyKey: key });
    expect(service.status).toBe(201);
    expect(viewer.status).toBe(201);
    expect(viewer.body).not.toEqual(service.body);
    expect(await supportRows(body.message)).toBe(2);
  });

  it('does not keep an error answer: the same key runs again once the request is fixed', async () => {
    const token = await t.login('sales');
    const profile = await t.call<CmhUser>('GET', '/auth/api/Account/User', { token });
    const key = randomUUID();
    const stale = await t.call('PUT', '/api/Account', {
      token,
      idempotencyKey: key,
      body: { firstName: 'Skyler', lastName: 'Patel', rowVersion: profile.body.rowVersion + 7 },
    });
    expect(stale.status).toBe(409);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0);

    const fixed = await t.call<CmhUser>('PUT', '/api/Account', {
      token,
      idempotencyKey: key,
      body: { firstName: 'Skyler', lastName: 'Patel', rowVersion: profile.body.rowVersion },
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body.firstName).toBe('Skyler');
    const [stored] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(stored).toMatchObject({ state: 'done', responseStatus: 200, method: 'PUT', path: '/api/account' });
  });

  it('keys anonymous writes (a log call before sign-in) apart from every user', async () => {
    const key = randomUUID();
    const body = { format: 'error', message: `anonymous ${key}`, exception: 'TypeError: x is undefined' };
    const first = await t.call('POST', '/api/api/Logger', { body, idempotencyKey: key });
    const again = await t.call('POST', '/api/api/Logger', { body, idempotencyKey: key });
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const rows = await t.db.select().from(logMessages).where(eq(logMessages.message, body.message));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.userId).toBeNull();
  });

  it('takes over at once a claim left running by a claimant that is gone (it holds no lock), and runs once', async () => {
    // What a process killed in the middle of a write left behind before claims moved into the write's transaction
    // (an embedded server's last run, or a dead instance on PostgreSQL): fresh, yet nobody runs it.
    const key = randomUUID();
    const token = await t.login('service');
    const profile = await t.call<CmhUser>('GET', '/auth/api/Account/User', { token });
    await t.db.insert(idempotencyKeys).values({
      userId: profile.body.cmhUserId,
      key,
      method: 'POST',
      path: '/api/support',
      state: 'running',
      claim: 'killed-process',
      startedAt: new Date(),
    });
    const body = { ...support, message: `after a crash ${key}` };
    const { call, lockTries } = appCountingStatements();
    const result = await call('POST', '/api/Support', { token, body, idempotencyKey: key });
    expect(result.status).toBe(201);
    // It took the key's lock at its first try and claimed it: not the wait (up to 30 s, then 503) on a key whose
    // claimant may still be running, nor a 2-minute abandonment rule.
    expect(lockTries()).toBe(1);
    expect(await supportRows(body.message)).toBe(1);
    const [stored] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(stored).toMatchObject({ state: 'done', responseStatus: 201 });
    expect(stored?.claim).not.toBe('killed-process');
  });

  describe('a repeat while the first request is still running', () => {
    let release: () => void = () => {};
    let entered: () => void = () => {};
    let runs = 0;
    const probe = route({
      method: 'POST',
      endpoint: { base: 'api', path: '/test/slow-write' },
      body: v.object({ message: v.string() }),
      handle: async ({ c, db, session, body }) => {
        runs++;
        entered();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        const [row] = await db
          .insert(logMessages)
          .values({ format: 'info', message: body.message, userId: session.user.cmhUserId })
          .returning({ id: logMessages.id });
        return c.json({ id: row!.id, run: runs }, 201);
      },
    });

    it('waits for it and answers the same stored response, having run the handler once', async () => {
      const { call, statements, lockTries } = appCountingStatements([...allRoutes, probe]);
      const token = await t.login('service');
      const key = randomUUID();
      const message = `slow ${key}`;
      const hasEntered = new Promise<void>((resolve) => {
        entered = resolve;
      });

      const first = call('POST', '/api/test/slow-write', { token, body: { message }, idempotencyKey: key });
      await hasEntered;
      const sentBefore = statements();
      const repeat = call('POST', '/api/test/slow-write', { token, body: { message }, idempotencyKey: key });
      // The repeat is in while the first one runs. On PostgreSQL it has found the key's lock held and tried again: it
      // waits. PGlite has one connection, which the first one's transaction holds: the repeat's first statement waits.
      try {
        await vi.waitFor(
          () => (t.kind === 'postgres' ? expect(lockTries()).toBeGreaterThanOrEqual(3) : expect(statements()).toBeGreaterThan(sentBefore)),
          { timeout: 10_000 },
        );
      } finally {
        release();
      }
      const [firstResult, repeatResult] = await Promise.all([first, repeat]);

      expect(firstResult.status).toBe(201);
      expect(repeatResult.status).toBe(201);
      expect(repeatResult.body).toEqual(firstResult.body);
      expect(repeatResult.headers.get('idempotent-replayed')).toBe('true');
      expect(runs).toBe(1);
      const rows = await t.db
        .select()
        .from(logMessages)
        .where(and(eq(logMessages.message, message)));
      expect(rows).toHaveLength(1);
    });
  });
});

describe('Idempotency-Key: a write that fails or loses its key', () => {
  let runs = 0;
  let onRun: (tx: Database, run: number) => Promise<void> = async () => {};
  const probe = route({
    method: 'POST',
    endpoint: { base: 'api', path: '/test/probe-write' },
    body: v.object({ message: v.string() }),
    handle: async ({ c, db, session, body }) => {
      const run = ++runs;
      const [row] = await db
        .insert(logMessages)
        .values({ format: 'info', message: body.message, userId: session.user.cmhUserId })
        .returning({ id: logMessages.id });
      await onRun(db, run);
      return c.json({ id: row!.id, run }, 201);
    },
  });
  const unexpected: unknown[] = [];
  let call: ReturnType<typeof callerFor>;
  beforeAll(() => {
    call = callerFor(
      createApp({ db: t.db, config: { ...t.config, reportError: (error) => unexpected.push(error) }, routes: [...allRoutes, probe] }),
    );
  });

  const messageRows = (message: string) => t.db.select().from(logMessages).where(eq(logMessages.message, message));
  const keyRows = (key: string) => t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));

  it('rolls the write back when its claim was taken over by another instance meanwhile, and answers the one that counts', async () => {
    const token = await t.login('service');
    const key = randomUUID();
    const message = `claim lost ${key}`;
    const firstRunIds: number[] = [];
    runs = 0;
    onRun = async (tx, run) => {
      if (run !== 1) return;
      // Another instance's take-over, as it lands in the middle of this write: the key is no longer this claim's.
      const [mine] = await tx.select({ id: logMessages.id }).from(logMessages).where(eq(logMessages.message, message));
      firstRunIds.push(mine!.id);
      await tx.update(idempotencyKeys).set({ claim: 'another-instance' }).where(eq(idempotencyKeys.key, key));
    };
    const result = await call<{ id: number; run: number }>('POST', '/api/test/probe-write', {
      token,
      body: { message },
      idempotencyKey: key,
    });
    onRun = async () => {};

    expect(result.status).toBe(201);
    expect(result.body.run).toBe(2);
    const rows = await messageRows(message);
    // The first run's row is gone with its transaction; only the run whose answer is stored wrote.
    expect(rows.map((row) => row.id)).toEqual([result.body.id]);
    expect(rows.map((row) => row.id)).not.toContain(firstRunIds[0]);
    expect(await keyRows(key)).toMatchObject([{ state: 'done', responseStatus: 201 }]);
  });

  it('releases the key of a handler that throws: nothing of it is kept, and a retry with the same key runs', async () => {
    const token = await t.login('service');
    const key = randomUUID();
    const message = `thrown ${key}`;
    runs = 0;
    onRun = async (_tx, run) => {
      if (run === 1) throw new Error('the handler failed half-way');
    };
    unexpected.length = 0;
    const failed = await call('POST', '/api/test/probe-write', { token, body: { message }, idempotencyKey: key });
    expect(failed.status).toBe(500);
    expect(unexpected).toHaveLength(1);
    expect(await keyRows(key)).toEqual([]);
    expect(await messageRows(message)).toEqual([]);

    const retry = await call<{ id: number; run: number }>('POST', '/api/test/probe-write', {
      token,
      body: { message },
      idempotencyKey: key,
    });
    onRun = async () => {};
    expect(retry.status).toBe(201);
    expect(retry.body.run).toBe(2);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect((await messageRows(message)).map((row) => row.id)).toEqual([retry.body.id]);
  });

  // On PGlite a repeat waits in line behind the first request's transaction (one at a time), so a key is never found busy.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'answers 503 with Retry-After to a repeat that waited its limit while another request still holds the key',
    async () => {
      const request = { userId: null, key: randomUUID(), method: 'POST', path: '/api/test/busy' };
      let release = () => {};
      let entered = () => {};
      const hasEntered = new Promise<void>((resolve) => (entered = resolve));
      const first = runIdempotent(t.db, request, async () => {
        entered();
        await new Promise<void>((resolve) => (release = resolve));
        return Response.json({ first: true }, { status: 201 });
      });
      await hasEntered;
      let repeatRan = false;
      const busy = await runIdempotent(
        t.db,
        request,
        async () => {
          repeatRan = true;
          return Response.json({ repeat: true }, { status: 201 });
        },
        { waitLimitMs: 300 },
      );
      release();
      expect(busy.status).toBe(503);
      expect(busy.headers.get('retry-after')).toBe('2');
      expect(await busy.json()).toEqual({ message: 'A request with this Idempotency-Key is still being processed. Try again shortly.' });
      expect(repeatRan).toBe(false);
      expect((await first).status).toBe(201);
      const later = await runIdempotent(t.db, request, () => Promise.reject(new Error('must not run again')));
      expect(later.headers.get('idempotent-replayed')).toBe('true');
      expect(await later.json()).toEqual({ first: true });
    },
  );
});
