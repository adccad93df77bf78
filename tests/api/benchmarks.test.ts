/**
 * Issue 22 §8: the benchmarks count only what they should and fail on a planted fault. The outbox replay
 * and the mixed-load checker run against the real app and database (both databases in CI); the load
 * generator against a bare server that answers 401 to every other request.
 */
import { randomUUID } from 'node:crypto';
import { serve } from '@hono/node-server';
import { eq, max, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BASES, IDEMPOTENCY_HEADER, paths, type WarrantyCard } from '../../src/contract';
import * as schema from '../../src/server/db/schema';
import { faultsOf, hammer, load, pastWorkDay, scratchPostgres } from '../bench/load';
import { verify, type VerifiedPlan, type WriteRecord } from '../bench/mixed-load';
import { benchOutboxReplay, type ReplayTarget } from '../bench/outbox-replay';
import { createTestContext, type TestContext } from './harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const pathOf = (at: { base: keyof typeof DEFAULT_BASES; path: string }) => `${DEFAULT_BASES[at.base]}${at.path}`;
const password = 'Demo#2026!';

describe('the outbox replay benchmark (tests/bench/outbox-replay.ts)', () => {
  /** The app in-process, behind the fetch the outbox sends through. */
  const target = (): ReplayTarget => ({
    url: 'http://bench.test',
    db: t.db,
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => t.app.request(String(input), init)) as typeof fetch,
  });
  /** What the benchmark prints, for the counts it reports. */
  const printed = () => vi.mocked(console.log).mock.calls.map((args) => args.join(' '));

  beforeAll(() => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
  });
  afterAll(() => vi.mocked(console.log).mockRestore());

  // A replay of a few requests through the real outbox: more than the default 30 s on a busy machine.
  const REPLAY_TIMEOUT_MS = 90_000;

  it(
    'passes when every queued call lands once, a quarter of the answers lost on the way back',
    async () => {
      await benchOutboxReplay(target(), password, { requests: 3, lossRates: [0.25] });
    },
    REPLAY_TIMEOUT_MS,
  );

  it(
    'fails as INCOMPLETE, and counts only the calls the server holds, when an entry is parked as failed',
    async () => {
      vi.mocked(console.log).mockClear();
      let refused = false;
      // The server never sees the first item: the outbox parks it (400), as it would a change the server refused, and
      // keeps the two items queued behind it on the same request.
      const refuseFirstItem = (network: typeof fetch) =>
        (async (input: RequestInfo | URL, init?: RequestInit) => {
          if (!refused && init?.method === 'POST' && String(input).endsWith('/items')) {
            refused = true;
            return Response.json({ message: 'Planted refusal.' }, { status: 400 });
          }
          return network(input, init);
        }) as typeof fetch;
      await expect(benchOutboxReplay(target(), password, { requests: 2, lossRates: [0], tamper: refuseFirstItem })).rejects.toThrow(
        /INCOMPLETE, 7\/10 calls held by the server, 3 entries left/,
      );
      expect(printed().find((line) => line.includes('in the database'))).toContain('7/10 calls');
    },
    REPLAY_TIMEOUT_MS,
  );

  it(
    'fails as DUPLICATES when a create reaches the server twice',
    async () => {
      // A client that sends each create once more under a fresh key: the server rightly makes two requests.
      const createTwice = (network: typeof fetch) =>
        (async (input: RequestInfo | URL, init?: RequestInit) => {
          if (String(input).includes('CreateServiceRequest')) {
            await network(input, {
              ...init,
              headers: { ...(init?.headers as Record<string, string>), [IDEMPOTENCY_HEADER]: randomUUID() },
            });
          }
          return network(input, init);
        }) as typeof fetch;
      await expect(benchOutboxReplay(target(), password, { requests: 3, lossRates: [0], tamper: createTwice })).rejects.toThrow(
        /DUPLICATES, 3 rows made twice/,
      );
    },
    REPLAY_TIMEOUT_MS,
  );
});

describe('the mixed-load checker (tests/bench/mixed-load.ts verify)', () => {
  const marker = `mixed-load test ${randomUUID().slice(0, 8)}`;
  const writes: WriteRecord[] = [];
  let plan: VerifiedPlan;
  let lastRequestBefore = 0;
  let requestId = 0;
  let card: WarrantyCard;
  let itemText = '';
  let supportText = '';

  /** A write as a bench client makes it (its own key), recorded as the client records a 2xx answer. */
  async function write(kind: WriteRecord['kind'], method: string, path: string, token: string, body: unknown, status: number) {
    const key = randomUUID();
    const answer = await t.call<Record<string, unknown>>(method, path, { token, body, idempotencyKey: key });
    expect(answer.status).toBe(status);
    const record: WriteRecord = { kind, key, status };
    writes.push(record);
    return { answer, record };
  }

  beforeAll(async () => {
    const token = await t.login('service');
    const [{ last } = { last: 0 }] = await t.db.select({ last: max(schema.serviceRequests.id) }).from(schema.serviceRequests);
    lastRequestBefore = last ?? 0;
    const [home] = await t.db
      .select({ id: schema.homes.id, plantNumber: schema.homes.plantNumber, serialNumber: schema.homes.serialNumber })
      .from(schema.homes)
      .where(eq(schema.homes.retailerNumber, '4217'))
      .orderBy(schema.homes.id)
      .limit(1);
    const query = new URLSearchParams({ plantNumber: home!.plantNumber, longSerialNumber: home!.serialNumber, assetId: String(home!.id) });
    const created = await write('create request', 'POST', `${pathOf(paths.createServiceRequest)}?${query}`, token, undefined, 201);
    requestId = created.answer.body.serviceRequestId as number;
    created.record.id = requestId;
    const shared = { id: requestId, rowVersion: created.answer.body.rowVersion as number };

    itemText = `${marker} item`;
    const item = {
      problemDescription: itemText,
      determinedCause: 'Loose fitting',
      actionTaken: 'Tightened',
      partsCost: 4.5,
      laborHours: 0.25,
      isTwoMan: false,
    };
    Object.assign((await write('add item', 'POST', pathOf(paths.serviceItems(requestId)), token, item, 201)).record, {
      id: requestId,
      text: itemText,
    });

    const today = pastWorkDay();
    const information = {
      requestType: 'S',
      caseSubject: `${marker} visit`,
      caseDescription: 'Punch list',
      technician: 'Bench',
      startDate: today,
      endDate: today,
      performedDate: today,
      tripTime: 1.5,
      mileage: 24,
      rowVersion: shared.rowVersion,
    };
    (await write('update info', 'PUT', pathOf(paths.serviceRequest(requestId)), token, information, 200)).record.id = requestId;

    supportText = `${marker} support`;
    const message = { name: 'Bench', phone: '', priority: 'Normal', type: 'Question', message: supportText };
    const sent = await write('support message', 'POST', pathOf(paths.support), token, message, 201);
    Object.assign(sent.record, { id: sent.answer.body.id as number, text: supportText });

    const [cardRow] = await t.db
      .select({ homeId: schema.warrantyCards.homeId })
      .from(schema.warrantyCards)
      .innerJoin(schema.homes, eq(schema.homes.id, schema.warrantyCards.homeId))
      .where(sql`${schema.homes.retailerNumber} = '4217' and ${schema.warrantyCards.statusCode} = 'A'`)
      .limit(1);
    card = (await t.call<WarrantyCard>('GET', pathOf(paths.assetWarranty(cardRow!.homeId)), { token })).body;
    const edited = await write('warranty edit', 'PUT', pathOf(paths.warranty), token, { ...card, firstName: 'Bench' }, 200);
    edited.record.id = card.vantageWarrantyId;

    plan = { marker, clients: [{ shared: [shared], cards: [card], leads: [] }] };
  });

  const check = () => verify(t.db, writes, plan, lastRequestBefore);
  /** Moves a record's rowVersion by `by`, as a write applied once more (or undone) would, for the duration of `body`. */
  async function withVersionMoved(
    table: typeof schema.serviceRequests | typeof schema.warrantyCards,
    id: number,
    by: number,
    body: () => Promise<void>,
  ) {
    await t.db
      .update(table)
      .set({ rowVersion: sql`${table.rowVersion} + ${by}` })
      .where(eq(table.id, id));
    try {
      await body();
    } finally {
      await t.db
        .update(table)
        .set({ rowVersion: sql`${table.rowVersion} - ${by}` })
        .where(eq(table.id, id));
    }
  }

  it('finds every answered write once on an honest run', async () => {
    expect(await check()).toEqual({ lost: [], doubled: [] });
  });

  it('reports a lost item and a doubled support message', async () => {
    const [item] = await t.db.delete(schema.serviceItems).where(eq(schema.serviceItems.problemDescription, itemText)).returning();
    const [message] = await t.db.select().from(schema.supportMessages).where(eq(schema.supportMessages.message, supportText));
    const { id: _id, ...copy } = message!;
    const [doubled] = await t.db.insert(schema.supportMessages).values(copy).returning({ id: schema.supportMessages.id });
    try {
      const verdict = await check();
      expect(verdict.lost).toEqual([expect.stringMatching(/^add item /)]);
      expect(verdict.doubled).toEqual([expect.stringMatching(/^support message .* ×2$/)]);
    } finally {
      await t.db.insert(schema.serviceItems).values(item!);
      await t.db.delete(schema.supportMessages).where(eq(schema.supportMessages.id, doubled!.id));
    }
  });

  it('reports a service request update applied twice, and one lost', async () => {
    await withVersionMoved(schema.serviceRequests, requestId, 1, async () => {
      expect(await check()).toEqual({ lost: [], doubled: [`update info of ${requestId}: 1 answered 200, version gained 2`] });
    });
    await withVersionMoved(schema.serviceRequests, requestId, -1, async () => {
      expect(await check()).toEqual({ lost: [`update info of ${requestId}: 1 answered 200, version gained 0`], doubled: [] });
    });
  });

  it('reports a warranty edit applied twice, and one lost', async () => {
    const id = card.vantageWarrantyId;
    await withVersionMoved(schema.warrantyCards, id, 1, async () => {
      expect(await check()).toEqual({ lost: [], doubled: [`warranty edit of ${id}: 1 answered 200, version gained 2`] });
    });
    await withVersionMoved(schema.warrantyCards, id, -1, async () => {
      expect(await check()).toEqual({ lost: [`warranty edit of ${id}: 1 answered 200, version gained 0`], doubled: [] });
    });
  });
});

describe('the load generators (tests/bench/load.ts)', () => {
  it('counts as throughput only the answers with the expected status, and names the measurement that got others', async () => {
    let answered = 0;
    const flaky = new Hono().get('/', (c) => (answered++ % 2 === 0 ? c.text('hello') : c.text('no', 401)));
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const listening = serve({ fetch: flaky.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(listening));
    });
    const { port } = server.address() as { port: number };
    try {
      const figures = await hammer(
        'half 401',
        { url: `http://127.0.0.1:${port}/` },
        { connections: 2, durationSeconds: 1, warmUpPerConnection: 0 },
      );
      expect(figures.statuses['401']).toBeGreaterThan(0);
      expect(figures.perSecond * figures.seconds).toBeCloseTo(figures.statuses['200']!, 6);
      expect(faultsOf([figures])).toEqual([`half 401: ${figures.statuses['401']} unexpected answers, 0 errors`]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('fails a request answered other than expected (a 200 where a revalidation expects 304)', async () => {
    const figures = await load(async () => new Response('{}', { status: 200 }), { total: 6, concurrency: 2, expectStatus: 304 });
    expect(figures.failures).toBe(6);
    expect(figures.perSecond).toBe(0);
  });

  it('stops, saying why, when there is no PostgreSQL for the half of a benchmark that needs one', async () => {
    vi.stubEnv('BENCH_DATABASE_URL', '');
    try {
      await expect(scratchPostgres('scripts/no-such-script.sh')).rejects.toThrow(/^no PostgreSQL: set BENCH_DATABASE_URL/);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
