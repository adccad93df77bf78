import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IDEMPOTENCY_HEADER,
  WORK_ORDER_MESSAGES,
  WORK_ORDER_STATUSES,
  type ServiceAttachment,
  type ServiceItem,
  type ServicePartsItem,
  type ServiceRequest,
  type ServiceRequestSummary,
} from '../../src/contract';
import { homes, serviceRequests } from '../../src/server/db/schema';
import { solidPng } from '../../src/server/db/seed/work-orders';
import { DEFAULT_NUMBER_STARTS, workOrderNumberOf } from '../../src/server/numbers/number-starts';
import { createTestContext, ifNoneMatchFormsOf, type TestContext } from './harness';
import { informationBody } from './information-body';

let t: TestContext;
const tokens: Record<string, string> = {};
let home4217: { id: number; serialNumber: string; plantNumber: string };

/** The clock the date rules count from: 15 June 2026 (spec 3 §5 numbers are relative to it). */
const NOW = new Date('2026-06-15T15:00:00Z');
const TODAY = '2026-06-15';

beforeAll(async () => {
  t = await createTestContext();
  t.setNow(NOW);
  for (const key of ['service', 'viewer', 'admin', 'company', 'plant', 'sales', 'internal']) tokens[key] = await t.login(key);
  const [home] = await t.db.select().from(homes).where(eq(homes.retailerNumber, '4217')).limit(1);
  home4217 = home!;
});
afterAll(() => t.close());

const createQuery = (home = home4217) => ({ plantNumber: home.plantNumber, longSerialNumber: home.serialNumber, assetId: String(home.id) });

async function createRequest(token = tokens.service!) {
  const result = await t.call<ServiceRequest>('POST', '/api/service/CreateServiceRequest', { token, query: createQuery() });
  expect(result.status).toBe(201);
  return result.body;
}

const item = (changes: Record<string, unknown> = {}) => ({
  problemDescription: 'Front door will not latch',
  determinedCause: 'Strike plate out of alignment',
  actionTaken: 'Realigned strike plate',
  partsCost: 10,
  laborHours: 2,
  isTwoMan: false,
  ...changes,
});

const part = (changes: Record<string, unknown> = {}) => ({
  categoryNumber: '10',
  commodityNumber: '120',
  partNumber: '44871',
  partDescription: 'Strike plate',
  billingCode: 'Warranty',
  unitOfMeasure: 'EA',
  quantity: 2,
  ...changes,
});

async function upload(
  path: string,
  token: string | undefined,
  fields: Record<string, string>,
  file?: { bytes: Uint8Array; name: string; type: string },
  key = randomUUID(),
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set('file', new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  const headers: Record<string, string> = { [IDEMPOTENCY_HEADER]: key };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await t.app.request(path, { method: 'POST', headers, body: form });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : undefined) as ServiceAttachment & {
      message: string;
      field: string;
      issues?: { field: string; message: string }[];
    },
  };
}

const png = solidPng(8, 8, [200, 40, 40]);

async function seededRequest(retailerNumber: string, status: string, isArchived = false) {
  const [row] = await t.db
    .select()
    .from(serviceRequests)
    .where(
      and(
        eq(serviceRequests.retailerNumber, retailerNumber),
        eq(serviceRequests.status, status),
        eq(serviceRequests.isArchived, isArchived),
      ),
    )
    .limit(1);
  if (!row) throw new Error(`no seeded request ${retailerNumber} ${status}`);
  return row;
}

describe('POST /api/service/CreateServiceRequest (spec 3 §7)', () => {
  it('creates a staged request for a home of the current retailer, with the plant rates and today as request date', async () => {
    const created = await createRequest();
    expect(created).toMatchObject({
      status: 'Unsubmitted',
      isStaged: true,
      vantageWorkOrderId: null,
      assetId: home4217.id,
      serialNumber: home4217.serialNumber,
      plantNumber: home4217.plantNumber,
      retailerNumber: '4217',
      requestDate: TODAY,
      performedDate: '1900-01-01',
      canEdit: true,
      canArchive: false,
      serviceItems: [],
      partsItems: [],
      serviceAttachments: [],
      partsOrderId: created.serviceRequestId,
    });
    expect(created.serviceRequestNumber).toBe(String(created.serviceRequestId).padStart(6, '0'));
    expect(created.oneManServiceRate).toBeGreaterThan(0);
    expect(created.twoManServiceRate).toBeGreaterThan(created.oneManServiceRate);
  });

  it('a create replayed with the same Idempotency-Key answers the first request and creates nothing more', async () => {
    const rowsOfHome = async () =>
      (await t.db.select({ n: count() }).from(serviceRequests).where(eq(serviceRequests.homeId, home4217.id)))[0]!.n;
    const before = await rowsOfHome();
    const key = randomUUID();
    const first = await t.call<ServiceRequest>('POST', '/api/service/CreateServiceRequest', {
      token: tokens.service,
      query: createQuery(),
      idempotencyKey: key,
    });
    const replay = await t.call<ServiceRequest>('POST', '/api/service/CreateServiceRequest', {
      token: tokens.service,
      query: createQuery(),
      idempotencyKey: key,
    });
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.body.serviceRequestId).toBe(first.body.serviceRequestId);
    expect(await rowsOfHome()).toBe(before + 1);
  });

  it('refuses viewers and users without a service role (403), another retailer’s home (404) and a wrong serial (400)', async () => {
    for (const key of ['viewer', 'sales', 'internal']) {
      expect((await t.call('POST', '/api/service/CreateServiceRequest', { token: tokens[key], query: createQuery() })).status, key).toBe(
        403,
      );
    }
    expect((await t.call('POST', '/api/service/CreateServiceRequest', { token: tokens.company, query: createQuery() })).status).toBe(404);
    const wrong = await t.call<{ message: string }>('POST', '/api/service/CreateServiceRequest', {
      token: tokens.service,
      query: { ...createQuery(), longSerialNumber: 'XXX000000TNA' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(WORK_ORDER_MESSAGES.serialMismatch);
    expect((await t.call('POST', '/api/service/CreateServiceRequest', { query: createQuery() })).status).toBe(401);
  });
});

describe('reading requests: GET /api/service, ?assetId, /{id}, /workorders/{id}', () => {
  it('lists only the current retailer’s requests; another retailer gets 404 for one of them', async () => {
    const created = await createRequest();
    const list = await t.call<ServiceRequestSummary[]>('GET', '/api/service', { token: tokens.service });
    expect(list.status).toBe(200);
    expect(list.body.every((row) => row.retailerNumber === '4217')).toBe(true);
    expect(list.body.some((row) => row.serviceRequestId === created.serviceRequestId)).toBe(true);
    const other = await t.call<ServiceRequestSummary[]>('GET', '/api/service', { token: tokens.company });
    expect(other.body.length).toBeGreaterThan(0);
    expect(other.body.every((row) => row.retailerNumber === '7740')).toBe(true);
    expect((await t.call('GET', `/api/service/${created.serviceRequestId}`, { token: tokens.company })).status).toBe(404);
    expect(
      (await t.call('PUT', `/api/service/${created.serviceRequestId}`, { token: tokens.company, body: informationBody(created) })).status,
    ).toBe(404);
  });

  it('filters by assetId, and a service viewer reads but cannot edit', async () => {
    const created = await createRequest();
    const ofHome = await t.call<ServiceRequestSummary[]>('GET', '/api/service', {
      token: tokens.viewer,
      query: { assetId: String(home4217.id) },
    });
    expect(ofHome.body.length).toBeGreaterThan(0);
    expect(ofHome.body.every((row) => row.assetId === home4217.id)).toBe(true);
    const seen = await t.call<ServiceRequest>('GET', `/api/service/${created.serviceRequestId}`, { token: tokens.viewer });
    expect(seen.status).toBe(200);
    expect(seen.body.canEdit).toBe(false);
    expect(
      (await t.call('PUT', `/api/service/${created.serviceRequestId}`, { token: tokens.viewer, body: informationBody(created) })).status,
    ).toBe(403);
    expect((await t.call('POST', `/api/service/${created.serviceRequestId}/items`, { token: tokens.viewer, body: item() })).status).toBe(
      403,
    );
    expect((await t.call('DELETE', `/api/service/${created.serviceRequestId}`, { token: tokens.viewer })).status).toBe(403);
    expect((await t.call('GET', '/api/service', { token: tokens.sales })).status).toBe(403);
  });

  it('a plant user sees the requests of their facilities, whatever the retailer', async () => {
    const list = await t.call<ServiceRequestSummary[]>('GET', '/api/service', { token: tokens.plant });
    expect(list.body.length).toBeGreaterThan(0);
    expect(list.body.every((row) => ['910', '931'].includes(row.plantNumber))).toBe(true);
    expect(new Set(list.body.map((row) => row.retailerNumber)).size).toBeGreaterThan(1);
  });

  it('finds a work order by its work order id', async () => {
    const row = await seededRequest('4217', 'O');
    const result = await t.call<ServiceRequest>('GET', `/api/service/workorders/${row.vantageWorkOrderId}`, { token: tokens.service });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ serviceRequestId: row.id, isStaged: false, isRequestTypeForced: true, status: 'O' });
    expect((await t.call('GET', `/api/service/workorders/${row.vantageWorkOrderId}`, { token: tokens.company })).status).toBe(404);
    expect((await t.call('GET', '/api/service/workorders/999999999', { token: tokens.service })).status).toBe(404);
  });
});

describe('PUT /api/service/{id}: the information form rules (spec 3 §4, §5)', () => {
  const put = (request: ServiceRequest, changes: Record<string, unknown>) =>
    t.call<ServiceRequest & { message: string; field: string; issues: { field: string; message: string }[] }>(
      'PUT',
      `/api/service/${request.serviceRequestId}`,
      {
        token: tokens.service,
        body: informationBody(request, changes),
      },
    );

  it('takes a range of at most 14 days, refuses 15, an end before the start and an end without a start', async () => {
    const request = await createRequest();
    const ok = await put(request, { requestType: 'A', startDate: '2026-06-01', endDate: '2026-06-15' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ startDate: '2026-06-01', endDate: '2026-06-15', rowVersion: request.rowVersion + 1 });

    const tooLong = await put(ok.body, { startDate: '2026-06-01', endDate: '2026-06-16' });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.issues).toEqual([{ field: 'endDate', message: WORK_ORDER_MESSAGES.rangeTooLong }]);
    expect(WORK_ORDER_MESSAGES.rangeTooLong).toContain('14 days');
    const backwards = await put(ok.body, { startDate: '2026-06-10', endDate: '2026-06-09' });
    expect(backwards.body.issues).toEqual([{ field: 'endDate', message: WORK_ORDER_MESSAGES.endBeforeStart }]);
    const noStart = await put(ok.body, { startDate: '', endDate: '2026-06-09' });
    expect(noStart.body.issues).toEqual([{ field: 'startDate', message: WORK_ORDER_MESSAGES.endWithoutStart }]);
    // Nothing of a refused save is written.
    const after = await t.call<ServiceRequest>('GET', `/api/service/${request.serviceRequestId}`, { token: tokens.service });
    expect(after.body).toMatchObject({ startDate: '2026-06-01', endDate: '2026-06-15', rowVersion: ok.body.rowVersion });
  });

  it('performed date: 60 days back is fine, 61 too early, tomorrow too late, required for Request for Payment, before 1990 empty', async () => {
    const request = await createRequest();
    expect((await put(request, { requestType: 'A', performedDate: '2026-04-16' })).status).toBe(200);
    const current = (await t.call<ServiceRequest>('GET', `/api/service/${request.serviceRequestId}`, { token: tokens.service })).body;
    expect(current.performedDate).toBe('2026-04-16');
    expect((await put(current, { performedDate: '2026-04-15' })).body.issues).toEqual([
      { field: 'performedDate', message: WORK_ORDER_MESSAGES.performedDateTooEarly },
    ]);
    expect((await put(current, { performedDate: '2026-06-16' })).body.issues).toEqual([
      { field: 'performedDate', message: WORK_ORDER_MESSAGES.performedDateInFuture },
    ]);
    expect((await put(current, { performedDate: TODAY })).status).toBe(200);
    const latest = (await t.call<ServiceRequest>('GET', `/api/service/${request.serviceRequestId}`, { token: tokens.service })).body;
    expect((await put(latest, { requestType: 'V', performedDate: '' })).body.issues).toEqual([
      { field: 'performedDate', message: WORK_ORDER_MESSAGES.performedDateRequired },
    ]);
    expect((await put(latest, { requestType: 'V', performedDate: '1989-12-31' })).body.issues).toEqual([
      { field: 'performedDate', message: WORK_ORDER_MESSAGES.performedDateRequired },
    ]);
    const old = await put(latest, { requestType: 'A', performedDate: '1900-01-01' });
    expect(old.status).toBe(200);
    expect(old.body.performedDate).toBe('1900-01-01');
  });

  it('moving the clock moves the rules: the same date is fine 30 days later but not 61', async () => {
    const request = await createRequest();
    try {
      t.setNow(new Date('2026-08-14T12:00:00Z'));
      expect((await put(request, { requestType: 'A', performedDate: '2026-06-15' })).status).toBe(200);
      t.setNow(new Date('2026-08-15T12:00:00Z'));
      const latest = (await t.call<ServiceRequest>('GET', `/api/service/${request.serviceRequestId}`, { token: tokens.service })).body;
      expect((await put(latest, { performedDate: '2026-06-15' })).body.issues?.[0]?.message).toBe(
        WORK_ORDER_MESSAGES.performedDateTooEarly,
      );
    } finally {
      t.setNow(NOW);
    }
  });

  it('Factory Service clears the performed date; trip time rounds to the quarter hour; Dispatch needs deployDispatch', async () => {
    const request = await createRequest();
    const factory = await put(request, { requestType: 'F', performedDate: '2026-06-10', tripTime: 1.13 });
    expect(factory.status).toBe(200);
    expect(factory.body).toMatchObject({ requestType: 'F', performedDate: '1900-01-01', tripTime: 1.25 });
    expect((await put(factory.body, { tripTime: 1.1 })).body.tripTime).toBe(1);
    const latest = (await t.call<ServiceRequest>('GET', `/api/service/${request.serviceRequestId}`, { token: tokens.service })).body;
    expect(latest.isDispatchEnabled).toBe(false);
    expect((await put(latest, { requestType: 'D' })).body.issues).toEqual([
      { field: 'requestType', message: WORK_ORDER_MESSAGES.dispatchNotEnabled },
    ]);
    expect((await put(latest, { requestType: 'Q' })).status).toBe(400);
  });

  it('a homeowner-portal request of a retailer with the portal deployed is forced to Request for Payment', async () => {
    const request = await createRequest();
    await t.db
      .update(serviceRequests)
      .set({ vantageCaseOrigin: 'Homeowner Portal', requestType: 'A' })
      .where(eq(serviceRequests.id, request.serviceRequestId));
    const portal = (await t.call<ServiceRequest>('GET', `/api/service/${request.serviceRequestId}`, { token: tokens.service })).body;
    expect(portal.isRequestTypeForced).toBe(true);
    expect((await put(portal, { requestType: 'A', performedDate: '' })).body.issues).toEqual([
      { field: 'performedDate', message: WORK_ORDER_MESSAGES.performedDateRequired },
    ]);
    const saved = await put(portal, { requestType: 'A', performedDate: '2026-06-01' });
    expect(saved.status).toBe(200);
    expect(saved.body.requestType).toBe('V');
  });

  it('answers 409 with the current record for a stale rowVersion', async () => {
    const request = await createRequest();
    expect((await put(request, { technician: 'Dale Hutchins' })).status).toBe(200);
    const stale = await t.call<{ message: string; current: ServiceRequest }>('PUT', `/api/service/${request.serviceRequestId}`, {
      token: tokens.service,
      body: informationBody(request, { technician: 'Someone Else' }),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.current.technician).toBe('Dale Hutchins');
  });
});

describe('service items and costs', () => {
  it('rounds labor hours to the quarter, takes the one- or two-man rate, and computes the totals on the server', async () => {
    const request = await createRequest();
    const saved = await t.call<ServiceRequest>('PUT', `/api/service/${request.serviceRequestId}`, {
      token: tokens.service,
      body: informationBody(request, { requestType: 'A', mileage: 10, tripTime: 1, otherCosts: 5 }),
    });
    expect(saved.status).toBe(200);
    const one = await t.call<ServiceItem>('POST', `/api/service/${request.serviceRequestId}/items`, {
      token: tokens.service,
      body: item({ laborHours: 2.1, partsCost: 10 }),
    });
    expect(one.status).toBe(201);
    expect(one.body).toMatchObject({ laborHours: 2, hourlyLaborRate: request.oneManServiceRate, serviceRequestSequence: 1 });
    const two = await t.call<ServiceItem>('POST', `/api/service/${request.serviceRequestId}/items`, {
      token: tokens.service,
      body: item({ laborHours: 1.3, partsCost: 0, isTwoMan: true }),
    });
    expect(two.body).toMatchObject({ laborHours: 1.25, hourlyLaborRate: request.twoManServiceRate, serviceRequestSequence: 2 });

    const full = (await t.call<ServiceRequest>('GET', `/api/service/${request.serviceRequestId}`, { token: tokens.service })).body;
    const labor = 2 * request.oneManServiceRate + 1.25 * request.twoManServiceRate;
    const service = labor + 10 * request.mileageRate + 1 * request.driverRate + 5;
    expect(full.totalServiceCost).toBeCloseTo(service, 2);
    expect(full.totalCombinedCost).toBeCloseTo(service + 10, 2);
    const listed = (await t.call<ServiceRequestSummary[]>('GET', '/api/service', { token: tokens.service })).body.find(
      (row) => row.serviceRequestId === request.serviceRequestId,
    );
    expect(listed?.totalCombinedCost).toBeCloseTo(service + 10, 2);

    const edited = await t.call<ServiceItem>('PUT', `/api/service/${request.serviceRequestId}/items/${two.body.serviceRequestItemId}`, {
      token: tokens.service,
      body: item({ laborHours: 1.3, partsCost: 0, isTwoMan: false, rowVersion: two.body.rowVersion }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.hourlyLaborRate).toBe(request.oneManServiceRate);
    const stale = await t.call('PUT', `/api/service/${request.serviceRequestId}/items/${two.body.serviceRequestItemId}`, {
      token: tokens.service,
      body: item({ rowVersion: two.body.rowVersion }),
    });
    expect(stale.status).toBe(409);
    expect(
      (await t.call('DELETE', `/api/service/${request.serviceRequestId}/items/${two.body.serviceRequestItemId}`, { token: tokens.service }))
        .status,
    ).toBe(204);
    expect(
      (await t.call('DELETE', `/api/service/${request.serviceRequestId}/items/${two.body.serviceRequestItemId}`, { token: tokens.service }))
        .status,
    ).toBe(404);
    const after = (await t.call<ServiceRequest>('GET', `/api/service/${request.serviceRequestId}`, { token: tokens.service })).body;
    expect(after.serviceItems).toHaveLength(1);
    expect(after.totalCombinedCost).toBeCloseTo(2 * request.oneManServiceRate + 10 * request.mileageRate + request.driverRate + 5 + 10, 2);
  });

  it('requires the three descriptions, and parts cost and labor hours unless Factory Service', async () => {
    const request = await createRequest();
    const missing = await t.call<{ issues: { field: string; message: string }[] }>(
      'POST',
      `/api/service/${request.serviceRequestId}/items`,
      {
        token: tokens.service,
        body: item({ problemDescription: ' ', determinedCause: '', actionTaken: '' }),
      },
    );
    expect(missing.status).toBe(400);
    expect(missing.body.issues.map((issue) => issue.message)).toEqual([
      WORK_ORDER_MESSAGES.problemDescriptionRequired,
      WORK_ORDER_MESSAGES.determinedCauseRequired,
      WORK_ORDER_MESSAGES.actionTakenRequired,
    ]);
    const noCost = await t.call<{ issues: { field: string }[] }>('POST', `/api/service/${request.serviceRequestId}/items`, {
      token: tokens.service,
      body: item({ partsCost: null, laborHours: null }),
    });
    expect(noCost.status).toBe(400);
    expect(noCost.body.issues.map((issue) => issue.field)).toEqual(['partsCost', 'laborHours']);
    expect(
      (await t.call('POST', `/api/service/${request.serviceRequestId}/items`, { token: tokens.service, body: item({ laborHours: -1 }) }))
        .status,
    ).toBe(400);
    // Beyond what the numeric columns hold: the field's own message, not the database's.
    const tooLarge = await t.call<{ issues: { field: string; message: string }[] }>(
      'POST',
      `/api/service/${request.serviceRequestId}/items`,
      {
        token: tokens.service,
        body: item({ partsCost: 1e10, laborHours: 1e6 }),
      },
    );
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.issues).toEqual([
      { field: 'partsCost', message: WORK_ORDER_MESSAGES.partsCostInvalid },
      { field: 'laborHours', message: WORK_ORDER_MESSAGES.laborHoursInvalid },
    ]);
    const hugeMileage = await t.call<{ issues: { field: string }[] }>('PUT', `/api/service/${request.serviceRequestId}`, {
      token: tokens.service,
      body: informationBody(request, { mileage: 1e6 }),
    });
    expect(hugeMileage.body.issues.map((issue) => issue.field)).toEqual(['mileage']);
    await t.call('PUT', `/api/service/${request.serviceRequestId}`, {
      token: tokens.service,
      body: informationBody(request, { requestType: 'F' }),
    });
    const factory = await t.call<ServiceItem>('POST', `/api/service/${request.serviceRequestId}/items`, {
      token: tokens.service,
      body: item({ partsCost: null, laborHours: null }),
    });
    expect(factory.status).toBe(201);
    expect(factory.body).toMatchObject({ partsCost: 0, laborHours: 0 });
  });
});

describe('parts items on a request', () => {
  it('adds, edits and removes parts on a staged request’s parts order; checks the unit of measure', async () => {
    const request = await createRequest();
    const base = `/api/Service/${request.serviceRequestId}/PartsOrder/${request.partsOrderId}`;
    const added = await t.call<ServicePartsItem>('POST', base, { token: tokens.service, body: part() });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      combinedPartNumber: '1012044871',
      quantity: 2,
      unitOfMeasure: 'EA',
      vantagePartsRequestNumber: null,
    });
    expect(
      (
        await t.call('POST', `/api/Service/${request.serviceRequestId}/PartsOrder/${request.partsOrderId + 1}`, {
          token: tokens.service,
          body: part(),
        })
      ).status,
    ).toBe(404);
    const badUnit = await t.call<{ field: string; message: string }>('POST', base, {
      token: tokens.service,
      body: part({ unitOfMeasure: 'ZZ' }),
    });
    expect(badUnit.status).toBe(400);
    expect(badUnit.body.field).toBe('unitOfMeasure');
    expect((await t.call('POST', base, { token: tokens.service, body: part({ quantity: 0 }) })).status).toBe(400);
    const edited = await t.call<ServicePartsItem>('PUT', `${base}/PartsItem/${added.body.partsOrderItemId}`, {
      token: tokens.service,
      body: part({ quantity: 3, rowVersion: added.body.rowVersion }),
    });
    expect(edited.body.quantity).toBe(3);
    expect((await t.call('DELETE', `${base}/PartsItem/${added.body.partsOrderItemId}`, { token: tokens.service })).status).toBe(204);
  });
});

describe('attachments', () => {
  it('uploads a photo (multipart), serves it from the images base to the retailer only, edits and removes it', async () => {
    const request = await createRequest();
    const base = `/api/Service/${request.plantNumber}/${request.serviceRequestNumber}/${request.serviceRequestId}/ServiceAttachment`;
    const key = randomUUID();
    const added = await upload(
      base,
      tokens.service,
      { attachmentType: '1', description: 'Crack over hallway' },
      { bytes: png, name: 'crack.png', type: 'image/png' },
      key,
    );
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      attachmentType: 1,
      attachmentTypeDisplay: 'Service Issue',
      contentType: 'image/png',
      isPdf: false,
      sizeBytes: png.byteLength,
    });
    const replay = await upload(
      base,
      tokens.service,
      { attachmentType: '1', description: 'Crack over hallway' },
      { bytes: png, name: 'crack.png', type: 'image/png' },
      key,
    );
    expect(replay.body.serviceAttachmentId).toBe(added.body.serviceAttachmentId);

    const image = await t.app.request(added.body.imageUrl, { headers: { authorization: `Bearer ${tokens.service}` } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(png);
    expect((await t.app.request(added.body.imageUrl)).status).toBe(401);
    expect((await t.app.request(added.body.imageUrl, { headers: { authorization: `Bearer ${tokens.company}` } })).status).toBe(404);

    const item = `/api/Service/${request.serviceRequestId}/${request.plantNumber}/${request.serviceRequestNumber}/ServiceAttachment/${added.body.serviceAttachmentId}`;
    const edited = await t.call<ServiceAttachment>('PUT', item, {
      token: tokens.service,
      body: { attachmentType: 2, description: 'Receipt', amount: 12.5, rowVersion: 0 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ attachmentType: 2, attachmentTypeDisplay: 'Receipt/Invoice', amount: 12.5 });
    const full = (await t.call<ServiceRequest>('GET', `/api/service/${request.serviceRequestId}`, { token: tokens.service })).body;
    expect(full.serviceAttachments).toHaveLength(1);
    expect((await t.call('DELETE', item, { token: tokens.service })).status).toBe(204);
    expect((await t.app.request(added.body.imageUrl, { headers: { authorization: `Bearer ${tokens.service}` } })).status).toBe(404);
  });

  it('answers 304 to a weak or a multi-value If-None-Match naming an attachment, at both images addresses', async () => {
    const request = await createRequest();
    const base = `/api/Service/${request.plantNumber}/${request.serviceRequestNumber}/${request.serviceRequestId}/ServiceAttachment`;
    const staged = await upload(base, tokens.service, { attachmentType: '1' }, { bytes: png, name: 'crack.png', type: 'image/png' });
    const workOrder = await seededRequest('4217', 'D');
    const [submitted] = (await t.call<ServiceRequest>('GET', `/api/service/${workOrder.id}`, { token: tokens.service })).body
      .serviceAttachments;
    const urls = [staged.body.imageUrl, submitted!.imageUrl];
    expect(urls[0]).toMatch(/^\/images\?folder=ServiceAttachments&/);
    expect(urls[1]).toMatch(/^\/images\/workorders\//);
    const get = (url: string, ifNoneMatch?: string) =>
      t.app.request(url, {
        headers: { authorization: `Bearer ${tokens.service}`, ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) },
      });
    for (const url of urls) {
      const etag = (await get(url)).headers.get('etag')!;
      expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
      for (const ifNoneMatch of ifNoneMatchFormsOf(etag)) {
        const cached = await get(url, ifNoneMatch);
        expect(cached.status, `${url} ${ifNoneMatch}`).toBe(304);
        expect(cached.headers.get('etag')).toBe(etag);
      }
      expect((await get(url, '"stale"')).status).toBe(200);
    }
  });

  it('refuses a file whose bytes are not JPEG, PNG, GIF or PDF (whatever its name), one over 10 MB (413), and a viewer', async () => {
    const request = await createRequest();
    const base = `/api/Service/${request.plantNumber}/${request.serviceRequestNumber}/${request.serviceRequestId}/ServiceAttachment`;
    const fake = await upload(
      base,
      tokens.service,
      { attachmentType: '1' },
      { bytes: new TextEncoder().encode('not really a jpeg'), name: 'photo.jpg', type: 'image/jpeg' },
    );
    expect(fake.status).toBe(400);
    expect(fake.body.message).toBe(WORK_ORDER_MESSAGES.fileTypeRefused);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(png);
    expect((await upload(base, tokens.service, { attachmentType: '1' }, { bytes: big, name: 'big.png', type: 'image/png' })).status).toBe(
      413,
    );
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    const receipt = await upload(
      base,
      tokens.service,
      { attachmentType: '2', amount: '19.99', description: 'Hardware' },
      { bytes: pdf, name: 'r.pdf', type: 'application/pdf' },
    );
    expect(receipt.status).toBe(201);
    expect(receipt.body).toMatchObject({ isPdf: true, amount: 19.99 });
    expect((await upload(base, tokens.service, {}, { bytes: png, name: 'a.png', type: 'image/png' })).status).toBe(400);
    expect((await upload(base, tokens.service, { attachmentType: '1' })).status).toBe(400);
    const longName = await upload(
      base,
      tokens.service,
      { attachmentType: '1' },
      { bytes: png, name: `${'a'.repeat(252)}.png`, type: 'image/png' },
    );
    expect(longName.body).toMatchObject({ message: WORK_ORDER_MESSAGES.fileNameTooLong, field: 'file' });
    const hugeAmount = await upload(
      base,
      tokens.service,
      { attachmentType: '2', amount: '1e20' },
      { bytes: pdf, name: 'r.pdf', type: 'application/pdf' },
    );
    expect(hugeAmount.status).toBe(400);
    expect(hugeAmount.body.issues).toEqual([{ field: 'amount', message: WORK_ORDER_MESSAGES.numberInvalid }]);
    expect((await upload(base, tokens.viewer, { attachmentType: '1' }, { bytes: png, name: 'a.png', type: 'image/png' })).status).toBe(403);
    expect(
      (
        await upload(
          `/api/Service/${request.plantNumber}/999999/${request.serviceRequestId}/ServiceAttachment`,
          tokens.service,
          { attachmentType: '1' },
          { bytes: png, name: 'a.png', type: 'image/png' },
        )
      ).status,
    ).toBe(404);
  });
});

describe('submit, work order edits, cancel and archive (spec 3 §4, §5)', () => {
  it('refuses to submit without a request type or a service item, then submits and the request becomes a work order', async () => {
    const request = await createRequest();
    const submit = () =>
      t.call<ServiceRequest & { issues: { field: string; message: string }[] }>(
        'POST',
        `/api/Service/${request.serviceRequestId}/SubmitServiceRequest`,
        { token: tokens.service },
      );
    const empty = await submit();
    expect(empty.status).toBe(400);
    expect(empty.body.issues).toEqual([
      { field: 'requestType', message: WORK_ORDER_MESSAGES.requestTypeRequired },
      { field: 'serviceItems', message: WORK_ORDER_MESSAGES.serviceItemRequired },
    ]);
    const typed = await t.call<ServiceRequest>('PUT', `/api/service/${request.serviceRequestId}`, {
      token: tokens.service,
      body: informationBody(request, { requestType: 'A' }),
    });
    await t.call('POST', `/api/service/${request.serviceRequestId}/items`, { token: tokens.service, body: item() });
    const submitted = await submit();
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({
      isStaged: false,
      status: 'O',
      isRequestTypeForced: true,
    });
    // Numbered from WORK_ORDER_NUMBER_START up (the seed's are below it), the number spelling the id.
    expect(submitted.body.vantageWorkOrderId).toBeGreaterThanOrEqual(DEFAULT_NUMBER_STARTS.workOrder);
    expect(submitted.body.vantageWorkOrderNumber).toBe(workOrderNumberOf(submitted.body.vantageWorkOrderId!));
    expect(submitted.body.rowVersion).toBe(typed.body.rowVersion + 1);
    expect((await submit()).status).toBe(409);

    // A work order is a Request for Payment: the type is forced and a performed date is required (spec 3 §4).
    const workOrder = submitted.body;
    const wo = `/api/service/workorders/${workOrder.vantageWorkOrderId}`;
    const noDate = await t.call<{ issues: { field: string; message: string }[] }>('PUT', wo, {
      token: tokens.service,
      body: informationBody(workOrder, { requestType: 'A' }),
    });
    expect(noDate.body.issues).toEqual([{ field: 'performedDate', message: WORK_ORDER_MESSAGES.performedDateRequired }]);
    const forced = await t.call<ServiceRequest>('PUT', wo, {
      token: tokens.service,
      body: informationBody(workOrder, { requestType: 'A', performedDate: '2026-06-12', startDate: '2026-06-11', endDate: '2026-06-12' }),
    });
    expect(forced.status).toBe(200);
    expect(forced.body.requestType).toBe('V');

    const line = await t.call<ServiceItem>('POST', `${wo}/lineitems`, { token: tokens.service, body: item({ laborHours: 0.6 }) });
    expect(line.status).toBe(201);
    expect(line.body).toMatchObject({
      laborHours: 0.5,
      vantageWorkOrderLineItemId: line.body.serviceRequestItemId,
      vantageWorkOrderId: workOrder.vantageWorkOrderId,
    });
    expect(
      (await t.call('PUT', `${wo}/lineitems/${line.body.serviceRequestItemId}`, { token: tokens.service, body: item({ rowVersion: 0 }) }))
        .status,
    ).toBe(200);
    expect((await t.call('DELETE', `${wo}/lineitems/${line.body.serviceRequestItemId}`, { token: tokens.service })).status).toBe(204);

    const partsItem = await t.call<ServicePartsItem>('POST', `${wo}/partsitems`, { token: tokens.service, body: part() });
    expect(partsItem.status).toBe(201);
    expect(partsItem.body.vantagePartsRequestNumber).toBe(`PR-${workOrder.vantageWorkOrderNumber!.slice(3)}`);
    expect(
      (
        await t.call('PUT', `${wo}/partsitems/${partsItem.body.partsOrderItemId}`, {
          token: tokens.service,
          body: part({ rowVersion: 0, notes: 'back order' }),
        })
      ).status,
    ).toBe(200);
    expect((await t.call('DELETE', `${wo}/partsitems/${partsItem.body.partsOrderItemId}`, { token: tokens.service })).status).toBe(204);

    const photo = await upload(
      `/api/Service/workorders/${workOrder.vantageWorkOrderId}/attachments`,
      tokens.service,
      { attachmentType: '1' },
      { bytes: png, name: 'p.png', type: 'image/png' },
    );
    expect(photo.status).toBe(201);
    expect(photo.body.imageUrl).toBe(`/images/workorders/${workOrder.vantageWorkOrderId}/attachments/${photo.body.contentDocumentId}`);
    const served = await t.app.request(photo.body.imageUrl, { headers: { authorization: `Bearer ${tokens.viewer}` } });
    expect(served.status).toBe(200);
    const attachmentPath = `/api/Service/workorders/${workOrder.vantageWorkOrderId}/attachments/${photo.body.contentDocumentId}`;
    expect(
      (await t.call('PUT', attachmentPath, { token: tokens.service, body: { attachmentType: 1, description: 'Hall', rowVersion: 0 } }))
        .status,
    ).toBe(200);
    expect((await t.call('DELETE', attachmentPath, { token: tokens.service })).status).toBe(204);

    // Submitting the work order sends it to the plant for approval; the retailer can no longer edit it.
    const sent = await t.call<ServiceRequest>('PUT', `${wo}/submit`, { token: tokens.service });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ status: 'W', canEdit: false });
    const locked = await t.call<{ message: string }>('PUT', wo, { token: tokens.service, body: informationBody(sent.body) });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe(WORK_ORDER_MESSAGES.notEditable);
    // Cancelling is for staged requests only.
    expect((await t.call('DELETE', `/api/service/${request.serviceRequestId}`, { token: tokens.service })).status).toBe(409);
  });

  it('a work order submit needs a performed date for Request for Payment and a start date when an end date is set', async () => {
    const row = await seededRequest('4217', 'O');
    await t.db
      .update(serviceRequests)
      .set({ performedDate: null, startDate: null, endDate: '2026-06-01' })
      .where(eq(serviceRequests.id, row.id));
    const refused = await t.call<{ issues: { field: string; message: string }[] }>(
      'PUT',
      `/api/service/workorders/${row.vantageWorkOrderId}/submit`,
      { token: tokens.service },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.issues.map((issue) => issue.field)).toEqual(['startDate', 'performedDate']);
  });

  it('cannot edit a work order without canEdit (awaiting payment), nor write through a viewer', async () => {
    const row = await seededRequest('4217', 'V');
    const current = (await t.call<ServiceRequest>('GET', `/api/service/workorders/${row.vantageWorkOrderId}`, { token: tokens.service }))
      .body;
    expect(current.canEdit).toBe(false);
    const refused = await t.call<{ message: string }>('PUT', `/api/service/workorders/${row.vantageWorkOrderId}`, {
      token: tokens.service,
      body: informationBody(current),
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(WORK_ORDER_MESSAGES.notEditable);
    expect(
      (await t.call('POST', `/api/service/workorders/${row.vantageWorkOrderId}/lineitems`, { token: tokens.service, body: item() })).status,
    ).toBe(409);
    expect(
      (await t.call('PUT', `/api/service/workorders/${row.vantageWorkOrderId}`, { token: tokens.viewer, body: informationBody(current) }))
        .status,
    ).toBe(403);
  });

  it('a plant user may edit an open factory request of their facility; the retailer may not', async () => {
    const [atPlant] = await t.db
      .select()
      .from(serviceRequests)
      .where(
        and(eq(serviceRequests.status, 'F'), eq(serviceRequests.isArchived, false), inArray(serviceRequests.plantNumber, ['910', '931'])),
      )
      .limit(1);
    const asPlant = (await t.call<ServiceRequest>('GET', `/api/service/workorders/${atPlant!.vantageWorkOrderId}`, { token: tokens.plant }))
      .body;
    expect(asPlant.canEdit).toBe(true);
    const atRetailer = await seededRequest('4217', 'F');
    const asRetailer = (
      await t.call<ServiceRequest>('GET', `/api/service/workorders/${atRetailer.vantageWorkOrderId}`, { token: tokens.service })
    ).body;
    expect(asRetailer.canEdit).toBe(false);
  });

  it('cancels (deletes) a staged request permanently', async () => {
    const request = await createRequest();
    await t.call('POST', `/api/service/${request.serviceRequestId}/items`, { token: tokens.service, body: item() });
    expect((await t.call('DELETE', `/api/service/${request.serviceRequestId}`, { token: tokens.service })).status).toBe(204);
    expect((await t.call('GET', `/api/service/${request.serviceRequestId}`, { token: tokens.service })).status).toBe(404);
  });

  it('archives only a closed work order that is not archived yet', async () => {
    const open = await seededRequest('4217', 'O');
    const refused = await t.call<{ message: string }>('PUT', `/api/service/workorders/${open.vantageWorkOrderId}/archive`, {
      token: tokens.service,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(WORK_ORDER_MESSAGES.cannotArchive);

    const closed = await seededRequest('4217', 'P');
    const before = (await t.call<ServiceRequest>('GET', `/api/service/workorders/${closed.vantageWorkOrderId}`, { token: tokens.service }))
      .body;
    expect(before).toMatchObject({ isClosed: true, canArchive: true, isArchived: false });
    expect((await t.call('PUT', `/api/service/workorders/${closed.vantageWorkOrderId}/archive`, { token: tokens.viewer })).status).toBe(
      403,
    );
    const archived = await t.call<ServiceRequest>('PUT', `/api/service/workorders/${closed.vantageWorkOrderId}/archive`, {
      token: tokens.service,
    });
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ isArchived: true, canArchive: false, canEdit: false });
    expect((await t.call('PUT', `/api/service/workorders/${closed.vantageWorkOrderId}/archive`, { token: tokens.service })).status).toBe(
      409,
    );
  });
});

describe('GET /api/Parts/UnitsOfMeasure and the seeded demo data', () => {
  it('answers the units of measure', async () => {
    const units = await t.call<{ abbreviation: string; description: string }[]>('GET', '/api/Parts/UnitsOfMeasure', {
      token: tokens.service,
    });
    expect(units.status).toBe(200);
    expect(units.body).toContainEqual({ abbreviation: 'EA', description: 'Each' });
  });

  it('gives every demo retailer a request in every status, with items, parts and attachments that open as images', async () => {
    for (const retailerNumber of ['4217', '4218', '4219', '5123', '7740']) {
      const rows = await t.db
        .select({ status: serviceRequests.status })
        .from(serviceRequests)
        .where(eq(serviceRequests.retailerNumber, retailerNumber));
      const statuses = new Set(rows.map((row) => row.status));
      for (const status of ['Unsubmitted', ...Object.keys(WORK_ORDER_STATUSES)])
        expect(statuses.has(status), `${retailerNumber} ${status}`).toBe(true);
    }
    const [seeded] = await t.db
      .select()
      .from(serviceRequests)
      .where(and(eq(serviceRequests.retailerNumber, '4217'), inArray(serviceRequests.status, ['D'])))
      .limit(1);
    const full = (await t.call<ServiceRequest>('GET', `/api/service/${seeded!.id}`, { token: tokens.service })).body;
    expect(full.serviceItems.length).toBeGreaterThan(0);
    expect(full.serviceAttachments.length).toBeGreaterThan(0);
    for (const attachment of full.serviceAttachments) {
      const file = await t.app.request(attachment.imageUrl, { headers: { authorization: `Bearer ${tokens.service}` } });
      expect(file.status).toBe(200);
      const bytes = new Uint8Array(await file.arrayBuffer());
      expect(file.headers.get('content-type')).toBe(attachment.contentType);
      if (attachment.isPdf) expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
      else expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    }
  });
});

describe('GET /service answers an unchanged list with 304 (the 60 s refresh, spec 3 §2)', () => {
  const list = (token: string, etag?: string) =>
    t.app.request('/api/service', { headers: { authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}) } });

  it('gives an ETag, 304 while nothing changed, a new list after a write, and another user their own', async () => {
    const first = await list(tokens.service!);
    const etag = first.headers.get('etag')!;
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const again = await list(tokens.service!, etag);
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    const request = await createRequest();
    const afterCreate = await list(tokens.service!, etag);
    expect(afterCreate.status).toBe(200);
    const createdEtag = afterCreate.headers.get('etag')!;
    expect(createdEtag).not.toBe(etag);
    expect(((await afterCreate.json()) as ServiceRequestSummary[])[0]!.serviceRequestId).toBe(request.serviceRequestId);

    // An item changes the totals the list shows: the list changes with it.
    expect((await t.call('POST', `/api/service/${request.serviceRequestId}/items`, { token: tokens.service, body: item() })).status).toBe(
      201,
    );
    const afterItem = await list(tokens.service!, createdEtag);
    expect(afterItem.status).toBe(200);
    expect(afterItem.headers.get('etag')).not.toBe(createdEtag);

    expect((await list(tokens.plant!, afterItem.headers.get('etag')!)).status).toBe(200);
  });

  it('is gzip-compressed for a client that takes it', async () => {
    const response = await t.app.request('/api/service', {
      headers: { authorization: `Bearer ${tokens.service}`, 'accept-encoding': 'gzip' },
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });
});
