import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, isNotNull, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PARTS_ORDER_MESSAGES,
  PARTS_ORDER_STATUSES,
  type ConflictBody,
  type ErrorBody,
  type PartsOrder,
  type PartsOrderItem,
  type PartsOrderSummary,
  type ShipToLocation,
  shipToFieldsOf,
} from '../../src/contract';
import { homes, partsOrderItems, partsOrders, retailerShipToLocations, serviceRequests } from '../../src/server/db/schema';
import { STALE_RECORD_MESSAGE } from '../../src/server/http/row-version';
import { createTestContext, type TestContext } from './harness';

let t: TestContext;
const tokens: Record<string, string> = {};

/** The app clock: received and order dates are this day. */
const NOW = new Date('2026-06-15T15:00:00Z');
const TODAY = '2026-06-15';

beforeAll(async () => {
  t = await createTestContext();
  t.setNow(NOW);
  for (const key of ['service', 'viewer', 'admin', 'company', 'plant', 'driver']) tokens[key] = await t.login(key);
});
afterAll(() => t.close());

const M = PARTS_ORDER_MESSAGES;

/** The `index`-th sold home of a retailer. */
async function soldHome(retailerNumber: string, index = 0) {
  const rows = await t.db
    .select()
    .from(homes)
    .where(and(eq(homes.retailerNumber, retailerNumber), isNotNull(homes.soldDate)))
    .orderBy(asc(homes.id));
  const home = rows[index];
  if (!home) throw new Error(`no sold home ${index} at ${retailerNumber}`);
  return home;
}

const part = (changes: Record<string, unknown> = {}) => ({
  categoryNumber: '30',
  commodityNumber: '310',
  partNumber: '20137',
  partDescription: 'Single-handle kitchen faucet, chrome',
  billingCode: 'Warranty',
  unitOfMeasure: 'EA',
  quantity: 1,
  ...changes,
});

async function createOrder(body: Record<string, unknown>, token = tokens.service!) {
  const result = await t.call<PartsOrder>('POST', '/api/Parts', { token, body });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body;
}

async function customerOrder(token = tokens.service!, retailerNumber = '4217') {
  const home = await soldHome(retailerNumber);
  return createOrder({ plantNumber: home.plantNumber, longSerialNumber: home.serialNumber }, token);
}

async function addItem(orderId: number, changes: Record<string, unknown> = {}, token = tokens.service!) {
  const result = await t.call<PartsOrderItem>('POST', `/api/Parts/${orderId}/PartsItem`, { token, body: part(changes) });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body;
}

async function submitted(itemCount = 2) {
  const order = await customerOrder();
  for (let index = 0; index < itemCount; index++) await addItem(order.partsOrderId, { partNumber: String(30_000 + index) });
  const result = await t.call<PartsOrder>('POST', `/api/Parts/${order.partsOrderId}`, { token: tokens.service, body: {} });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body;
}

/** A submitted order the plant has shipped (the plant's side sets the status). */
async function shipped(itemCount = 3, status = 'SHIPPED') {
  const order = await submitted(itemCount);
  await t.db.update(partsOrders).set({ status }).where(eq(partsOrders.id, order.partsOrderId));
  return { ...order, orderStatus: status };
}

const getOrder = async (id: number, token = tokens.service!) => t.call<PartsOrder>('GET', `/api/Parts/${id}`, { token });
const correct = (ids: readonly number[]) => ({
  items: ids.map((partsOrderItemId) => ({ partsOrderItemId, isCorrect: true, incorrectPartMessage: '' })),
});

describe('the seeded orders (issue 5 demo data)', () => {
  it('gives every demo retailer an order in every status, customer and stock ones, and SHIPPED ones with unmarked items', async () => {
    for (const retailerNumber of ['4217', '4218', '4219', '5123', '7740']) {
      const rows = await t.db.select().from(partsOrders).where(eq(partsOrders.retailerNumber, retailerNumber));
      expect(new Set(rows.map((row) => row.status)), retailerNumber).toEqual(new Set(PARTS_ORDER_STATUSES));
      expect(rows.some((row) => row.homeId === null && row.serialNumber === '999999' && row.longSerialNumber === '')).toBe(true);
      expect(rows.some((row) => row.homeId !== null)).toBe(true);
      for (const row of rows) expect(row.vantagePartsRequestId === null, `${row.id}`).toBe(row.status === 'Active');
    }
    const shippedOrders = await t.db
      .select({ id: partsOrders.id })
      .from(partsOrders)
      .where(and(eq(partsOrders.retailerNumber, '4217'), eq(partsOrders.status, 'SHIPPED')));
    const items = await t.db
      .select()
      .from(partsOrderItems)
      .where(
        inArray(
          partsOrderItems.partsOrderId,
          shippedOrders.map((row) => row.id),
        ),
      );
    const unmarkedOrders = shippedOrders.filter((order) => {
      const own = items.filter((item) => item.partsOrderId === order.id);
      return own.length >= 2 && own.every((item) => item.isCorrect === null);
    });
    expect(unmarkedOrders.length).toBeGreaterThanOrEqual(2);
    expect(items.some((item) => item.isCorrect === false && item.incorrectPartMessage !== '')).toBe(true);
  });
});

describe('GET {api}/parts (spec 3 §2 parts list)', () => {
  it("lists the current retail center's orders, newest first, with what the list sorts and filters on", async () => {
    const result = await t.call<PartsOrderSummary[]>('GET', '/api/parts', { token: tokens.service });
    expect(result.status).toBe(200);
    const expected = await t.db.select({ id: partsOrders.id }).from(partsOrders).where(eq(partsOrders.retailerNumber, '4217'));
    expect(result.body.map((row) => row.partsOrderId).sort()).toEqual(expected.map((row) => row.id).sort());
    const ids = result.body.map((row) => row.partsOrderId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const stock = result.body.find((row) => row.serialNumber === '999999')!;
    expect(stock).toMatchObject({ longSerialNumber: '', homeownerName: '', retailerNumber: '4217' });
    const customer = result.body.find((row) => row.longSerialNumber !== '' && row.homeownerName !== '')!;
    expect(customer.serialNumber).toBe(customer.longSerialNumber);
    expect(customer.plantName).not.toBe('');
    const shippedRow = result.body.find((row) => row.orderStatus === 'SHIPPED')!;
    expect(shippedRow).toMatchObject({ isStagedPart: false, isClosed: false });
    expect(shippedRow.partsLogNumber).toMatch(/^\d{6}$/);
    expect(shippedRow.itemCount).toBeGreaterThan(0);
  });

  it('answers 304 to an unchanged list and a new ETag after a write', async () => {
    const first = await t.call('GET', '/api/parts', { token: tokens.service });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\//);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect((await t.call('GET', '/api/parts', { token: tokens.service, headers: { 'if-none-match': etag } })).status).toBe(304);
    const order = await customerOrder();
    const afterCreate = (await t.call('GET', '/api/parts', { token: tokens.service })).headers.get('etag')!;
    expect(afterCreate).not.toBe(etag);
    await addItem(order.partsOrderId);
    const afterItem = await t.call<PartsOrderSummary[]>('GET', '/api/parts', {
      token: tokens.service,
      headers: { 'if-none-match': afterCreate },
    });
    expect(afterItem.status).toBe(200);
    expect(afterItem.body.find((row) => row.partsOrderId === order.partsOrderId)?.itemCount).toBe(1);
  });

  it("shows a plant user their facilities' orders, whatever the retailer", async () => {
    const result = await t.call<PartsOrderSummary[]>('GET', '/api/parts', { token: tokens.plant });
    expect(result.status).toBe(200);
    const [expected] = await t.db
      .select({ n: count() })
      .from(partsOrders)
      .where(inArray(partsOrders.plantNumber, ['910', '931']));
    expect(result.body).toHaveLength(expected!.n);
    expect(result.body.every((row) => ['910', '931'].includes(row.plantNumber))).toBe(true);
    expect(new Set(result.body.map((row) => row.retailerNumber)).size).toBeGreaterThan(1);
    expect(result.body.some((row) => row.orderStatus === 'SHIPPED')).toBe(true);
  });

  it('is for Service_User and Service_Viewer (spec 3 §6)', async () => {
    expect((await t.call('GET', '/api/parts', { token: tokens.viewer })).status).toBe(200);
    expect((await t.call('GET', '/api/parts', { token: tokens.driver })).status).toBe(403);
    expect((await t.call('GET', '/api/parts')).status).toBe(401);
  });
});

describe('GET one order: {api}/Parts/{id}, {api}/Parts/vantage/{id}, {api}/parts/asset/{assetId}', () => {
  it('answers a staged order with every field of spec 3 §3, editable only by a service admin', async () => {
    const order = await customerOrder();
    const result = await getOrder(order.partsOrderId);
    expect(result.status).toBe(200);
    for (const field of [
      'partsLogNumber',
      'serviceRequestNumber',
      'serviceRequestId',
      'vantageAssetId',
      'orderDate',
      'expectedShipDate',
      'viaDescription',
      'trackingNumber',
      'serviceEmail',
      'requestType',
      'warranty',
      'vantagePartsOrderName',
      'vantageWorkOrderNumber',
      'vantageWorkOrderId',
      'vantageHomeCenterId',
      'vantageHomeBuildingFacilityId',
      'shipToAddress1',
      'shipToAddress2',
      'shipToAddress3',
      'shipToAddress4',
      'customerShipTo',
    ]) {
      expect(result.body, field).toHaveProperty(field);
    }
    expect(result.body).toMatchObject({ isStagedPart: true, canEdit: true, vantagePartsRequestId: null, orderStatus: 'Active' });
    expect((await getOrder(order.partsOrderId, tokens.viewer)).body.canEdit).toBe(false);
    expect((await t.call('GET', `/api/Parts/vantage/${order.partsOrderId}`, { token: tokens.service })).status).toBe(404);
  });

  it('answers a submitted order at both addresses alike', async () => {
    const order = await submitted(1);
    const byRequest = await t.call<PartsOrder>('GET', `/api/Parts/vantage/${order.vantagePartsRequestId}`, { token: tokens.viewer });
    expect(byRequest.status).toBe(200);
    expect(byRequest.body).toEqual((await getOrder(order.partsOrderId, tokens.viewer)).body);
    expect(byRequest.body).toMatchObject({ isStagedPart: false, canEdit: false, orderStatus: 'Submitted' });
  });

  it("hides another retailer's orders and a plant user's other plants (404)", async () => {
    const [other] = await t.db.select().from(partsOrders).where(eq(partsOrders.retailerNumber, '7740')).limit(1);
    expect((await getOrder(other!.id)).status).toBe(404);
    expect((await getOrder(other!.id, tokens.company)).status).toBe(200);
    const [elsewhere] = await t.db
      .select()
      .from(partsOrders)
      .where(and(eq(partsOrders.retailerNumber, '4217'), inArray(partsOrders.plantNumber, ['915', '920'])))
      .limit(1);
    expect((await getOrder(elsewhere!.id, tokens.plant)).status).toBe(404);
    if (other!.vantagePartsRequestId !== null)
      expect((await t.call('GET', `/api/Parts/vantage/${other!.vantagePartsRequestId}`, { token: tokens.service })).status).toBe(404);
  });

  it("lists a home's whole orders, and 404 for a home the user does not see", async () => {
    const [seeded] = await t.db
      .select()
      .from(partsOrders)
      .where(and(eq(partsOrders.retailerNumber, '4217'), isNotNull(partsOrders.homeId)))
      .limit(1);
    const result = await t.call<PartsOrder[]>('GET', `/api/parts/asset/${seeded!.homeId}`, { token: tokens.service });
    expect(result.status).toBe(200);
    const expected = await t.db.select({ id: partsOrders.id }).from(partsOrders).where(eq(partsOrders.homeId, seeded!.homeId!));
    expect(result.body.map((order) => order.partsOrderId).sort()).toEqual(expected.map((row) => row.id).sort());
    expect(result.body.every((order) => Array.isArray(order.partsItems) && order.vantageAssetId === seeded!.homeId)).toBe(true);
    const otherHome = await soldHome('7740');
    expect((await t.call('GET', `/api/parts/asset/${otherHome.id}`, { token: tokens.service })).status).toBe(404);
  });
});

describe('POST {api}/Parts: create a staged order (spec 3 §4)', () => {
  it('creates a customer order for a home found by plant and long serial, shipping to the retailer', async () => {
    const home = await soldHome('4217', 1);
    const order = await createOrder({ plantNumber: home.plantNumber, longSerialNumber: home.serialNumber.toLowerCase() });
    const [firstLocation] = await t.db
      .select()
      .from(retailerShipToLocations)
      .where(and(eq(retailerShipToLocations.retailerNumber, '4217'), eq(retailerShipToLocations.position, 1)));
    expect(order).toMatchObject({
      orderStatus: 'Active',
      isStagedPart: true,
      isClosed: false,
      canEdit: true,
      rowVersion: 0,
      partsItems: [],
      orderDate: TODAY,
      longSerialNumber: home.serialNumber,
      serialNumber: home.serialNumber,
      plantNumber: home.plantNumber,
      retailerNumber: '4217',
      vantageAssetId: home.id,
      warranty: { firstName: home.homeownerFirstName, lastName: home.homeownerLastName },
      shipToType: 'Retailer',
      shipToAddressName: firstLocation!.name,
      shipToCity: firstLocation!.city,
      serviceEmail: 'service@demo.homesite.test',
    });
    expect(order.customerShipTo).toMatchObject({ order: 2, address1: home.address1, city: home.city, zipCode: home.zipCode });
  });

  it('creates a stock order: serial 999999, no long serial, for the current retail center', async () => {
    const order = await createOrder({ plantNumber: '910', longSerialNumber: '' });
    expect(order).toMatchObject({
      serialNumber: '999999',
      longSerialNumber: '',
      retailerNumber: '4217',
      vantageAssetId: null,
      customerShipTo: null,
      warranty: { firstName: '', lastName: '' },
    });
    const [row] = await t.db.select().from(partsOrders).where(eq(partsOrders.id, order.partsOrderId));
    expect(row).toMatchObject({ homeId: null, serialNumber: '999999', longSerialNumber: '' });
  });

  it('refuses a serial that is not a home of that plant the user sees, and a stock plant that does not serve the retailer', async () => {
    const home = await soldHome('4217');
    const wrongPlant = await t.call<ErrorBody>('POST', '/api/Parts', {
      token: tokens.service,
      body: { plantNumber: home.plantNumber === '910' ? '915' : '910', longSerialNumber: home.serialNumber },
    });
    expect(wrongPlant.status).toBe(400);
    expect(wrongPlant.body).toMatchObject({ message: M.serialMismatch, field: 'longSerialNumber' });
    const otherRetailer = await soldHome('7740');
    expect(
      (
        await t.call('POST', '/api/Parts', {
          token: tokens.service,
          body: { plantNumber: otherRetailer.plantNumber, longSerialNumber: otherRetailer.serialNumber },
        })
      ).status,
    ).toBe(400);
    const notServed = await t.call<ErrorBody>('POST', '/api/Parts', {
      token: tokens.service,
      body: { plantNumber: '967', longSerialNumber: '' },
    });
    expect(notServed.status).toBe(400);
    expect(notServed.body).toMatchObject({ message: M.facilityNotServed, field: 'plantNumber' });
    const noPlant = await t.call<ErrorBody>('POST', '/api/Parts', {
      token: tokens.service,
      body: { plantNumber: '', longSerialNumber: '' },
    });
    expect(noPlant.status).toBe(400);
    expect(noPlant.body.message).toContain(M.facilityRequired);
  });

  it('links a service request of the same home, and refuses one of another home', async () => {
    const [request] = await t.db.select().from(serviceRequests).where(eq(serviceRequests.retailerNumber, '4217')).limit(1);
    const [home] = await t.db.select().from(homes).where(eq(homes.id, request!.homeId));
    const linked = await createOrder({
      plantNumber: home!.plantNumber,
      longSerialNumber: home!.serialNumber,
      serviceRequestId: request!.id,
    });
    expect(linked).toMatchObject({
      serviceRequestId: request!.id,
      serviceRequestNumber: request!.serviceRequestNumber,
      requestType: request!.requestType,
    });
    const stock = await t.call<ErrorBody>('POST', '/api/Parts', {
      token: tokens.service,
      body: { plantNumber: '910', longSerialNumber: '', serviceRequestId: request!.id },
    });
    expect(stock.status).toBe(400);
    expect(stock.body).toMatchObject({ message: M.serviceRequestMismatch, field: 'serviceRequestId' });
  });

  it('lets a plant user order for their facilities only, and viewers not at all', async () => {
    const stock = await createOrder({ plantNumber: '931', longSerialNumber: '' }, tokens.plant);
    expect(stock).toMatchObject({ plantNumber: '931', retailerNumber: '4217', serialNumber: '999999' });
    expect((await t.call('POST', '/api/Parts', { token: tokens.plant, body: { plantNumber: '944', longSerialNumber: '' } })).status).toBe(
      403,
    );
    expect((await t.call('POST', '/api/Parts', { token: tokens.viewer, body: { plantNumber: '910', longSerialNumber: '' } })).status).toBe(
      403,
    );
  });

  it('creates one order for a create replayed with the same Idempotency-Key', async () => {
    const key = randomUUID();
    const body = { plantNumber: '915', longSerialNumber: '' };
    const [before] = await t.db.select({ n: count() }).from(partsOrders);
    const first = await t.call<PartsOrder>('POST', '/api/Parts', { token: tokens.service, body, idempotencyKey: key });
    const replay = await t.call<PartsOrder>('POST', '/api/parts', { token: tokens.service, body, idempotencyKey: key });
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    const [after] = await t.db.select({ n: count() }).from(partsOrders);
    expect(after!.n).toBe(before!.n + 1);
  });
});

describe('PUT and DELETE {api}/Parts/{id}: ship-to and cancel of a staged order', () => {
  const shipToBody = (location: ShipToLocation, rowVersion: number) => ({ ...shipToFieldsOf(location), rowVersion });
  const retailerLocations = async () => {
    const result = await t.call<ShipToLocation[]>('GET', '/api/Parts/ShipToLocations?retailerNumber=4217', { token: tokens.service });
    expect(result.status).toBe(200);
    return result.body;
  };

  it('stores the chosen ship-to, counting rowVersion up; a stale copy gets 409 with the order as it is', async () => {
    const order = await customerOrder();
    const updated = await t.call<PartsOrder>('PUT', `/api/Parts/${order.partsOrderId}`, {
      token: tokens.service,
      body: shipToBody(order.customerShipTo!, order.rowVersion),
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      shipToType: 'Home Address',
      shipToAddressName: order.customerShipTo!.name,
      shipToCity: order.customerShipTo!.city,
      rowVersion: order.rowVersion + 1,
    });
    const [otherLocation] = await retailerLocations();
    const stale = await t.call<ConflictBody>('PUT', `/api/Parts/${order.partsOrderId}`, {
      token: tokens.service,
      body: shipToBody(otherLocation!, order.rowVersion),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(STALE_RECORD_MESSAGE);
    expect(stale.body.current).toMatchObject({
      partsOrderId: order.partsOrderId,
      rowVersion: order.rowVersion + 1,
      shipToAddressName: order.customerShipTo!.name,
    });
  });

  it('takes only a place the chooser offers: a retailer location, or the home of a customer order', async () => {
    const order = await customerOrder();
    const [location] = await retailerLocations();
    const moved = { ...shipToBody(location!, order.rowVersion), shipToStreetAddress1: '1 Elsewhere Road' };
    const refusedAddress = await t.call<ErrorBody>('PUT', `/api/Parts/${order.partsOrderId}`, { token: tokens.service, body: moved });
    expect(refusedAddress.status).toBe(400);
    expect(refusedAddress.body).toMatchObject({ message: M.shipToNotOffered, field: 'shipToAddressName' });
    expect(
      (await t.call('PUT', `/api/Parts/${order.partsOrderId}`, { token: tokens.service, body: shipToBody(location!, order.rowVersion) }))
        .status,
    ).toBe(200);

    // A stock order has no home to ship to.
    const stock = await createOrder({ plantNumber: '910', longSerialNumber: '' });
    const home = await t.call<ErrorBody>('PUT', `/api/Parts/${stock.partsOrderId}`, {
      token: tokens.service,
      body: shipToBody(order.customerShipTo!, stock.rowVersion),
    });
    expect(home.status).toBe(400);
    expect(home.body.message).toBe(M.shipToNotOffered);
  });

  it('needs a ship-to name, and a service admin', async () => {
    const order = await customerOrder();
    const unnamed = await t.call<ErrorBody>('PUT', `/api/Parts/${order.partsOrderId}`, {
      token: tokens.service,
      body: { shipToType: 'Retailer', shipToAddressName: ' ', rowVersion: 0 },
    });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.field).toBe('shipToAddressName');
    expect(
      (
        await t.call('PUT', `/api/Parts/${order.partsOrderId}`, {
          token: tokens.viewer,
          body: { shipToType: 'Retailer', shipToAddressName: 'X', rowVersion: 0 },
        })
      ).status,
    ).toBe(403);
  });

  it('cancels a staged order: it is gone with its items', async () => {
    const order = await customerOrder();
    await addItem(order.partsOrderId);
    expect((await t.call('DELETE', `/api/Parts/${order.partsOrderId}`, { token: tokens.viewer })).status).toBe(403);
    expect((await t.call('DELETE', `/api/Parts/${order.partsOrderId}`, { token: tokens.service })).status).toBe(204);
    expect((await getOrder(order.partsOrderId)).status).toBe(404);
    expect(await t.db.select().from(partsOrderItems).where(eq(partsOrderItems.partsOrderId, order.partsOrderId))).toHaveLength(0);
  });
});

describe('parts items of a staged order: POST, PUT, DELETE {api}/Parts/{id}/PartsItem[/{itemId}]', () => {
  it('adds, updates with rowVersion (409 when stale) and removes an item', async () => {
    const order = await customerOrder();
    const added = await addItem(order.partsOrderId, { quantity: 2, notes: ' Match the finish ' });
    expect(added).toMatchObject({
      combinedPartNumber: '3031020137',
      quantity: 2,
      notes: 'Match the finish',
      isCorrect: null,
      receivedDate: '1900-01-01',
      vantagePartsRequestNumber: null,
      vantagePartsRequestLineItemId: null,
      rowVersion: 0,
    });
    const path = `/api/Parts/${order.partsOrderId}/PartsItem/${added.partsOrderItemId}`;
    const updated = await t.call<PartsOrderItem>('PUT', path, { token: tokens.service, body: { ...part({ quantity: 3 }), rowVersion: 0 } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ quantity: 3, rowVersion: 1 });
    const stale = await t.call<ConflictBody>('PUT', path, { token: tokens.service, body: { ...part({ quantity: 5 }), rowVersion: 0 } });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ partsOrderItemId: added.partsOrderItemId, quantity: 3, rowVersion: 1 });
    expect((await t.call('PUT', path, { token: tokens.service, body: part() })).status).toBe(400);
    // Item writes leave the order's rowVersion alone (an offline queue carries the order's version).
    expect((await getOrder(order.partsOrderId)).body.rowVersion).toBe(order.rowVersion);
    expect((await t.call('DELETE', path, { token: tokens.service })).status).toBe(204);
    expect((await t.call('DELETE', path, { token: tokens.service })).status).toBe(404);
    expect((await getOrder(order.partsOrderId)).body.partsItems).toEqual([]);
  });

  it('checks the item: unit of measure known, billing code one of the four, quantity at least 1, a description', async () => {
    const order = await customerOrder();
    const post = (changes: Record<string, unknown>) =>
      t.call<ErrorBody>('POST', `/api/Parts/${order.partsOrderId}/PartsItem`, { token: tokens.service, body: part(changes) });
    expect((await post({ unitOfMeasure: 'XX' })).body.field).toBe('unitOfMeasure');
    expect((await post({ billingCode: 'Free' })).body.field).toBe('billingCode');
    expect((await post({ quantity: 0 })).body.field).toBe('quantity');
    expect((await post({ partDescription: '' })).body.field).toBe('partDescription');
    expect(await t.db.select().from(partsOrderItems).where(eq(partsOrderItems.partsOrderId, order.partsOrderId))).toHaveLength(0);
  });

  it("answers 404 for another order's item, and viewers may not write", async () => {
    const first = await customerOrder();
    const second = await customerOrder();
    const item = await addItem(first.partsOrderId);
    expect(
      (await t.call('DELETE', `/api/Parts/${second.partsOrderId}/PartsItem/${item.partsOrderItemId}`, { token: tokens.service })).status,
    ).toBe(404);
    expect((await t.call('POST', `/api/Parts/${first.partsOrderId}/PartsItem`, { token: tokens.viewer, body: part() })).status).toBe(403);
  });
});

describe('POST {api}/Parts/{id}: submit (spec 3 §4)', () => {
  it('refuses an order with no items and changes nothing', async () => {
    const order = await customerOrder();
    const result = await t.call<ErrorBody>('POST', `/api/Parts/${order.partsOrderId}`, { token: tokens.service, body: {} });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ message: M.noItems, field: 'partsItems' });
    const [row] = await t.db.select().from(partsOrders).where(eq(partsOrders.id, order.partsOrderId));
    expect(row).toMatchObject({ status: 'Active', vantagePartsRequestId: null, partsLogNumber: null, rowVersion: order.rowVersion });
  });

  it('gives the order its request id, log number and Submitted; from then on it is view-only', async () => {
    const order = await submitted(2);
    expect(order).toMatchObject({
      orderStatus: 'Submitted',
      isStagedPart: false,
      canEdit: false,
      orderDate: TODAY,
      rowVersion: 1,
      vantagePartsRequestId: 800_000 + order.partsOrderId,
      partsLogNumber: String(order.partsOrderId).padStart(6, '0'),
      vantagePartsOrderName: `PO-${String(order.partsOrderId).padStart(7, '0')}`,
    });
    for (const item of order.partsItems)
      expect(item).toMatchObject({
        vantagePartsRequestLineItemId: item.partsOrderItemId,
        vantagePartsRequestNumber: order.vantagePartsOrderName,
      });
    const id = order.partsOrderId;
    const itemId = order.partsItems[0]!.partsOrderItemId;
    for (const [method, path, body] of [
      ['POST', `/api/Parts/${id}`, {}],
      ['PUT', `/api/Parts/${id}`, { shipToType: 'Retailer', shipToAddressName: 'X', rowVersion: 1 }],
      ['DELETE', `/api/Parts/${id}`, undefined],
      ['POST', `/api/Parts/${id}/PartsItem`, part()],
      ['PUT', `/api/Parts/${id}/PartsItem/${itemId}`, { ...part(), rowVersion: 0 }],
      ['DELETE', `/api/Parts/${id}/PartsItem/${itemId}`, undefined],
    ] as const) {
      const result = await t.call<ErrorBody>(method, path, { token: tokens.service, body });
      expect(result.status, `${method} ${path}`).toBe(400);
      expect(result.body.message).toBe(M.notStaged);
    }
    expect((await getOrder(id)).body).toEqual(order);
  });
});

describe('receipt marks: PUT {api}/Parts/{plant}/{log}/PartsReceived and PUT {api}/Parts/vantage/{id} (spec 3 §4)', () => {
  const receivedPath = (order: PartsOrder) => `/api/Parts/${order.plantNumber}/${order.partsLogNumber}/PartsReceived`;

  it('takes marks only when the order is SHIPPED', async () => {
    const order = await submitted(1);
    const result = await t.call<ErrorBody>('PUT', receivedPath(order), {
      token: tokens.service,
      body: correct([order.partsItems[0]!.partsOrderItemId]),
    });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(M.notShipped);
    const staged = await customerOrder();
    const item = await addItem(staged.partsOrderId);
    expect(
      (
        await t.call('PUT', `/api/Parts/vantage/${staged.partsOrderId + 800_000}`, {
          token: tokens.service,
          body: correct([item.partsOrderItemId]),
        })
      ).status,
    ).toBe(404);
  });

  it('marks items correct; the order is Received once every item is', async () => {
    const order = await shipped(3);
    const [first, second, third] = order.partsItems.map((item) => item.partsOrderItemId) as [number, number, number];
    const partial = await t.call<PartsOrder>('PUT', receivedPath(order), { token: tokens.service, body: correct([first, second]) });
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({ orderStatus: 'SHIPPED', allReceivedCorrect: false, rowVersion: order.rowVersion + 1 });
    expect(partial.body.partsItems.map((item) => [item.isCorrect, item.receivedDate])).toEqual([
      [true, TODAY],
      [true, TODAY],
      [null, '1900-01-01'],
    ]);
    // A part marked correct stays so: marks on it again are refused, and nothing is written.
    const flip = await t.call<ErrorBody>('PUT', `/api/Parts/vantage/${order.vantagePartsRequestId}`, {
      token: tokens.service,
      body: { items: [{ partsOrderItemId: second, isCorrect: false, incorrectPartMessage: 'Dented' }] },
    });
    expect(flip.status).toBe(400);
    expect(flip.body).toMatchObject({ message: M.alreadyReceived, field: 'items.0.partsOrderItemId' });
    const rest = await t.call<PartsOrder>('PUT', receivedPath(order), { token: tokens.service, body: correct([third]) });
    expect(rest.body).toMatchObject({ orderStatus: 'Received', allReceivedCorrect: true, rowVersion: order.rowVersion + 2 });
    // A different mark on a Received order is refused as not shipped.
    const again = await t.call<ErrorBody>('PUT', `/api/Parts/vantage/${order.vantagePartsRequestId}`, {
      token: tokens.service,
      body: { items: [{ partsOrderItemId: first, isCorrect: false, incorrectPartMessage: 'Dented' }] },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(M.notShipped);
  });

  it('marks an item incorrect with its message (required); a later correct mark clears it', async () => {
    const order = await shipped(2);
    const [first, second] = order.partsItems.map((item) => item.partsOrderItemId) as [number, number];
    const path = `/api/Parts/vantage/${order.vantagePartsRequestId}`;
    const noMessage = await t.call<ErrorBody>('PUT', path, {
      token: tokens.service,
      body: { items: [{ partsOrderItemId: first, isCorrect: false, incorrectPartMessage: '  ' }] },
    });
    expect(noMessage.status).toBe(400);
    expect(noMessage.body).toMatchObject({
      message: `${M.incorrectMessageRequired} (items.0.incorrectPartMessage)`,
      field: 'items.0.incorrectPartMessage',
    });
    const [untouched] = await t.db.select().from(partsOrderItems).where(eq(partsOrderItems.id, first));
    expect(untouched).toMatchObject({ isCorrect: null, receivedDate: null });

    const incorrect = await t.call<PartsOrder>('PUT', path, {
      token: tokens.service,
      body: { items: [{ partsOrderItemId: first, isCorrect: false, incorrectPartMessage: ' Arrived cracked ' }] },
    });
    expect(incorrect.status).toBe(200);
    expect(incorrect.body.orderStatus).toBe('SHIPPED');
    expect(incorrect.body.partsItems[0]).toMatchObject({ isCorrect: false, incorrectPartMessage: 'Arrived cracked', receivedDate: TODAY });
    const fixed = await t.call<PartsOrder>('PUT', receivedPath(order), { token: tokens.service, body: correct([first, second]) });
    expect(fixed.body).toMatchObject({ orderStatus: 'Received', allReceivedCorrect: true });
    expect(fixed.body.partsItems[0]).toMatchObject({ isCorrect: true, incorrectPartMessage: '' });
  });

  it('reads the status trimmed and in any case, refuses items of another order, and is for service admins', async () => {
    const order = await shipped(1, ' shipped ');
    const other = await shipped(1);
    const foreign = await t.call<ErrorBody>('PUT', receivedPath(order), {
      token: tokens.service,
      body: correct([other.partsItems[0]!.partsOrderItemId]),
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ message: M.itemNotOnOrder, field: 'items.0.partsOrderItemId' });
    expect(
      (await t.call('PUT', receivedPath(order), { token: tokens.viewer, body: correct([order.partsItems[0]!.partsOrderItemId]) })).status,
    ).toBe(403);
    const result = await t.call<PartsOrder>('PUT', receivedPath(order), {
      token: tokens.service,
      body: correct([order.partsItems[0]!.partsOrderItemId]),
    });
    expect(result.status).toBe(200);
    expect(result.body.orderStatus).toBe('Received');
  });

  it('applies a receipt replayed with the same Idempotency-Key once', async () => {
    const order = await shipped(2);
    const key = randomUUID();
    const body = correct([order.partsItems[0]!.partsOrderItemId]);
    const first = await t.call<PartsOrder>('PUT', receivedPath(order), { token: tokens.service, body, idempotencyKey: key });
    const replay = await t.call<PartsOrder>('PUT', receivedPath(order), { token: tokens.service, body, idempotencyKey: key });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect((await getOrder(order.partsOrderId)).body.rowVersion).toBe(order.rowVersion + 1);
  });

  it("answers 404 for another retailer's order", async () => {
    const order = await shipped(1);
    expect(
      (await t.call('PUT', receivedPath(order), { token: tokens.company, body: correct([order.partsItems[0]!.partsOrderItemId]) })).status,
    ).toBe(404);
  });
});

describe('POST {api}/Parts/Close', () => {
  it('closes a Received order; others are refused; closing again answers the closed order', async () => {
    const order = await shipped(1);
    const early = await t.call<ErrorBody>('POST', '/api/Parts/Close', {
      token: tokens.service,
      body: { vantagePartsRequestId: order.vantagePartsRequestId },
    });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(M.notReceived);
    await t.call('PUT', `/api/Parts/vantage/${order.vantagePartsRequestId}`, {
      token: tokens.service,
      body: correct([order.partsItems[0]!.partsOrderItemId]),
    });
    const closed = await t.call<PartsOrder>('POST', '/api/Parts/Close', {
      token: tokens.service,
      body: { vantagePartsRequestId: order.vantagePartsRequestId },
    });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ orderStatus: 'Closed', isClosed: true });
    const again = await t.call<PartsOrder>('POST', '/api/Parts/Close', {
      token: tokens.service,
      body: { vantagePartsRequestId: order.vantagePartsRequestId },
    });
    expect(again.status).toBe(200);
    expect(again.body.rowVersion).toBe(closed.body.rowVersion);
    expect(
      (await t.call('POST', '/api/Parts/Close', { token: tokens.viewer, body: { vantagePartsRequestId: order.vantagePartsRequestId } }))
        .status,
    ).toBe(403);
    expect((await t.call('POST', '/api/Parts/Close', { token: tokens.service, body: { vantagePartsRequestId: 1 } })).status).toBe(404);
  });
});

describe('GET {api}/Parts/ShipToLocations?retailerNumber', () => {
  it("lists the retailer's locations, the retail center itself first (order 1)", async () => {
    const result = await t.call<ShipToLocation[]>('GET', '/api/Parts/ShipToLocations', {
      token: tokens.viewer,
      query: { retailerNumber: '4217' },
    });
    expect(result.status).toBe(200);
    expect(result.body).toHaveLength(3);
    expect(result.body.every((location) => location.order === 1)).toBe(true);
    expect(result.body[0]).toMatchObject({ name: 'Smoky Mountain Homes', city: 'Knoxville', state: 'TN' });
    expect(result.body[0]!.display).toBe(`Smoky Mountain Homes - ${result.body[0]!.address1} Knoxville, TN 37919`);
    expect(new Set(result.body.map((location) => location.name.slice(0, 35))).size).toBe(3);
  });

  it("is limited to the user's retail centers, and for plant users to retailers of their facilities", async () => {
    expect((await t.call('GET', '/api/Parts/ShipToLocations', { token: tokens.service, query: { retailerNumber: '7740' } })).status).toBe(
      403,
    );
    expect((await t.call('GET', '/api/Parts/ShipToLocations', { token: tokens.admin, query: { retailerNumber: '4218' } })).status).toBe(
      200,
    );
    // The plant user's own retail centers are 4217 and 5123; an order at their facility opens another retailer's.
    const [atFacility] = await t.db
      .select()
      .from(partsOrders)
      .where(and(inArray(partsOrders.plantNumber, ['910', '931']), notInArray(partsOrders.retailerNumber, ['4217', '5123'])))
      .limit(1);
    expect(atFacility).toBeDefined();
    expect(
      (await t.call('GET', '/api/Parts/ShipToLocations', { token: tokens.plant, query: { retailerNumber: atFacility!.retailerNumber } }))
        .status,
    ).toBe(200);
    expect((await t.call('GET', '/api/Parts/ShipToLocations', { token: tokens.service, query: { retailerNumber: 'x' } })).status).toBe(400);
    expect((await t.call('GET', '/api/Parts/ShipToLocations', { token: tokens.driver, query: { retailerNumber: '4217' } })).status).toBe(
      403,
    );
  });
});

describe('units of measure stay at their work-order path beside /Parts/{id}', () => {
  it('GET {api}/Parts/UnitsOfMeasure still answers the units', async () => {
    const result = await t.call<{ abbreviation: string }[]>('GET', '/api/Parts/UnitsOfMeasure', { token: tokens.service });
    expect(result.status).toBe(200);
    expect(result.body.map((unit) => unit.abbreviation)).toContain('EA');
  });
});
