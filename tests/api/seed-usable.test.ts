import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FACTORY_SERVICE,
  REQUEST_FOR_PAYMENT,
  informationIssues,
  isRequestTypeForced,
  type SalesDetail,
  type SalesOrder,
  type ServiceRequest,
  type ServiceRequestSummary,
} from '../../src/contract';
import { utcIsoDay } from '../../src/lib/dates';
import { retailers, salesOrders, serviceRequests } from '../../src/server/db/schema';
import { canEdit, isStaged } from '../../src/server/work-orders/rules';
import { createTestContext, type TestContext } from './harness';
import { informationBody } from './information-body';

/*
 * Seed what a user can open and save (issue 30): every order of the demo seed opens through its detail link for a user
 * who sees it in the orders list, and every work order someone may edit has an Information form that saves as it is.
 */

let t: TestContext;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestContext();
  for (const key of ['admin', 'internal', 'plant', 'company']) tokens[key] = await t.login(key);
});
afterAll(() => t.close());

const switchRetailer = async (key: string, retailerNumber: string) =>
  expect((await t.call('GET', '/auth/api/Account/ChangeRetailerNumber', { token: tokens[key], query: { retailerNumber } })).status).toBe(
    200,
  );

describe('seeded orders', () => {
  it('every order opens through its detail link (plant, quote number, order number) for a user who sees it listed', async () => {
    // Sales users and viewers between them see every demo retailer's orders, and the plant user those of 910 and 931.
    const views: [key: string, retailerNumber: string | null][] = [
      ['admin', '4217'],
      ['admin', '4218'],
      ['admin', '4219'],
      ['internal', '5123'],
      ['internal', '7740'],
      ['plant', null],
    ];
    const opened = new Set<number>();
    const refused: string[] = [];
    for (const [key, retailerNumber] of views) {
      if (retailerNumber) await switchRetailer(key, retailerNumber);
      const list = await t.call<SalesOrder[]>('GET', '/api/order', { token: tokens[key] });
      expect(list.status).toBe(200);
      expect(list.body.length, `${key} ${retailerNumber ?? 'plants'}`).toBeGreaterThan(0);
      for (const order of list.body) {
        const query = { plantNumber: order.plantNumber, quoteNumber: order.quoteNumber, orderNumber: order.orderNumber };
        const detail = await t.call<SalesDetail>('GET', '/api/Reports/Sales/', { token: tokens[key], query });
        if (detail.status !== 200 || detail.body.orderNumber !== order.orderNumber)
          refused.push(`${key} ${order.plantNumber}/${order.quoteNumber}/${order.orderNumber}: ${detail.status}`);
        else opened.add(order.orderId);
      }
    }
    expect(refused).toEqual([]);
    const seeded = await t.db.select({ id: salesOrders.id }).from(salesOrders);
    expect(seeded.length).toBe(300);
    expect(seeded.filter((order) => !opened.has(order.id))).toEqual([]);
  });
});

describe('seeded work orders', () => {
  it('every work order a demo service user may edit saves its Information form unchanged (PUT /api/service/{id})', async () => {
    const views: [key: string, retailerNumber: string | null][] = [
      ['admin', '4217'],
      ['admin', '4218'],
      ['admin', '4219'],
      ['company', null],
      // A plant user also edits the plant's open factory requests and those awaiting approval.
      ['plant', null],
    ];
    const refused: string[] = [];
    const statuses = new Set<string>();
    let saved = 0;
    for (const [key, retailerNumber] of views) {
      if (retailerNumber) await switchRetailer(key, retailerNumber);
      const list = await t.call<ServiceRequestSummary[]>('GET', '/api/service', { token: tokens[key] });
      expect(list.status).toBe(200);
      for (const summary of list.body.filter((row) => !row.isClosed && !row.isArchived)) {
        const path = `/api/service/${summary.serviceRequestId}`;
        const request = (await t.call<ServiceRequest>('GET', path, { token: tokens[key] })).body;
        if (!request.canEdit) continue;
        const put = await t.call<{ issues?: unknown }>('PUT', path, { token: tokens[key], body: informationBody(request) });
        if (put.status !== 200)
          refused.push(`${key} ${request.serviceRequestId} (${request.status}): ${put.status} ${JSON.stringify(put.body)}`);
        else saved++;
        statuses.add(request.status);
      }
    }
    expect(refused).toEqual([]);
    expect(saved).toBeGreaterThan(40);
    expect([...statuses].sort()).toEqual(['D', 'F', 'I', 'O', 'S', 'Unsubmitted', 'W']);
  });

  it('every editable work order of the seed passes the Information rules the server runs, on the day of any US location', async () => {
    // The server judges by the day of the request's retail center; in the Americas that is UTC's day or the one before.
    const now = new Date();
    const days = [utcIsoDay(now), utcIsoDay(now.getTime() - 86_400_000)];
    // A plant service admin may edit the most statuses (server/work-orders/rules.ts canEdit).
    const anyEditor = { flags: { isServiceAdmin: true }, user: { isPlantUser: true } } as Parameters<typeof canEdit>[0];
    const portal = new Map((await t.db.select().from(retailers)).map((retailer) => [retailer.retailerNumber, retailer.deployPortal]));
    const rows = await t.db.select().from(serviceRequests).orderBy(asc(serviceRequests.id));
    const editable = rows.filter((row) => canEdit(anyEditor, row));
    expect(editable.length).toBeGreaterThan(100);
    const failing = editable.flatMap((row) => {
      // As PUT /service/{id} does (routes/work-orders/requests.ts updateInformation).
      const forced = isRequestTypeForced({ ...row, isStaged: isStaged(row) }, portal.get(row.retailerNumber) ?? false);
      const requestType = forced ? REQUEST_FOR_PAYMENT : row.requestType;
      const performedDate = requestType === FACTORY_SERVICE ? null : row.performedDate;
      const form = { requestType, startDate: row.startDate, endDate: row.endDate, performedDate };
      return days.flatMap((today) =>
        informationIssues(form, today).map((issue) => `${row.id} (${row.status}) on ${today}: ${issue.field} ${issue.message}`),
      );
    });
    expect(failing).toEqual([]);
  });
});
