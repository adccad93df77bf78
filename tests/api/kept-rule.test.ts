import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PartsOrderSummary, type ServiceRequestSummary, type SyncPage } from '../../src/contract';
import { isKeptRecord, KEEP_CLOSED_DAYS, keptSince } from '../../src/contract/kept-lists';
import { addDaysToDay } from '../../src/contract/days';
import { businessDay, DEFAULT_ORG_TIME_ZONE } from '../../src/contract/time-zones';
import { partsOrders, serviceRequests } from '../../src/server/db/schema';
import { CLOSED_STATUSES } from '../../src/contract';
import { createTestContext, type TestContext } from './harness';

/*
 * Issue 31 §2: what a device keeps of the work orders and parts orders. Its first download holds the open ones and the
 * closed ones changed in the last KEEP_CLOSED_DAYS; a change of a row outside the rule reaches it as removed; a closed
 * row changed again comes back. changed_on is the day of the last change (migration 0023).
 */

let t: TestContext;
let token: string;
const today = () => businessDay(DEFAULT_ORG_TIME_ZONE);

beforeAll(async () => {
  t = await createTestContext();
  token = await t.login('service');
});
afterAll(() => t.close());

async function page<Row>(path: string, since: string, limit = 10_000) {
  const result = await t.call<SyncPage<Row>>('GET', path, { token, query: { since, limit: String(limit) } });
  expect(result.status).toBe(200);
  return result.body;
}

async function download<Row>(path: string, key: (row: Row) => number, limit: number) {
  const rows = new Map<number, Row>();
  let cursor = '0';
  let total: number | undefined;
  let pages = 0;
  let removed = 0;
  for (;;) {
    const next = await page<Row>(path, cursor, limit);
    total ??= next.total;
    pages += 1;
    removed += next.removed.length;
    for (const row of next.items) rows.set(key(row), row);
    cursor = next.cursor;
    if (!next.more) return { rows, cursor, total, pages, removed };
  }
}

/** The service user's retail center (demo 'service'). */
async function retailerOf(): Promise<string> {
  const profile = await t.call<{ currentRetailer: { retailerNumber: string } }>('GET', '/auth/api/Account/User', { token });
  return profile.body.currentRetailer.retailerNumber;
}

describe('the kept work orders', () => {
  it('a first download holds exactly the open ones and the closed ones changed in the rule’s window', async () => {
    const retailer = await retailerOf();
    const { rows, total, pages, removed } = await download<ServiceRequestSummary>('/api/service', (row) => row.serviceRequestId, 50);
    const expected = await t.db
      .select({ id: serviceRequests.id })
      .from(serviceRequests)
      .where(
        and(
          eq(serviceRequests.retailerNumber, retailer),
          sql`(${notInArray(serviceRequests.status, [...CLOSED_STATUSES])} or ${serviceRequests.changedOn} >= ${keptSince(today())}::date)`,
        ),
      );
    const [all] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(serviceRequests)
      .where(eq(serviceRequests.retailerNumber, retailer));
    expect(new Set(rows.keys())).toEqual(new Set(expected.map((row) => row.id)));
    expect(total).toBe(expected.length);
    // Every page of the download reads kept rows only: no page of rows that are not kept, sent as removed.
    expect(pages).toBe(Math.floor(expected.length / 50) + 1);
    expect(removed).toBe(0);
    // In two parts (sync/delta.ts): every open one, then the closed ones.
    const closedFrom = [...rows.values()].findIndex((row) => row.isClosed);
    expect(closedFrom).toBeGreaterThan(0);
    expect([...rows.values()].slice(closedFrom).every((row) => row.isClosed)).toBe(true);
    // The seed spreads closed work orders over two years: the rule leaves most of them on the server.
    expect(rows.size).toBeLessThan(all!.n);
    for (const row of rows.values()) expect(isKeptRecord(row, today())).toBe(true);
    // The plain list (the spec's GET) still answers every one.
    const plain = await t.call<ServiceRequestSummary[]>('GET', '/api/service', { token });
    expect(plain.body).toHaveLength(all!.n);
  });

  it('a closed work order touched without a change leaves the device; changed again, it comes back', async () => {
    const { rows, cursor } = await download<ServiceRequestSummary>('/api/service', (row) => row.serviceRequestId, 10_000);
    const kept = [...rows.values()].find((row) => row.isClosed);
    expect(kept, 'the seed keeps a closed work order changed lately').toBeDefined();
    const id = kept!.serviceRequestId;

    // It ages out: its last change is now a day older than the rule keeps. A re-stamp for sync (a rename) is no change.
    const aged = addDaysToDay(today(), -KEEP_CLOSED_DAYS - 1);
    await t.db.execute(sql`alter table service_requests disable trigger service_requests_changed_on`);
    await t.db.update(serviceRequests).set({ changedOn: aged }).where(eq(serviceRequests.id, id));
    await t.db.execute(sql`alter table service_requests enable trigger service_requests_changed_on`);
    await t.db.update(serviceRequests).set({ syncXid: 0 }).where(eq(serviceRequests.id, id));
    const [row] = await t.db.select({ changedOn: serviceRequests.changedOn }).from(serviceRequests).where(eq(serviceRequests.id, id));
    expect(row!.changedOn).toBe(aged);
    const gone = await page<ServiceRequestSummary>('/api/service', cursor);
    expect(gone.removed).toContain(id);
    expect(gone.items.map((item) => item.serviceRequestId)).not.toContain(id);

    // A change (row_version moves) makes its day today: back on the device.
    await t.db
      .update(serviceRequests)
      .set({ technician: 'Back again', rowVersion: sql`${serviceRequests.rowVersion} + 1` })
      .where(eq(serviceRequests.id, id));
    const back = await page<ServiceRequestSummary>('/api/service', gone.cursor);
    const item = back.items.find((candidate) => candidate.serviceRequestId === id);
    expect(item).toMatchObject({ technician: 'Back again', changedOn: today(), isClosed: true });
  });

  it('a row is changed the day it is made, or the last day its imported dates tell', async () => {
    const [source] = await t.db
      .select()
      .from(serviceRequests)
      .where(inArray(serviceRequests.status, [...CLOSED_STATUSES]))
      .limit(1);
    const { id: _id, vantageWorkOrderId: _w, changedOn: _c, syncXid: _x, createdAt: _a, updatedAt: _u, ...copy } = source!;
    const [made] = await t.db
      .insert(serviceRequests)
      .values({ ...copy, requestDate: '2019-03-01', startDate: '2019-03-04', endDate: '2019-03-09', performedDate: null })
      .returning({ changedOn: serviceRequests.changedOn });
    expect(made!.changedOn).toBe('2019-03-09');
    const [undated] = await t.db
      .insert(serviceRequests)
      .values({ ...copy, requestDate: null, startDate: null, endDate: null, performedDate: null })
      .returning({ changedOn: serviceRequests.changedOn });
    // The organisation's business day, not the database's UTC day (migration 0030).
    expect(undated!.changedOn).toBe(today());
  });
});

describe('the kept parts orders', () => {
  it('a first download holds the open ones and the closed ones changed in the window', async () => {
    const retailer = await retailerOf();
    const { rows } = await download<PartsOrderSummary>('/api/parts', (row) => row.partsOrderId, 500);
    const expected = await t.db
      .select({ id: partsOrders.id })
      .from(partsOrders)
      .where(
        and(
          eq(partsOrders.retailerNumber, retailer),
          sql`(not ${partsOrders.isClosed} or ${partsOrders.changedOn} >= ${keptSince(today())}::date)`,
        ),
      );
    expect(new Set(rows.keys())).toEqual(new Set(expected.map((row) => row.id)));
    for (const row of rows.values()) expect(isKeptRecord(row, today())).toBe(true);
  });
});

describe('a download from nothing under way', () => {
  it('a row that leaves the rule between its pages comes as removed; one changed into it comes', async () => {
    const first = await page<ServiceRequestSummary>('/api/service', '0', 5);
    expect(first.more).toBe(true);
    const delivered = first.items.find((row) => row.isClosed) ?? first.items[0]!;
    // Between two pages: a delivered row closes and ages out (a re-stamp moves it past the download's start).
    await t.db.execute(sql`alter table service_requests disable trigger service_requests_changed_on`);
    await t.db
      .update(serviceRequests)
      .set({ status: 'X', changedOn: addDaysToDay(today(), -KEEP_CLOSED_DAYS - 5) })
      .where(eq(serviceRequests.id, delivered.serviceRequestId));
    await t.db.execute(sql`alter table service_requests enable trigger service_requests_changed_on`);
    let cursor = first.cursor;
    const removed: number[] = [];
    for (;;) {
      const next = await page<ServiceRequestSummary>('/api/service', cursor, 200);
      removed.push(...next.removed);
      expect(next.items.map((row) => row.serviceRequestId)).not.toContain(delivered.serviceRequestId);
      cursor = next.cursor;
      if (!next.more) break;
    }
    expect(removed).toEqual([delivered.serviceRequestId]);
  });
});
