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
import { releaseClaimsOfEndedProcess } from '../../src/server/http/idempotency';
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
 * reads of the Idempotency-Key store. A request that claims its key reads none; one that finds the key running reads
 * it, waits, and reads it again.
 */
function appCountingStatements(routes = allRoutes) {
  let statements = 0;
  let keyReads = 0;
  const logger = {
    logQuery: (query: string) => {
      statements++;
      if (/^select\b[\s\S]*\bfrom "idempotency_keys"/i.test(query)) keyReads++;
    },
  };
  const client = (t.db as unknown as { $client: unknown }).$client;
  const db = (t.kind === 'pglite'
    ? drizzlePglite({ client: client as PGlite, schema, logger })
    : drizzleNodePg({ client: client as pg.Pool, schema, logger })) as unknown as Database;
  return { call: callerFor(createApp({ db, config: t.config, routes })), statements: () => statements, keyReads: () => keyReads };
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

  describe('a key claimed by another instance', () => {
    async function claimElsewhere(key: string, startedAt: Date) {
      const token = await t.login('service');
      const profile = await t.call<CmhUser>('GET', '/auth/api/Account/User', { token });
      const [row] = await t.db
        .insert(idempotencyKeys)
        .values({
          userId: profile.body.cmhUserId,
          key,
          method: 'POST',
          path: '/api/support',
          state: 'running',
          claim: 'other-instance',
          startedAt,
        })
        .returning();
      return { token, row: row! };
    }

    it('waits while it runs there and then answers the response stored there', async () => {
      const key = randomUUID();
      const { token, row } = await claimElsewhere(key, new Date());
      const body = { ...support, message: `elsewhere ${key}` };
      const { call, keyReads } = appCountingStatements();
      const repeat = call('POST', '/api/Support', { token, body, idempotencyKey: key });
      // A second look at the key: the first one found it running, and the repeat waited.
      await vi.waitFor(() => expect(keyReads()).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
      await t.db
        .update(idempotencyKeys)
        .set({
          state: 'done',
          responseStatus: 201,
          responseContentType: 'application/json',
          responseBody: '{"id":4242}',
          completedAt: new Date(),
        })
        .where(eq(idempotencyKeys.id, row.id));
      const result = await repeat;
      expect(result.status).toBe(201);
      expect(result.body).toEqual({ id: 4242 });
      expect(await supportRows(body.message)).toBe(0);
    });

    it('takes over a claim abandoned minutes ago (its request died before committing) and runs once', async () => {
      const key = randomUUID();
      const { token } = await claimElsewhere(key, new Date(Date.now() - 10 * 60_000));
      const body = { ...support, message: `abandoned ${key}` };
      const result = await t.call('POST', '/api/Support', { token, body, idempotencyKey: key });
      expect(result.status).toBe(201);
      expect(await supportRows(body.message)).toBe(1);
      const [stored] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
      expect(stored).toMatchObject({ state: 'done', responseStatus: 201 });
      expect(stored?.claim).not.toBe('other-instance');
    });
  });

  it('an embedded server releases at start the claims its ended process left running: the retry runs at once, once', async () => {
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
    expect(await releaseClaimsOfEndedProcess(t.db)).toBe(1);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
    const body = { ...support, message: `after a crash ${key}` };
    const { call, keyReads } = appCountingStatements();
    const result = await call('POST', '/api/Support', { token, body, idempotencyKey: key });
    expect(result.status).toBe(201);
    // It claimed the key at once: not the wait (up to 30 s, then 503) on a claim that may still be running elsewhere.
    expect(keyReads()).toBe(0);
    expect(await supportRows(body.message)).toBe(1);
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
      const { call, statements, keyReads } = appCountingStatements([...allRoutes, probe]);
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
      // The repeat is in while the first one runs. On PostgreSQL it has found the key running and looked again: it
      // waits. PGlite has one connection, which the first one's transaction holds: the repeat's first statement waits.
      try {
        await vi.waitFor(
          () => (t.kind === 'postgres' ? expect(keyReads()).toBeGreaterThanOrEqual(2) : expect(statements()).toBeGreaterThan(sentBefore)),
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
