import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING_CODE_LABELS,
  billingCodeLabel,
  type CmhUser,
  type OpenPartsOrderRow,
  type PaidServiceOrderRow,
  type ReceivableServiceOrderRow,
  type ServiceRequestSummary,
} from '../../src/contract';
import { businessDay, zoneOfUser } from '../../src/contract/time-zones';
import { partsOrders, serviceOrderBillings, serviceRequests } from '../../src/server/db/schema';
import { createTestContext, type TestContext } from './harness';

let t: TestContext;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestContext();
  for (const key of ['service', 'viewer', 'sales', 'plant', 'driver', 'company']) tokens[key] = await t.login(key);
});
afterAll(() => t.close());

describe('open parts orders report (spec 2 §2, §3, §7)', () => {
  it('lists the submitted orders of the retail center that are not completed, canceled, declined or closed, in any case', async () => {
    const [shipped] = await t.db
      .select()
      .from(partsOrders)
      .where(and(eq(partsOrders.retailerNumber, '4217'), isNotNull(partsOrders.vantagePartsRequestId), eq(partsOrders.status, 'SHIPPED')));
    // A plant's status in another case still closes the order.
    await t.db.update(partsOrders).set({ status: 'CANCELED' }).where(eq(partsOrders.id, shipped!.id));

    const report = await t.call<OpenPartsOrderRow[]>('GET', '/api/Reports/OpenPartsOrders', { token: tokens.service });
    expect(report.status).toBe(200);
    const own = await t.db.select().from(partsOrders).where(eq(partsOrders.retailerNumber, '4217'));
    const expected = own.filter(
      (order) =>
        order.vantagePartsRequestId !== null &&
        !['completed', 'complete', 'canceled', 'declined', 'closed'].includes(order.status.trim().toLowerCase()),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(report.body).toHaveLength(expected.length);
    expect(report.body.every((row) => row.requestNumber.startsWith('PO-') && row.status.toLowerCase() !== 'canceled')).toBe(true);
    expect(report.body.map((row) => row.requestNumber)).not.toContain(`PO-${String(shipped!.id).padStart(7, '0')}`);
    // Staged orders (no vantage order name yet) are not in it.
    expect(own.some((order) => order.vantagePartsRequestId === null)).toBe(true);
  });

  it('keeps a partially shipped order open (spec 2 §4 Partially Shipped), its status as the plant sent it', async () => {
    const [shipped] = await t.db
      .select()
      .from(partsOrders)
      .where(and(eq(partsOrders.retailerNumber, '4217'), isNotNull(partsOrders.vantagePartsRequestId), eq(partsOrders.status, 'SHIPPED')));
    await t.db.update(partsOrders).set({ status: 'Partially Shipped' }).where(eq(partsOrders.id, shipped!.id));
    try {
      const report = await t.call<OpenPartsOrderRow[]>('GET', '/api/Reports/OpenPartsOrders', { token: tokens.service });
      expect(report.body.find((row) => row.requestNumber === `PO-${String(shipped!.id).padStart(7, '0')}`)?.status).toBe(
        'Partially Shipped',
      );
    } finally {
      await t.db.update(partsOrders).set({ status: 'SHIPPED' }).where(eq(partsOrders.id, shipped!.id));
    }
  });

  it('answers service and sales users and viewers within their scope, and no one else', async () => {
    expect((await t.call('GET', '/api/Reports/OpenPartsOrders', { token: tokens.viewer })).status).toBe(200);
    expect((await t.call('GET', '/api/Reports/OpenPartsOrders', { token: tokens.sales })).status).toBe(200);
    const plant = await t.call<OpenPartsOrderRow[]>('GET', '/api/Reports/OpenPartsOrders', { token: tokens.plant });
    expect(plant.body.every((row) => ['910', '931'].includes(row.plantNumber))).toBe(true);
    expect((await t.call('GET', '/api/Reports/OpenPartsOrders', { token: tokens.driver })).status).toBe(403);
    expect((await t.call('GET', '/api/Reports/OpenPartsOrders')).status).toBe(401);
  });
});

describe('open service requests report (spec 2 §2, §7)', () => {
  it('lists the submitted requests that are not closed or archived, of the user’s scope only', async () => {
    const report = await t.call<ServiceRequestSummary[]>('GET', '/api/Reports/OpenServiceRequests', { token: tokens.service });
    expect(report.status).toBe(200);
    const own = await t.db.select().from(serviceRequests).where(eq(serviceRequests.retailerNumber, '4217'));
    const expected = own.filter(
      (request) => request.vantageWorkOrderId !== null && !['G', 'N', 'P', 'X', 'Z'].includes(request.status) && !request.isArchived,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(report.body.map((row) => row.serviceRequestId).sort((a, b) => a - b)).toEqual(
      expected.map((request) => request.id).sort((a, b) => a - b),
    );
    expect(own.some((request) => ['G', 'N', 'P', 'X', 'Z'].includes(request.status))).toBe(true);
    const plant = await t.call<ServiceRequestSummary[]>('GET', '/api/Reports/OpenServiceRequests', { token: tokens.plant });
    expect(plant.body.every((row) => ['910', '931'].includes(row.plantNumber))).toBe(true);
    expect((await t.call('GET', '/api/Reports/OpenServiceRequests', { token: tokens.driver })).status).toBe(403);
  });
});

/** The previous calendar month of the server's (UTC) day, as the screen's default asks for it. */
function previousMonth(now = new Date()) {
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return {
    startDate: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))),
    endDate: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0))),
  };
}

/** The billings of a scope straight from the tables, to hold the reports against. */
async function billingsOf(where: { retailerNumber?: string; plants?: readonly string[] }) {
  const rows = await t.db
    .select({ billing: serviceOrderBillings, request: serviceRequests })
    .from(serviceOrderBillings)
    .innerJoin(serviceRequests, eq(serviceRequests.id, serviceOrderBillings.serviceRequestId));
  return rows.filter(({ request }) =>
    where.retailerNumber ? request.retailerNumber === where.retailerNumber : where.plants!.includes(request.plantNumber),
  );
}

describe('paid service orders report (spec 2 §2, §5, §7)', () => {
  const path = '/api/Reports/PaidServiceOrderReport';

  it('lists the billings of the retail center paid between the two days, both included, with what reconciles them', async () => {
    const range = previousMonth();
    const report = await t.call<PaidServiceOrderRow[]>('GET', path, { token: tokens.service, query: range });
    expect(report.status).toBe(200);
    const expected = (await billingsOf({ retailerNumber: '4217' })).filter(
      ({ billing }) => billing.paidDate !== null && billing.paidDate >= range.startDate && billing.paidDate <= range.endDate,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(report.body.map((row) => row.billingId).sort((a, b) => a - b)).toEqual(
      expected.map(({ billing }) => billing.id).sort((a, b) => a - b),
    );
    // Newest payment first.
    expect(report.body.map((row) => row.paidDate)).toEqual([...report.body.map((row) => row.paidDate)].sort().reverse());
    const { billing, request } = expected.find(({ billing: candidate }) => candidate.checkNumber !== '')!;
    const row = report.body.find((candidate) => candidate.billingId === billing.id)!;
    expect(row).toMatchObject({
      serviceRequestId: request.id,
      workOrderNumber: request.vantageWorkOrderNumber,
      serialNumber: request.serialNumber,
      retailerNumber: '4217',
      plantNumber: request.plantNumber,
      requestType: request.requestType,
      status: request.status,
      billingCode: billing.billingCode,
      amount: billing.amount,
      invoiceDate: billing.invoiceDate,
      paidDate: billing.paidDate,
      checkNumber: billing.checkNumber,
    });
    expect(row.checkNumber).toMatch(/^\d{6}$/);
    // A declined claim is settled at nothing, without a check.
    for (const declined of report.body.filter((candidate) => candidate.status === 'N'))
      expect(declined).toMatchObject({ amount: 0, checkNumber: '', billingCode: 'DL' });
    expect(row.plantName).not.toBe('');
    expect(row.homeownerName).not.toBe('');

    // A one-day range holds exactly that day's payments.
    const oneDay = { startDate: row.paidDate, endDate: row.paidDate };
    const single = await t.call<PaidServiceOrderRow[]>('GET', path, { token: tokens.service, query: oneDay });
    expect(single.body.every((candidate) => candidate.paidDate === row.paidDate)).toBe(true);
    expect(single.body.map((candidate) => candidate.billingId)).toContain(row.billingId);
  });

  it('covers two years of payments and every billing code of spec 2 §4, plus one shown as Road Damage', async () => {
    const today = new Date();
    const twoYearsAgo = new Date(Date.UTC(today.getUTCFullYear() - 2, today.getUTCMonth(), today.getUTCDate())).toISOString().slice(0, 10);
    const report = await t.call<PaidServiceOrderRow[]>('GET', path, {
      token: tokens.service,
      query: { startDate: twoYearsAgo, endDate: today.toISOString().slice(0, 10) },
    });
    const all = await billingsOf({ retailerNumber: '4217' });
    expect(report.body).toHaveLength(all.filter(({ billing }) => billing.paidDate !== null).length);
    expect(
      report.body.some(
        (row) => row.paidDate < previousMonth(new Date(Date.UTC(today.getUTCFullYear() - 1, today.getUTCMonth(), 1))).startDate,
      ),
    ).toBe(true);
    const codes = new Set(all.map(({ billing }) => billing.billingCode));
    for (const code of Object.keys(BILLING_CODE_LABELS)) expect(codes).toContain(code);
    expect([...codes].some((code) => billingCodeLabel(code) === 'Road Damage')).toBe(true);
  });

  it('gives a plant user the billings of their facilities only, the previous month included', async () => {
    const range = previousMonth();
    const report = await t.call<PaidServiceOrderRow[]>('GET', path, { token: tokens.plant, query: range });
    expect(report.status).toBe(200);
    expect(report.body.length).toBeGreaterThan(0);
    expect(new Set(report.body.map((row) => row.plantNumber))).toEqual(new Set(['910', '931']));
    const expected = (await billingsOf({ plants: ['910', '931'] })).filter(
      ({ billing }) => billing.paidDate !== null && billing.paidDate >= range.startDate && billing.paidDate <= range.endDate,
    );
    expect(report.body).toHaveLength(expected.length);
    // More than one retail center's requests are built there.
    expect(new Set(report.body.map((row) => row.retailerNumber)).size).toBeGreaterThan(1);
  });

  it('refuses a call without both days, with a day that is not one, or with the start after the end (400 with a message)', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'Start date is required.'],
      [{ startDate: '2026-10-01' }, 'End date is required.'],
      [{ endDate: '2026-10-31' }, 'Start date is required.'],
      [{ startDate: '', endDate: '2026-10-31' }, 'Start date is required.'],
      [{ startDate: '10/01/2026', endDate: '2026-10-31' }, 'Start date must be a valid date (YYYY-MM-DD).'],
      [{ startDate: '2026-02-30', endDate: '2026-03-31' }, 'Start date: 2026-02-30 is not a real date.'],
      [{ startDate: '2026-10-01', endDate: '2026-13-01' }, 'End date: 2026-13-01 is not a real date.'],
      [{ startDate: '2026-10-01', endDate: '2026-10-01T00:00' }, 'End date must be a valid date (YYYY-MM-DD).'],
      [{ startDate: '2026-11-01', endDate: '2026-10-31' }, 'Start date must be on or before the end date.'],
    ];
    for (const [query, message] of cases) {
      const answer = await t.call<{ message: string }>('GET', path, { token: tokens.service, query });
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body.message).toContain(message);
    }
    // A repeated parameter is not a day either, and never a 5xx.
    const repeated = await t.call<{ message: string }>('GET', `${path}?startDate=2026-10-01&startDate=2026-10-02&endDate=2026-10-31`, {
      token: tokens.service,
    });
    expect(repeated.status).toBeLessThan(500);
  });

  it('answers service and sales users and viewers, 403 to others and 401 without a token', async () => {
    const range = previousMonth();
    for (const key of ['viewer', 'sales', 'company'])
      expect((await t.call('GET', path, { token: tokens[key], query: range })).status).toBe(200);
    expect((await t.call('GET', path, { token: tokens.driver, query: range })).status).toBe(403);
    expect((await t.call('GET', path, { query: range })).status).toBe(401);
    // company@ works for the company-owned retailer: its billings only.
    const company = await t.call<PaidServiceOrderRow[]>('GET', path, { token: tokens.company, query: range });
    expect(company.body.length).toBeGreaterThan(0);
    expect(company.body.every((row) => row.retailerNumber === '7740')).toBe(true);
  });
});

describe('receivable service orders report (spec 2 §2, §7)', () => {
  const path = '/api/Reports/ReceivableServiceOrderReport';

  it('lists every unpaid billing of the retail center, oldest invoice first, with its days outstanding', async () => {
    const report = await t.call<ReceivableServiceOrderRow[]>('GET', path, { token: tokens.service });
    expect(report.status).toBe(200);
    const expected = (await billingsOf({ retailerNumber: '4217' })).filter(({ billing }) => billing.paidDate === null);
    expect(expected.length).toBeGreaterThan(0);
    expect(report.body.map((row) => row.billingId).sort((a, b) => a - b)).toEqual(
      expected.map(({ billing }) => billing.id).sort((a, b) => a - b),
    );
    expect(report.body.map((row) => row.invoiceDate)).toEqual([...report.body.map((row) => row.invoiceDate)].sort());
    // The user's business day, as the report counts it (not the UTC day, a day ahead every US evening).
    const profile = await t.call<CmhUser>('GET', '/auth/api/Account/User', { token: tokens.service });
    const today = Date.parse(businessDay(zoneOfUser(profile.body)));
    for (const row of report.body) {
      expect(row.retailerNumber).toBe('4217');
      // An invoice dated after the user's day (the seed dates by the UTC day) is outstanding 0 days, as the report says.
      expect(row.daysOutstanding).toBe(Math.max(0, Math.round((today - Date.parse(row.invoiceDate)) / 86_400_000)));
      expect(row).not.toHaveProperty('paidDate');
    }
    // Some old, some recent (spec 2 §2 demo data: a receivable report worth reading).
    expect(report.body.some((row) => row.daysOutstanding > 90)).toBe(true);
  });

  it('counts days outstanding to the server’s day, and never below zero', async () => {
    const report = await t.call<ReceivableServiceOrderRow[]>('GET', path, { token: tokens.service });
    const oldest = report.body[0]!;
    t.setNow(new Date(Date.parse(`${oldest.invoiceDate}T12:00:00Z`) + 10 * 86_400_000));
    try {
      const later = await t.call<ReceivableServiceOrderRow[]>('GET', path, { token: tokens.service });
      expect(later.body.find((row) => row.billingId === oldest.billingId)?.daysOutstanding).toBe(10);
      expect(later.body.every((row) => row.daysOutstanding >= 0)).toBe(true);
    } finally {
      t.setNow(null);
    }
  });

  it('gives a plant user their facilities’ billings only; 403 to others, 401 without a token', async () => {
    const plant = await t.call<ReceivableServiceOrderRow[]>('GET', path, { token: tokens.plant });
    expect(plant.status).toBe(200);
    expect(plant.body.length).toBeGreaterThan(0);
    expect(plant.body.every((row) => ['910', '931'].includes(row.plantNumber))).toBe(true);
    expect(plant.body).toHaveLength(
      (await billingsOf({ plants: ['910', '931'] })).filter(({ billing }) => billing.paidDate === null).length,
    );
    expect((await t.call('GET', path, { token: tokens.viewer })).status).toBe(200);
    expect((await t.call('GET', path, { token: tokens.driver })).status).toBe(403);
    expect((await t.call('GET', path)).status).toBe(401);
  });
});
