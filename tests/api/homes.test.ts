import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOMES_KEPT_CAP, SEARCH_PAGE_SIZE, type CmhUser, type HomeSummary, type SearchPage } from '../../src/contract';
import { homes, userPlants, users } from '../../src/server/db/schema';
import { createTestContext, type TestContext } from './harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('GET {api}/Homes', () => {
  it("lists exactly the current retail center's homes to a retailer user", async () => {
    const token = await t.login('service');
    const result = await t.call<HomeSummary[]>('GET', '/api/Homes', { token });
    expect(result.status).toBe(200);
    const retailers = new Set(result.body.map((home) => home.retailerNumber));
    expect([...retailers]).toHaveLength(1);
    const [retailer] = [...retailers];
    const expected = await t.db.select({ id: homes.id }).from(homes).where(eq(homes.retailerNumber, retailer!));
    expect(result.body.map((home) => home.assetId).sort()).toEqual(expected.map((home) => home.id).sort());
    const first = result.body[0]!;
    expect(first.serialNumber).toMatch(/^[A-Z]{3}/);
    expect(first.plantName).not.toBe('');
  });

  it("lists a plant user's facilities' homes, whatever the retailer", async () => {
    const token = await t.login('plant');
    const result = await t.call<HomeSummary[]>('GET', '/api/Homes', { token });
    const [user] = await t.db.select().from(users).where(eq(users.userName, 'plant@demo.homesite.test'));
    const plants = (await t.db.select().from(userPlants).where(eq(userPlants.userId, user!.id))).map((row) => row.plantNumber);
    expect(result.body.length).toBeGreaterThan(0);
    expect(result.body.every((home) => plants.includes(home.plantNumber))).toBe(true);
  });

  it('answers sales users (they start delivery reports from these homes), and refuses users with neither service nor sales writing', async () => {
    const sales = await t.call<HomeSummary[]>('GET', '/api/Homes', { token: await t.login('sales') });
    expect(sales.status).toBe(200);
    expect(sales.body.length).toBeGreaterThan(0);
    expect((await t.call('GET', '/api/Homes', { token: await t.login('driver') })).status).toBe(403);
    expect((await t.call('GET', '/api/Homes')).status).toBe(401);
  });
});

describe('GET {api}/Homes at scale (issue 31 §2–3): a device keeps at most HOMES_KEPT_CAP homes, and searches the rest', () => {
  let plantToken: string;
  let scopeSize: number;
  beforeAll(async () => {
    plantToken = await t.login('plant');
    const [user] = await t.db.select().from(users).where(eq(users.userName, 'plant@demo.homesite.test'));
    const [plant] = await t.db.select().from(userPlants).where(eq(userPlants.userId, user!.id));
    // Of another retail center than the retailer user's, whose search must not find them.
    const service = await t.call<CmhUser>('GET', '/auth/api/Account/User', { token: await t.login('service') });
    const [retailer] = await t.db
      .select({ retailerNumber: homes.retailerNumber })
      .from(homes)
      .where(ne(homes.retailerNumber, service.body.currentRetailer!.retailerNumber))
      .limit(1);
    // Old homes enough to pass the cap, each manufactured before any seeded home.
    await t.db.execute(sql`
      insert into homes (serial_number, plant_number, retailer_number, model_number, model_name, sections, square_footage,
                         bedrooms, bathrooms, manufactured_date, homeowner_last_name, city)
      select 'OLD' || lpad(n::text, 6, '0') || 'TN', ${plant!.plantNumber}, ${retailer!.retailerNumber}, 'M1', 'Oldfield', 1, 900, 2, 1,
             date '1990-01-01' + (n % 3000), 'Oldham', 'Sneedville'
      from generate_series(1, ${HOMES_KEPT_CAP + 10}) as n`);
    const plants = (await t.db.select().from(userPlants).where(eq(userPlants.userId, user!.id))).map((row) => row.plantNumber);
    [{ n: scopeSize }] = (await t.db.select({ n: count() }).from(homes).where(inArray(homes.plantNumber, plants))) as [{ n: number }];
  });

  it('answers the homes manufactured last, at most the cap, by serial number', async () => {
    expect(scopeSize).toBeGreaterThan(HOMES_KEPT_CAP);
    const result = await t.call<HomeSummary[]>('GET', '/api/Homes', { token: plantToken });
    expect(result.status).toBe(200);
    expect(result.body).toHaveLength(HOMES_KEPT_CAP);
    const serials = result.body.map((home) => home.serialNumber);
    expect(serials).toEqual([...serials].sort());
    // Every seeded home (all manufactured after 1990's) is kept before any old one.
    const kept = result.body.filter((home) => home.serialNumber.startsWith('OLD'));
    expect(kept.length).toBe(HOMES_KEPT_CAP - (scopeSize - HOMES_KEPT_CAP - 10));
    const oldest = Math.min(...kept.map((home) => Date.parse(home.manufacturedDate)));
    const [newerLeft] = await t.db
      .select({ n: count() })
      .from(homes)
      .where(
        and(sql`${homes.serialNumber} like 'OLD%'`, sql`${homes.manufacturedDate} > ${new Date(oldest).toISOString().slice(0, 10)}::date`),
      );
    expect(newerLeft!.n).toBeLessThanOrEqual(kept.length);
  });

  it('searches every home of the scope on the server, in pages, with how many match', async () => {
    const oldest = 'OLD000001TN';
    const kept = await t.call<HomeSummary[]>('GET', '/api/Homes', { token: plantToken });
    expect(kept.body.some((home) => home.serialNumber === oldest)).toBe(false);
    const found = await t.call<SearchPage<HomeSummary>>('GET', `/api/Homes?page=1&q=${oldest.toLowerCase()}`, { token: plantToken });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ total: 1, page: 1, pageSize: SEARCH_PAGE_SIZE });
    expect(found.body.rows.map((home) => home.serialNumber)).toEqual([oldest]);
    expect(found.body.rows[0]).toMatchObject({ homeownerName: 'Oldham', city: 'Sneedville', modelName: 'Oldfield' });

    const words = await t.call<SearchPage<HomeSummary>>('GET', '/api/Homes?page=2&q=oldham%20sneedville&sort=-serialNumber', {
      token: plantToken,
    });
    expect(words.body.total).toBe(HOMES_KEPT_CAP + 10);
    expect(words.body.rows).toHaveLength(SEARCH_PAGE_SIZE);
    expect(words.body.rows[0]!.serialNumber).toBe(`OLD${String(HOMES_KEPT_CAP + 10 - SEARCH_PAGE_SIZE).padStart(6, '0')}TN`);

    // Another scope's homes are not found; a bad page is refused.
    const retailer = await t.call<SearchPage<HomeSummary>>('GET', `/api/Homes?page=1&q=${oldest}`, { token: await t.login('service') });
    expect(retailer.body.total).toBe(0);
    expect((await t.call('GET', '/api/Homes?page=0', { token: plantToken })).status).toBe(400);
  });
});
