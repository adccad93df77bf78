import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_CURSOR_HEADER, type ServiceRequestSummary, type SyncPage, type WarrantyCard } from '../../src/contract';
import { cardRuleSubject, isKeptRecord } from '../../src/contract/kept-lists';
import { businessDay, DEFAULT_ORG_TIME_ZONE } from '../../src/contract/time-zones';
import { notificationsOf, type Database } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import { startServer } from '../../src/server/main';
import { drainRestamps, restampBatch, startRestamper } from '../../src/server/sync/restamp';
import { createScratchDatabase, createTestContext, type TestContext } from './harness';

/*
 * Issue 31 §5: a plant or retailer rename (or a retail center's zone change) commits at once, and its records are
 * synced again afterwards in short batches (server/sync/restamp.ts, migration 0022), with no gap in any device's delta.
 */

let t: TestContext;
const tokens: Record<string, string> = {};
const PLANT = '910';
const BULK = 20_000;

beforeAll(async () => {
  t = await createTestContext();
  for (const key of ['plant', 'service']) tokens[key] = await t.login(key);
  await drainRestamps(t.db);
});
afterAll(() => t.close());

/** Work orders of the home's plant and retail center, `count` of them, by SQL (a manufacturer's scale, issue 31). */
async function insertWorkOrders(db: Database, plantNumber: string, count: number) {
  await db.execute(sql`
    insert into service_requests (home_id, plant_number, retailer_number, serial_number, service_request_number, status, case_subject)
    select h.id, h.plant_number, h.retailer_number, h.serial_number, 'BULK-' || g, 'Submitted', 'Bulk ' || g
    from (select * from homes where plant_number = ${plantNumber} order by id limit 1) h, generate_series(1, ${count}) g`);
}

async function delta<Row>(path: string, since: string, token: string) {
  const result = await t.call<SyncPage<Row>>('GET', path, { token, query: { since, limit: '5000' } });
  expect(result.status).toBe(200);
  return result.body;
}

/** Every page of a delta from `since`, as a device follows it: the rows by id, and the cursor after the last page. */
async function follow<Row>(path: string, since: string, token: string, id: (row: Row) => number) {
  const rows = new Map<number, Row>();
  let cursor = since;
  for (;;) {
    const page = await delta<Row>(path, cursor, token);
    for (const gone of page.removed) rows.delete(gone);
    for (const row of page.items) rows.set(id(row), row);
    cursor = page.cursor;
    if (!page.more) return { rows, cursor };
  }
}

const queue = (db: Database) =>
  db
    .select({ table: schema.syncRestamps.tableName, column: schema.syncRestamps.columnName, value: schema.syncRestamps.value })
    .from(schema.syncRestamps)
    .orderBy(schema.syncRestamps.id);

async function stampsOf(ids: number[]) {
  const rows = await t.db
    .select({ id: schema.serviceRequests.id, xid: schema.serviceRequests.syncXid })
    .from(schema.serviceRequests)
    .where(inArray(schema.serviceRequests.id, ids));
  return new Map(rows.map((row) => [row.id, Number(row.xid)]));
}

const requestId = (row: ServiceRequestSummary) => row.serviceRequestId;

describe('a plant rename', () => {
  it('commits at once with many work orders; the worker then brings every one to devices, with no gap half way', async () => {
    await insertWorkOrders(t.db, PLANT, BULK);
    const kept = await follow<ServiceRequestSummary>('/api/service', '0', tokens.plant!, requestId);
    const ofPlant = [...kept.rows.values()].filter((row) => row.plantNumber === PLANT).map(requestId);
    expect(ofPlant.length).toBeGreaterThan(BULK);
    const before = await stampsOf(ofPlant);
    const [plant] = await t.db.select().from(schema.plants).where(eq(schema.plants.plantNumber, PLANT));

    const started = performance.now();
    await t.db.update(schema.plants).set({ name: 'Clinton West (renamed)' }).where(eq(schema.plants.plantNumber, PLANT));
    const renameMs = performance.now() - started;
    expect(renameMs).toBeLessThan(1_000);
    expect(await queue(t.db)).toEqual(
      ['service_requests', 'parts_orders', 'warranty_cards', 'quotes', 'sales_orders', 'inventory_homes'].map((table) => ({
        table,
        column: 'plant_number',
        value: PLANT,
      })),
    );
    // Nothing was written again in the renaming transaction.
    expect(await stampsOf(ofPlant)).toEqual(before);

    // Half way through the work orders: what is written again reaches the device, the rest later.
    for (let batch = 0; batch < 5; batch++)
      expect(await restampBatch(t.db, { batchSize: 2_000 })).toMatchObject({ table: 'service_requests', rows: 2_000, finished: false });
    const half = await follow<ServiceRequestSummary>('/api/service', kept.cursor, tokens.plant!, requestId);
    expect(half.rows.size).toBeGreaterThan(0);
    expect(half.rows.size).toBeLessThan(ofPlant.length);
    for (const row of half.rows.values()) expect(row.plantName).toBe('Clinton West (renamed)');

    const written = await drainRestamps(t.db, { batchSize: 2_000 });
    expect(written).toBeGreaterThanOrEqual(ofPlant.length - 10_000);
    expect(await queue(t.db)).toEqual([]);
    const after = await stampsOf(ofPlant);
    for (const id of ofPlant) expect(after.get(id), `work order ${id}`).toBeGreaterThan(before.get(id)!);

    const rest = await follow<ServiceRequestSummary>('/api/service', half.cursor, tokens.plant!, requestId);
    const delivered = new Map([...half.rows, ...rest.rows]);
    for (const id of ofPlant) expect(delivered.get(id)?.plantName, `work order ${id}`).toBe('Clinton West (renamed)');
    // The same from the cursor taken before the rename, in one go.
    const whole = await follow<ServiceRequestSummary>('/api/service', kept.cursor, tokens.plant!, requestId);
    for (const id of ofPlant) expect(whole.rows.get(id)?.plantName, `work order ${id}`).toBe('Clinton West (renamed)');

    await t.db.update(schema.plants).set({ name: plant!.name }).where(eq(schema.plants.plantNumber, PLANT));
    await drainRestamps(t.db);
  }, 180_000);

  it('renamed twice before the worker runs is written again once; two workers at once write each row once', async () => {
    const [plant] = await t.db.select().from(schema.plants).where(eq(schema.plants.plantNumber, PLANT));
    await t.db.update(schema.plants).set({ name: 'Once' }).where(eq(schema.plants.plantNumber, PLANT));
    await t.db.update(schema.plants).set({ name: plant!.name }).where(eq(schema.plants.plantNumber, PLANT));
    expect(await queue(t.db)).toHaveLength(12);
    const [first, second] = await Promise.all([drainRestamps(t.db, { batchSize: 1_000 }), drainRestamps(t.db, { batchSize: 1_000 })]);
    expect(await queue(t.db)).toEqual([]);
    expect(first + second).toBe(await rowsOfPlant(PLANT));
  });
});

async function rowsOfPlant(plantNumber: string) {
  const result = (await t.db.execute(sql`
    select (select count(*) from service_requests where plant_number = ${plantNumber})
      + (select count(*) from parts_orders where plant_number = ${plantNumber})
      + (select count(*) from warranty_cards c join homes h on h.id = c.home_id where h.plant_number = ${plantNumber})
      + (select count(*) from quotes where plant_number = ${plantNumber})
      + (select count(*) from sales_orders where plant_number = ${plantNumber})
      + (select count(*) from inventory_homes where plant_number = ${plantNumber}) as count`)) as unknown as {
    rows: { count: string | number }[];
  };
  return Number(result.rows[0]!.count);
}

describe('a retail center', () => {
  it('renamed: its warranty cards (by their home) and sales orders are queued, written again, and reach the device', async () => {
    const start = await t.call<WarrantyCard[]>('GET', '/api/Warranty/Homeowners', { token: tokens.service });
    expect(start.status).toBe(200);
    const cursor = start.headers.get(SYNC_CURSOR_HEADER)!;
    const [retailer] = await t.db.select().from(schema.retailers).where(eq(schema.retailers.retailerNumber, '4217'));
    await t.db
      .update(schema.retailers)
      .set({ name: `${retailer!.name} (renamed)` })
      .where(eq(schema.retailers.retailerNumber, '4217'));
    expect(await queue(t.db)).toEqual([
      { table: 'warranty_cards', column: 'retailer_number', value: '4217' },
      { table: 'sales_orders', column: 'retailer_number', value: '4217' },
    ]);
    expect((await delta<WarrantyCard>('/api/Warranty/Homeowners', cursor, tokens.service!)).items).toEqual([]);
    await drainRestamps(t.db);
    const cards = await follow<WarrantyCard>('/api/Warranty/Homeowners', cursor, tokens.service!, (card) => card.vantageWarrantyId);
    // Written again, each card reaches the device as the kept-list rule has it: the kept ones as rows, the rest as removed.
    const today = businessDay(DEFAULT_ORG_TIME_ZONE);
    const kept = start.body.filter((card) => isKeptRecord(cardRuleSubject(card), today));
    expect(kept.length).toBeGreaterThan(0);
    expect(new Set([...cards.rows.keys()])).toEqual(new Set(kept.map((card) => card.vantageWarrantyId)));
    for (const card of cards.rows.values()) expect(card.retailerName).toBe(`${retailer!.name} (renamed)`);
    await t.db.update(schema.retailers).set({ name: retailer!.name }).where(eq(schema.retailers.retailerNumber, '4217'));
    await drainRestamps(t.db);
  });

  it('given another zone: its warranty cards and parts orders are queued; the profiles of its users change at once', async () => {
    await t.db.update(schema.retailers).set({ timeZone: 'America/Denver' }).where(eq(schema.retailers.retailerNumber, '4217'));
    try {
      expect(await queue(t.db)).toEqual([
        { table: 'warranty_cards', column: 'retailer_number', value: '4217' },
        { table: 'parts_orders', column: 'retailer_number', value: '4217' },
      ]);
      const profile = await t.call<{ currentRetailer?: { timeZone?: string } }>('GET', '/auth/api/Account/User', { token: tokens.service });
      expect(profile.body.currentRetailer?.timeZone).toBe('America/Denver');
      const [orders] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(schema.partsOrders)
        .where(eq(schema.partsOrders.retailerNumber, '4217'));
      const [cards] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(schema.warrantyCards)
        .innerJoin(schema.homes, eq(schema.homes.id, schema.warrantyCards.homeId))
        .where(eq(schema.homes.retailerNumber, '4217'));
      expect(await drainRestamps(t.db)).toBe(orders!.n + cards!.n);
    } finally {
      await t.db.update(schema.retailers).set({ timeZone: null }).where(eq(schema.retailers.retailerNumber, '4217'));
      await drainRestamps(t.db);
    }
  });
});

describe('the worker', () => {
  it('finishes at its start what a stopped instance left half done (the queue is in the database)', async () => {
    await t.db.update(schema.plants).set({ name: 'Left half done' }).where(eq(schema.plants.plantNumber, PLANT));
    expect(await restampBatch(t.db, { batchSize: 1_000 })).toMatchObject({ table: 'service_requests', rows: 1_000, finished: false });
    const [left] = await t.db.select().from(schema.syncRestamps).where(eq(schema.syncRestamps.tableName, 'service_requests'));
    expect(left!.afterId).toBeGreaterThan(0);
    const { rows: leftRows } = (await t.db.execute(
      sql`select id from service_requests where plant_number = ${PLANT} and id > ${left!.afterId}`,
    )) as unknown as { rows: { id: number }[] };
    const before = await stampsOf(leftRows.map((row) => row.id));

    const restamper = await startRestamper({ db: t.db, pollMs: 60_000 });
    try {
      await expect.poll(async () => (await queue(t.db)).length, { timeout: 20_000 }).toBe(0);
    } finally {
      await restamper.close();
    }
    const after = await stampsOf([...before.keys()]);
    for (const [id, xid] of before) expect(after.get(id), `work order ${id}`).toBeGreaterThan(xid);
    await t.db.update(schema.plants).set({ name: 'Clinton West' }).where(eq(schema.plants.plantNumber, PLANT));
    await drainRestamps(t.db);
  });

  it('is woken by a rename on any instance (migration 0022 NOTIFY), not only by its poll', async () => {
    const restamper = await startRestamper({ db: t.db, notifications: notificationsOf(t.db), pollMs: 3_600_000 });
    try {
      await restamper.drainNow();
      await t.db.update(schema.plants).set({ name: 'Woken' }).where(eq(schema.plants.plantNumber, PLANT));
      expect(await queue(t.db)).not.toEqual([]);
      await expect.poll(async () => (await queue(t.db)).length, { timeout: 20_000 }).toBe(0);
    } finally {
      await restamper.close();
      await t.db.update(schema.plants).set({ name: 'Clinton West' }).where(eq(schema.plants.plantNumber, PLANT));
      await drainRestamps(t.db);
    }
  });

  it('runs in the server, and stops with it', async () => {
    const scratch = process.env.TEST_DATABASE_URL ? await createScratchDatabase(process.env.TEST_DATABASE_URL) : null;
    const running = await startServer({
      ...(scratch ? { databaseUrl: scratch.url } : { memory: true }),
      mode: 'production',
      port: 0,
      quiet: true,
      distDir: null,
    });
    try {
      const { db } = running;
      await db.execute(sql`
        insert into plants (plant_number, name, print_name, serial_prefix, marketing_url_retail, marketing_url_independent, city, state, phone, email)
        values ('900', 'Before', 'Before', 'BEF', '', '', 'Knoxville', 'TN', '', '')`);
      await db.execute(
        sql`insert into retailers (retailer_number, name, retailer_type, city, state) values ('1000', 'A retail center', 'Company', 'Knoxville', 'TN')`,
      );
      await db.execute(sql`
        insert into homes (serial_number, plant_number, retailer_number, model_number, model_name, sections, square_footage, bedrooms, bathrooms, manufactured_date)
        values ('BEF000001TNA', '900', '1000', 'M1', 'Model', 1, 1000, 2, 1, '2020-01-01')`);
      await insertWorkOrders(db, '900', 2_500);
      const oldest = async () =>
        Number(
          (
            (await db.execute(sql`select min(sync_xid) as xid from service_requests where plant_number = '900'`)) as unknown as {
              rows: { xid: string }[];
            }
          ).rows[0]!.xid,
        );
      const before = await oldest();
      await db.update(schema.plants).set({ name: 'After' }).where(eq(schema.plants.plantNumber, '900'));
      await expect.poll(async () => (await queue(db)).length, { timeout: 20_000 }).toBe(0);
      expect(await oldest()).toBeGreaterThan(before);
    } finally {
      await running.close();
      await scratch?.drop();
    }
  });
});
