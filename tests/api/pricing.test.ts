// Issue 22 §2: prices only to price viewers (View_Pricing, spec 2 §6), in every answer that carries them. Lists (orders,
// leads, inventory) leave the fields out for anyone else; the detail reports and Compare keep their shape with zeros and
// say so (`pricingIncluded`); the invoice PDF is refused (403). The prices of a list are part of its scope: a cached
// answer or a delta cursor of one kind of user is never the other's.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ManagedUser,
  SYNC_START,
  type Lead,
  type QuoteRevision,
  type SalesDetail,
  type SalesOrder,
  type SyncPage,
} from '../../src/contract';
import { quoteRevisions, quotes, salesOrders } from '../../src/server/db/schema';
import { PLANT_USER_FACILITIES } from '../../src/server/db/seed/demo-users';
import { createTestContext, type TestContext } from './harness';

/** Every money field of the sales answers (contract: orders, leads, inventory, sales-detail, quotes). */
const MONEY_FIELDS = new Set([
  'basePrice',
  'optionPrice',
  'invoiceTotal',
  'invoiceAmount',
  'invoiceTotalAmount',
  'Price',
  'baseCostOfHome',
  'surchargeAmount',
  'optionsTotal',
  'shippingHandlingDestCharges',
  'freightCharge',
  'associationDues',
  'mhiDues',
  'vipAmount',
  'partnerAssistanceAmount',
]);
const LIST_PRICES: Record<string, string[]> = {
  orders: ['basePrice', 'optionPrice', 'invoiceTotal'],
  leads: ['basePrice', 'optionPrice', 'invoiceTotal'],
  inventory: ['invoiceAmount'],
};
const PASSWORD = 'Welcome#2026';

/** The money values anywhere in an answer that are not zero, as `path: value`. */
function pricesIn(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => pricesIn(item, `${path}[${index}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    MONEY_FIELDS.has(key) && inner !== 0 ? [`${path}.${key}: ${String(inner)}`] : pricesIn(inner, `${path}.${key}`),
  );
}

let t: TestContext;
const tokens: Record<string, string> = {};
let adminToken: string;

/** A user the admin makes at retail center 4217, signed in. */
async function newUser(roles: string[]) {
  const userName = `pricing.${randomUUID().slice(0, 8)}@smokymountainhomes.test`;
  const created = await t.call('POST', '/api/api/User/', {
    token: adminToken,
    body: {
      firstName: 'Lee',
      lastName: 'Park',
      userName,
      isActive: true,
      roles,
      retailerNumbers: ['4217'],
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { user: v.parse(ManagedUser, created.body), token: await t.login(userName, PASSWORD) };
}

beforeAll(async () => {
  t = await createTestContext();
  adminToken = await t.login('admin');
  for (const key of ['sales', 'viewer', 'service', 'plant']) tokens[key] = await t.login(key);
  // Leads need Sales_Leads_Claim or Sales_Leads_Viewer; no demo login reads them without pricing.
  tokens.leadsViewer = (await newUser(['Sales_Viewer', 'Sales_Leads_Viewer'])).token;
});
afterAll(() => t.close());

const get = <T>(path: string, token: string, query?: Record<string, string>) => t.call<T>('GET', path, { token, query });

/** The list, its first delta page, and (for orders) one home's orders: every way a list's rows are answered. */
async function listAnswers(path: string, token: string, extra: Record<string, Record<string, string>> = {}) {
  const plain = await get<unknown[]>(path, token);
  expect(plain.status, JSON.stringify(plain.body)).toBe(200);
  const delta = await get<SyncPage<unknown>>(path, token, { since: SYNC_START });
  expect(delta.status).toBe(200);
  const answers: Record<string, unknown[]> = { plain: plain.body, delta: delta.body.items };
  for (const [name, query] of Object.entries(extra)) {
    const narrowed = await get<unknown[]>(path, token, query);
    expect(narrowed.status).toBe(200);
    answers[name] = narrowed.body;
  }
  return answers;
}

/** An order every demo login of the tests sees: retail center 4217 (sales, viewer) at a facility of the plant user. */
async function aSeededOrder() {
  const [order] = await t.db
    .select()
    .from(salesOrders)
    .where(and(eq(salesOrders.retailerNumber, '4217'), inArray(salesOrders.plantNumber, [...PLANT_USER_FACILITIES])))
    .orderBy(asc(salesOrders.id))
    .limit(1);
  return order!;
}

describe('lists: prices only to price viewers', () => {
  const cases = [
    { list: 'orders', path: '/api/order', priced: 'sales', unpriced: ['viewer', 'plant'] },
    { list: 'leads', path: '/api/Lead', priced: 'sales', unpriced: ['leadsViewer'] },
    { list: 'inventory', path: '/api/Inventory', priced: 'sales', unpriced: ['viewer', 'service', 'plant'] },
  ] as const;

  for (const { list, path, priced, unpriced } of cases) {
    it(`${list}: a user without View_Pricing gets no price field, a price viewer gets them`, async () => {
      const order = await aSeededOrder();
      const extra: Record<string, Record<string, string>> = list === 'orders'
        ? { byLongSerial: { longSerialNumber: order.longSerialNumber } }
        : {};
      // The price viewer first: the list answer it builds is cached, and must not be what the others get.
      const withPrices = await listAnswers(path, tokens[priced]!, extra);
      for (const [how, rows] of Object.entries(withPrices)) {
        expect(rows.length, `${list} ${how}`).toBeGreaterThan(0);
        for (const row of rows as Record<string, unknown>[])
          for (const field of LIST_PRICES[list]!) expect(typeof row[field]).toBe('number');
        expect(pricesIn(rows).length, `${list} ${how}`).toBeGreaterThan(0);
      }
      for (const key of unpriced) {
        const answers = await listAnswers(path, tokens[key]!, extra);
        for (const [how, rows] of Object.entries(answers)) {
          for (const row of rows as Record<string, unknown>[]) {
            for (const field of LIST_PRICES[list]!) expect(row, `${key}: ${list} ${how}`).not.toHaveProperty(field);
          }
          expect(pricesIn(rows), `${key}: ${list} ${how}`).toEqual([]);
        }
      }
    });
  }

  it('leads: the answer to a claim carries no price for a claimer without View_Pricing', async () => {
    const { token } = await newUser(['Sales_Viewer', 'Sales_Leads_Claim']);
    const leads = await get<Lead[]>('/api/Lead', token);
    const unclaimed = leads.body.find((lead) => lead.status === null)!;
    const claimed = await t.call<Lead>('POST', '/api/Lead', { token, body: { leadId: unclaimed.leadId, status: 'C' } });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body.status).toBe('C');
    expect(pricesIn(claimed.body)).toEqual([]);
    expect(claimed.body).not.toHaveProperty('invoiceTotal');
  });

  it('a user granted View_Pricing starts the list over with prices: the cursor kept without them is of another scope', async () => {
    const { user, token } = await newUser(['Sales_Viewer']);
    const first = await get<SyncPage<SalesOrder>>('/api/order', token, { since: SYNC_START });
    expect(first.body.items.length).toBeGreaterThan(0);
    expect(pricesIn(first.body.items)).toEqual([]);

    const stored = v.parse(ManagedUser, (await get('/api/api/User/', adminToken, { cmhUserId: String(user.cmhUserId) })).body);
    const granted = await t.call('PUT', '/api/api/User/', {
      token: adminToken,
      body: {
        cmhUserId: stored.cmhUserId,
        firstName: stored.firstName,
        lastName: stored.lastName,
        userName: stored.userName,
        isActive: true,
        roles: [...stored.roles, 'View_Pricing'],
        retailerNumbers: stored.retailers.map((retailer) => retailer.retailerNumber),
        rowVersion: stored.rowVersion,
      },
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);

    const next = await get<SyncPage<SalesOrder>>('/api/order', token, { since: first.body.cursor });
    expect(next.status).toBe(200);
    expect(next.body.reset).toBe(true);
    expect(pricesIn(next.body.items).length).toBeGreaterThan(0);
  });
});

describe('the detail reports and Compare: zeros, and pricingIncluded, for anyone without View_Pricing', () => {
  it('order detail, quote detail and home invoice', async () => {
    const order = await aSeededOrder();
    const [quote] = await t.db.select().from(quotes).where(eq(quotes.id, order.quoteId));
    const queries: Record<string, string>[] = [
      { plantNumber: order.plantNumber, quoteNumber: quote!.quoteNumber, orderNumber: order.orderNumber },
      { plantNumber: order.plantNumber, quoteNumber: quote!.quoteNumber, orderNumber: '0' },
      { serialNumber: order.serialNumber },
    ];
    for (const query of queries) {
      const priced = await get<SalesDetail>('/api/Reports/Sales/', tokens.sales!, query);
      expect(priced.status, JSON.stringify(query)).toBe(200);
      expect(priced.body.pricingIncluded).toBe(true);
      expect(pricesIn(priced.body).length).toBeGreaterThan(0);
      for (const key of ['viewer', 'plant']) {
        const unpriced = await get<SalesDetail>('/api/Reports/Sales/', tokens[key]!, query);
        expect(unpriced.status, `${key} ${JSON.stringify(query)}`).toBe(200);
        expect(unpriced.body.pricingIncluded).toBe(false);
        expect(pricesIn(unpriced.body), `${key} ${JSON.stringify(query)}`).toEqual([]);
      }
    }
    const pdf = { dealerNumber: order.retailerNumber, facilityNumber: order.plantNumber, quoteNumber: quote!.quoteNumber };
    expect((await get('/api/reports/homeInvoice/pricing', tokens.viewer!, pdf)).status).toBe(403);
    expect((await get('/api/reports/homeInvoice/pricing', tokens.sales!, pdf)).status).toBe(200);
  });

  it("Compare's revisions", async () => {
    const [revised] = await t.db
      .select({ quoteId: quoteRevisions.quoteId })
      .from(quoteRevisions)
      .innerJoin(quotes, eq(quotes.id, quoteRevisions.quoteId))
      .where(and(eq(quotes.retailerNumber, '4217'), eq(quoteRevisions.revisionNumber, 2)));
    const path = `/mch-quote-api/mycustomhomes/webapi/api/quoterevision/${revised!.quoteId}`;
    expect(pricesIn((await get<QuoteRevision[]>(path, tokens.sales!)).body).length).toBeGreaterThan(0);
    expect(pricesIn((await get<QuoteRevision[]>(path, tokens.viewer!)).body)).toEqual([]);
  });
});
