import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenPartsOrderRow, ServiceRequestSummary } from '../../src/contract';
import { partsOrders, serviceRequests } from '../../src/server/db/schema';
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
    const [shipped] = await t.db.select().from(partsOrders).where(and(eq(partsOrders.retailerNumber, '4217'), isNotNull(partsOrders.vantagePartsRequestId), eq(partsOrders.status, 'SHIPPED')));
    // A plant's status in another case still closes the order.
    await t.db.update(partsOrders).set({ status: 'CANCELED' }).where(eq(partsOrders.id, shipped!.id));

    const report = await t.call<OpenPartsOrderRow[]>('GET', '/api/Reports/OpenPartsOrders', { token: tokens.service });
    expect(report.status).toBe(200);
    const own = await t.db.select().from(partsOrders).where(eq(partsOrders.retailerNumber, '4217'));
    const expected = own.filter((order) => order.vantagePartsRequestId !== null && !['completed', 'complete', 'canceled', 'declined', 'closed'].includes(order.status.trim().toLowerCase()));
    expect(expected.length).toBeGreaterThan(0);
    expect(report.body).toHaveLength(expected.length);
    expect(report.body.every((row) => row.requestNumber.startsWith('PO-') && row.status.toLowerCase() !== 'canceled')).toBe(true);
    expect(report.body.map((row) => row.requestNumber)).not.toContain(`PO-${String(shipped!.id).padStart(7, '0')}`);
    // Staged orders (no vantage order name yet) are not in it.
    expect(own.some((order) => order.vantagePartsRequestId === null)).toBe(true);
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
    const expected = own.filter((request) => request.vantageWorkOrderId !== null && !['G', 'N', 'P', 'X', 'Z'].includes(request.status) && !request.isArchived);
    expect(expected.length).toBeGreaterThan(0);
    expect(report.body.map((row) => row.serviceRequestId).sort((a, b) => a - b)).toEqual(expected.map((request) => request.id).sort((a, b) => a - b));
    expect(own.some((request) => ['G', 'N', 'P', 'X', 'Z'].includes(request.status))).toBe(true);
    const plant = await t.call<ServiceRequestSummary[]>('GET', '/api/Reports/OpenServiceRequests', { token: tokens.plant });
    expect(plant.body.every((row) => ['910', '931'].includes(row.plantNumber))).toBe(true);
    expect((await t.call('GET', '/api/Reports/OpenServiceRequests', { token: tokens.driver })).status).toBe(403);
  });
});
