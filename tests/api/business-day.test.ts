import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  WARRANTY_MESSAGES,
  WORK_ORDER_MESSAGES,
  type CmhUser,
  type PartsOrder,
  type QuoteCopy,
  type ServiceRequest,
} from '../../src/contract';
import { homes, partsOrders, quotes, retailers, users, warrantyCards } from '../../src/server/db/schema';
import { optionsFromEnv } from '../../src/server/main';
import { createTestContext, type TestContext } from './harness';
import { informationBody } from './information-body';

/*
 * The business day (issue 30): dates are stamped and judged in the day of the record's retail center. 01:30 UTC on
 * 7 December is 19:30 on the 6th in Central time and 20:30 in Eastern; the demo's retail center 4217 is in Knoxville,
 * Tennessee (Eastern, from its ZIP code 37919, with no zone stored).
 */

let t: TestContext;
const tokens: Record<string, string> = {};
let salesUserId = 0;

const EVENING = new Date('2026-12-07T01:30:00Z');
const NOON = new Date('2026-12-07T12:00:00Z');

beforeAll(async () => {
  t = await createTestContext();
  for (const key of ['service', 'sales', 'plant']) tokens[key] = await t.login(key);
  const [sales] = await t.db.select({ id: users.id }).from(users).where(eq(users.userName, 'sales@demo.homesite.test'));
  salesUserId = sales!.id;
});
afterEach(async () => {
  t.setNow(null);
  await setRetailer4217({ state: 'TN', zipCode: '37919', timeZone: null });
});
afterAll(() => t.close());

const setRetailer4217 = (address: { state: string; zipCode: string; timeZone: string | null }) =>
  t.db.update(retailers).set(address).where(eq(retailers.retailerNumber, '4217'));

async function soldHome() {
  const [home] = await t.db
    .select()
    .from(homes)
    .where(and(eq(homes.retailerNumber, '4217'), isNotNull(homes.soldDate)))
    .orderBy(asc(homes.id))
    .limit(1);
  return home!;
}

async function newWorkOrder() {
  const home = await soldHome();
  const created = await t.call<ServiceRequest>('POST', '/api/service/CreateServiceRequest', {
    token: tokens.service,
    query: { plantNumber: home.plantNumber, longSerialNumber: home.serialNumber, assetId: String(home.id) },
  });
  expect(created.status).toBe(201);
  return created.body;
}

async function shippedPartsOrder() {
  const home = await soldHome();
  const order = await t.call<PartsOrder>('POST', '/api/Parts', {
    token: tokens.service,
    body: { plantNumber: home.plantNumber, longSerialNumber: home.serialNumber },
  });
  expect(order.status).toBe(201);
  const item = await t.call('POST', `/api/Parts/${order.body.partsOrderId}/PartsItem`, {
    token: tokens.service,
    body: {
      categoryNumber: '30',
      commodityNumber: '310',
      partNumber: '20137',
      partDescription: 'Single-handle kitchen faucet, chrome',
      billingCode: 'Warranty',
      unitOfMeasure: 'EA',
      quantity: 1,
    },
  });
  expect(item.status).toBe(201);
  const submitted = await t.call<PartsOrder>('POST', `/api/Parts/${order.body.partsOrderId}`, { token: tokens.service, body: {} });
  expect(submitted.status).toBe(200);
  await t.db.update(partsOrders).set({ status: 'SHIPPED' }).where(eq(partsOrders.id, order.body.partsOrderId));
  return submitted.body;
}

async function duplicatedQuoteDate() {
  const [draft] = await t.db
    .select()
    .from(quotes)
    .where(
      and(
        eq(quotes.retailerNumber, '4217'),
        eq(quotes.status, 'Active'),
        eq(quotes.quoteStatusesId, 0),
        eq(quotes.subOptionsValid, true),
        eq(quotes.isModelActive, true),
        isNotNull(quotes.modelNumber),
        isNotNull(quotes.productLineId),
      ),
    )
    .orderBy(asc(quotes.id))
    .limit(1);
  const copy = await t.call<QuoteCopy>('GET', `/mch-quote-api/${draft!.quoteNumber}/${salesUserId}/copy`, { token: tokens.sales });
  expect(copy.status).toBe(200);
  const [stored] = await t.db.select().from(quotes).where(eq(quotes.id, copy.body.QuoteId));
  return { quoteDate: stored!.quoteDate, expirationDate: stored!.expirationDate };
}

describe('the business day of a Tennessee retail center', () => {
  it('at 19:30 Central / 20:30 Eastern on 6 December: a work order, a parts order and its receipt, and a quote are dated the 6th', async () => {
    t.setNow(EVENING);
    expect((await newWorkOrder()).requestDate).toBe('2026-12-06');

    const order = await shippedPartsOrder();
    expect(order.orderDate.slice(0, 10)).toBe('2026-12-06');
    const receipt = await t.call<PartsOrder>('PUT', `/api/Parts/${order.plantNumber}/${order.partsLogNumber}/PartsReceived`, {
      token: tokens.service,
      body: { items: [{ partsOrderItemId: order.partsItems[0]!.partsOrderItemId, isCorrect: true }] },
    });
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
    expect(receipt.body.partsItems[0]!.receivedDate).toBe('2026-12-06');

    expect(await duplicatedQuoteDate()).toEqual({ quoteDate: '2026-12-06', expirationDate: '2027-01-05' });
  });

  it('the same calls at noon UTC on the 7th are dated the 7th', async () => {
    t.setNow(NOON);
    expect((await newWorkOrder()).requestDate).toBe('2026-12-07');
    expect((await shippedPartsOrder()).orderDate.slice(0, 10)).toBe('2026-12-07');
    expect((await duplicatedQuoteDate()).quoteDate).toBe('2026-12-07');
  });

  it('a Central retail center (Nashville) is still on the 6th at 01:30 UTC, and one stored as UTC is on the 7th', async () => {
    t.setNow(EVENING);
    await setRetailer4217({ state: 'TN', zipCode: '37203', timeZone: null });
    expect((await newWorkOrder()).requestDate).toBe('2026-12-06');
    await setRetailer4217({ state: 'TN', zipCode: '37203', timeZone: 'UTC' });
    expect((await newWorkOrder()).requestDate).toBe('2026-12-07');
  });

  it('"not in the future" is judged on the location’s day: the 7th is refused at 19:30 Central, and taken at noon UTC', async () => {
    t.setNow(EVENING);
    const request = await newWorkOrder();
    let rowVersion = request.rowVersion;
    const put = (performedDate: string) =>
      t.call<ServiceRequest & { issues?: { message: string }[] }>('PUT', `/api/service/${request.serviceRequestId}`, {
        token: tokens.service,
        body: informationBody(request, { requestType: 'A', rowVersion, performedDate }),
      });
    expect((await put('2026-12-07')).body.issues?.[0]?.message).toBe(WORK_ORDER_MESSAGES.performedDateInFuture);
    expect((await put('2026-12-06')).status).toBe(200);
    t.setNow(NOON);
    const latest = (await t.call<ServiceRequest>('GET', `/api/service/${request.serviceRequestId}`, { token: tokens.service })).body;
    rowVersion = latest.rowVersion;
    expect((await put('2026-12-07')).status).toBe(200);
  });

  it('the sold date window counts from the location’s day: 3 months ahead of the 6th at 19:30 Central, not of the 7th', async () => {
    t.setNow(EVENING);
    const [stored] = await t.db
      .select({ card: warrantyCards, home: homes })
      .from(warrantyCards)
      .innerJoin(homes, eq(homes.id, warrantyCards.homeId))
      .where(eq(homes.retailerNumber, '4217'))
      .limit(1);
    const current = await t.call<Record<string, unknown>>('GET', '/api/Warranty', {
      token: tokens.service,
      query: { plantNumber: stored!.home.plantNumber, serialNumber: stored!.home.serialNumber },
    });
    expect(current.status).toBe(200);
    expect(current.body.timeZone).toBe('America/New_York');
    const save = (soldDate: string) =>
      t.call<{ issues?: { message: string }[] }>('PUT', '/api/Warranty', {
        token: tokens.service,
        body: { ...current.body, soldDate, homeAddressSameAsOwner: true },
      });
    const tooLate = await save('03/07/2027');
    expect(tooLate.status).toBe(400);
    expect(tooLate.body.issues?.map((issue) => issue.message)).toContain(WARRANTY_MESSAGES.soldDateOutOfRange);
    expect((await save('03/06/2027')).status).toBe(200);
  });
});

describe('a retail center in Arizona, which keeps no daylight saving', () => {
  it('has its own day in July: 06:30 UTC on 7 July is the 6th in Phoenix, the 7th in Denver', async () => {
    t.setNow(new Date('2026-07-07T06:30:00Z'));
    await setRetailer4217({ state: 'AZ', zipCode: '85001', timeZone: null });
    expect((await newWorkOrder()).requestDate).toBe('2026-07-06');
    await setRetailer4217({ state: 'AZ', zipCode: '85001', timeZone: 'America/Denver' });
    expect((await newWorkOrder()).requestDate).toBe('2026-07-07');
  });
});

describe('a retail center whose address tells no zone', () => {
  it('counts its days in ORG_TIME_ZONE (default America/Chicago); a start with one that is no zone is refused', async () => {
    t.setNow(EVENING);
    await setRetailer4217({ state: 'TN', zipCode: '', timeZone: null });
    expect((await newWorkOrder()).requestDate).toBe('2026-12-06');
    process.env.ORG_TIME_ZONE = 'Asia/Tokyo';
    try {
      expect((await newWorkOrder()).requestDate).toBe('2026-12-07');
      process.env.ORG_TIME_ZONE = 'Mars/Olympus_Mons';
      expect(() => optionsFromEnv(process.env, [])).toThrow(/ORG_TIME_ZONE must be an IANA time zone/);
    } finally {
      delete process.env.ORG_TIME_ZONE;
    }
  });
});

describe('the zones a device is given', () => {
  it('the profile names the zone of each retail center and plant; a work order carries its retail center’s', async () => {
    const profile = await t.call<CmhUser>('GET', '/auth/api/Account/User', { token: tokens.service });
    expect(profile.status).toBe(200);
    expect(profile.body.currentRetailer).toMatchObject({ retailerNumber: '4217', timeZone: 'America/New_York' });
    const plant = await t.call<CmhUser>('GET', '/auth/api/Account/User', { token: tokens.plant });
    for (const facility of plant.body.availablePlants) expect(facility.timeZone).toMatch(/^America\//);
    expect((await newWorkOrder()).timeZone).toBe('America/New_York');
  });

  it('a zone changed by any writer (an import, the admin page, SQL) reaches the signed-in users’ profiles at once', async () => {
    const zoneOfProfile = async () =>
      (await t.call<CmhUser>('GET', '/auth/api/Account/User', { token: tokens.service })).body.currentRetailer?.timeZone;
    expect(await zoneOfProfile()).toBe('America/New_York');
    await setRetailer4217({ state: 'TN', zipCode: '37919', timeZone: 'America/Denver' });
    expect(await zoneOfProfile()).toBe('America/Denver');
    await setRetailer4217({ state: 'TN', zipCode: '37203', timeZone: null });
    expect(await zoneOfProfile()).toBe('America/Chicago');
  });
});
