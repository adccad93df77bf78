import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSED_STATUSES, type ServiceRequestSummary, type SyncPage, type WarrantyCard } from '../../src/contract';
import { cardRuleSubject, isKeptRecord, keptSince, type KeptListCaps } from '../../src/contract/kept-lists';
import { businessDay, DEFAULT_ORG_TIME_ZONE } from '../../src/contract/time-zones';
import { createApp } from '../../src/server/app';
import { serviceRequests, warrantyCards } from '../../src/server/db/schema';
import { callerFor, createTestContext, type TestContext } from './harness';

/*
 * Issue 31 §2: the warranty cards a device keeps (the homes and cards its kept work orders touch), and the cap that
 * keeps a user who sees every plant within the device budget (contract/kept-lists.ts KEPT_LIST_CAPS). A card is "open"
 * while its home has an open work order, and changes with each change of its home's work orders (migration 0027).
 */

let t: TestContext;
let token: string;
const today = () => businessDay(DEFAULT_ORG_TIME_ZONE);
const openStatus = sql.raw(`(${CLOSED_STATUSES.map((status) => `'${status}'`).join(', ')})`);

beforeAll(async () => {
  t = await createTestContext();
  token = await t.login('service');
});
afterAll(() => t.close());

type Call = TestContext['call'];

async function download<Row>(call: Call, path: string, key: (row: Row) => number, since = '0') {
  const rows = new Map<number, Row>();
  const pages: SyncPage<Row>[] = [];
  let cursor = since;
  for (;;) {
    const result = await call<SyncPage<Row>>('GET', path, { token, query: { since: cursor, limit: '40' } });
    expect(result.status).toBe(200);
    pages.push(result.body);
    for (const row of result.body.items) rows.set(key(row), row);
    cursor = result.body.cursor;
    if (!result.body.more) return { rows, cursor, pages };
  }
}
const cardKey = (card: WarrantyCard) => card.vantageWarrantyId;
const requestKey = (row: ServiceRequestSummary) => row.serviceRequestId;

async function retailerOf(): Promise<string> {
  const profile = await t.call<{ currentRetailer: { retailerNumber: string } }>('GET', '/auth/api/Account/User', { token });
  return profile.body.currentRetailer.retailerNumber;
}

/** A copy of one of the seed's work orders for `homeId`, inserted as a new one (the triggers give it its day). */
async function newWorkOrderFor(homeId: number, retailer: string) {
  const [model] = await t.db.select().from(serviceRequests).where(eq(serviceRequests.retailerNumber, retailer)).limit(1);
  const { id: _id, vantageWorkOrderId: _w, changedOn: _c, syncXid: _x, createdAt: _a, updatedAt: _u, ...copy } = model!;
  const [made] = await t.db
    .insert(serviceRequests)
    .values({ ...copy, homeId, status: 'O', requestDate: today(), startDate: null, endDate: null, performedDate: null })
    .returning({ id: serviceRequests.id });
  return made!.id;
}

describe('the kept warranty cards', () => {
  it('the triggers keep each card’s open flag and day of change with its home’s work orders', async () => {
    const [wrong] = await t.db
      .execute<{ flag: number; day: number }>(
        sql`select count(*) filter (where c.has_open_work_order <> exists (select 1 from service_requests r
                                   where r.home_id = c.home_id and r.status not in ${openStatus}))::int as flag,
                 count(*) filter (where c.changed_on < (select max(r.changed_on) from service_requests r where r.home_id = c.home_id))::int as day
            from warranty_cards c`,
      )
      .then((result) => (result as unknown as { rows: { flag: number; day: number }[] }).rows);
    expect(wrong).toEqual({ flag: 0, day: 0 });
  });

  it('a first download holds the cards of homes with an open work order and those changed in the window, not the rest', async () => {
    const retailer = await retailerOf();
    const { rows, pages } = await download<WarrantyCard>(t.call, '/api/Warranty/Homeowners', cardKey);
    const expected = await t.db.execute<{ id: number }>(
      sql`select c.id from warranty_cards c where c.retailer_number = ${retailer}
            and (exists (select 1 from service_requests r where r.home_id = c.home_id and r.status not in ${openStatus})
                 or c.changed_on >= ${keptSince(today())}::date)`,
    );
    const ids = (expected as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
    const [all] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(warrantyCards)
      .where(eq(warrantyCards.retailerNumber, retailer));
    expect(new Set(rows.keys())).toEqual(new Set(ids));
    expect(pages[0]!.total).toBe(ids.length);
    expect(rows.size).toBeLessThan(all!.n);
    for (const card of rows.values()) {
      expect(card.changedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(isKeptRecord(cardRuleSubject(card), today())).toBe(true);
    }
    // Under the caps: no page says where the kept rows begin.
    expect(pages.every((page) => page.keptFrom === undefined)).toBe(true);
  });

  it('a new work order for an old home brings its card; once it is closed the card stays, changed that day', async () => {
    const retailer = await retailerOf();
    const { rows, cursor } = await download<WarrantyCard>(t.call, '/api/Warranty/Homeowners', cardKey);
    const [old] = await t.db
      .select({ id: warrantyCards.id, homeId: warrantyCards.homeId })
      .from(warrantyCards)
      .where(
        and(
          eq(warrantyCards.retailerNumber, retailer),
          eq(warrantyCards.hasOpenWorkOrder, false),
          sql`${warrantyCards.changedOn} < ${keptSince(today())}::date`,
        ),
      )
      .limit(1);
    expect(old, 'the seed has a card of a home left alone for longer than the rule keeps').toBeDefined();
    expect(rows.has(old!.id)).toBe(false);

    const requestId = await newWorkOrderFor(old!.homeId, retailer);
    const opened = await download<WarrantyCard>(t.call, '/api/Warranty/Homeowners', cardKey, cursor);
    expect(opened.rows.get(old!.id)).toMatchObject({ hasOpenWorkOrder: true, changedOn: today() });

    await t.db
      .update(serviceRequests)
      .set({ status: 'P', rowVersion: sql`${serviceRequests.rowVersion} + 1` })
      .where(eq(serviceRequests.id, requestId));
    const closed = await download<WarrantyCard>(t.call, '/api/Warranty/Homeowners', cardKey, opened.cursor);
    expect(closed.rows.get(old!.id)).toMatchObject({ hasOpenWorkOrder: false, changedOn: today() });
    expect(closed.pages.flatMap((page) => page.removed)).not.toContain(old!.id);
  });
});

describe('a list over its cap', () => {
  const caps: KeptListCaps = { workOrders: 12, homeowners: 15, partsOrders: 2 };
  let capped: Call;
  beforeAll(() => {
    capped = callerFor(createApp({ db: t.db, config: { ...t.config, keptListCaps: caps } }));
  });

  it('keeps the rows changed last, at most the cap, and every page says from which day', async () => {
    const retailer = await retailerOf();
    const { rows, pages } = await download<ServiceRequestSummary>(capped, '/api/service', requestKey);
    const keptFrom = pages[0]!.keptFrom;
    expect(keptFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(pages.every((page) => page.keptFrom === keptFrom)).toBe(true);
    expect(rows.size).toBeGreaterThan(0);
    expect(rows.size).toBeLessThanOrEqual(caps.workOrders);
    expect(pages[0]!.total).toBe(rows.size);
    for (const row of rows.values()) expect(isKeptRecord(row, today(), keptFrom)).toBe(true);

    // keptFrom is the day after the one where the newest `cap` of the rule's rows end: none of that day is kept.
    const newest = await t.db
      .select({ id: serviceRequests.id, changedOn: serviceRequests.changedOn })
      .from(serviceRequests)
      .where(
        and(
          eq(serviceRequests.retailerNumber, retailer),
          sql`(${serviceRequests.status} not in ${openStatus} or ${serviceRequests.changedOn} >= ${keptSince(today())}::date)`,
        ),
      )
      .orderBy(desc(serviceRequests.changedOn))
      .limit(caps.workOrders + 1);
    const firstLeft = newest[caps.workOrders]!;
    expect(firstLeft.changedOn < keptFrom!).toBe(true);
    expect(new Set(rows.keys())).toEqual(new Set(newest.filter((row) => row.changedOn >= keptFrom!).map((row) => row.id)));
  });

  it('a row below the first kept day that changes comes back; the cards are capped the same way', async () => {
    const { rows, cursor } = await download<ServiceRequestSummary>(capped, '/api/service', requestKey);
    const retailer = await retailerOf();
    const [left] = await t.db
      .select({ id: serviceRequests.id })
      .from(serviceRequests)
      .where(and(eq(serviceRequests.retailerNumber, retailer), sql`${serviceRequests.status} not in ${openStatus}`))
      .orderBy(serviceRequests.changedOn)
      .limit(1);
    expect(rows.has(left!.id)).toBe(false);
    await t.db
      .update(serviceRequests)
      .set({ technician: 'Seen again', rowVersion: sql`${serviceRequests.rowVersion} + 1` })
      .where(eq(serviceRequests.id, left!.id));
    const next = await download<ServiceRequestSummary>(capped, '/api/service', requestKey, cursor);
    expect(next.rows.get(left!.id)).toMatchObject({ technician: 'Seen again', changedOn: today() });
    expect(next.pages.at(-1)!.keptFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // The cards of a capped list too: at most the cap, all from its first kept day.
    const cards = await download<WarrantyCard>(capped, '/api/Warranty/Homeowners', cardKey);
    expect(cards.rows.size).toBeLessThanOrEqual(caps.homeowners);
    expect(cards.pages[0]!.keptFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('keeps a newest day whole when it alone holds more than the cap, rather than nothing', async () => {
    const retailer = await retailerOf();
    // More than the cap changed today: a day kept or let go together would keep nothing.
    const changed = await t.db
      .update(serviceRequests)
      .set({ rowVersion: sql`${serviceRequests.rowVersion} + 1` })
      .where(
        sql`${serviceRequests.id} in (select id from service_requests where retailer_number = ${retailer} order by id limit ${caps.workOrders + 3})`,
      )
      .returning({ id: serviceRequests.id, changedOn: serviceRequests.changedOn });
    expect(changed.every((row) => row.changedOn === today())).toBe(true);
    // A new app: the first kept day found before is cached (kept-rule.ts KEPT_FLOOR_TTL_MS).
    const fresh = callerFor(createApp({ db: t.db, config: { ...t.config, keptListCaps: caps } }));
    const { rows, pages } = await download<ServiceRequestSummary>(fresh, '/api/service', requestKey);
    expect(pages[0]!.keptFrom).toBe(today());
    // Every row of the list changed today, more than the cap.
    expect(rows.size).toBeGreaterThan(caps.workOrders);
    expect([...rows.values()].every((row) => row.changedOn === today())).toBe(true);
  });
});
