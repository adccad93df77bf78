import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEAD_MESSAGES,
  QUOTE_MESSAGES,
  type ErrorBody,
  type InventoryItem,
  type Lead,
  type Prospect,
  type Quote,
  type QuoteCopy,
  type QuoteLockState,
  type QuoteRevision,
  type QuoteValidation,
  type SalesDetail,
  type SalesOrder,
  type RoleName,
  type SyncPage,
} from '../../src/contract';
import {
  leads,
  prospects,
  quoteRevisions,
  quotes,
  retailerPlants,
  retailers,
  roles,
  salesOrders,
  userRoles,
  users,
} from '../../src/server/db/schema';
import { createTestContext, type TestContext } from './harness';

let t: TestContext;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestContext();
  for (const key of ['sales', 'viewer', 'admin', 'company', 'plant', 'driver', 'service']) {
    tokens[key] = await t.login(key);
    const [user] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.userName, `${key}@demo.homesite.test`));
    ids[key] = user!.id;
  }
});
afterAll(() => t.close());

const get = <T>(path: string, key: string, query?: Record<string, string>) => t.call<T>('GET', path, { token: tokens[key], query });

async function quoteWhere(condition: Parameters<typeof and>[0]) {
  const [row] = await t.db
    .select()
    .from(quotes)
    .where(and(eq(quotes.retailerNumber, '4217'), eq(quotes.status, 'Active'), condition))
    .orderBy(asc(quotes.id));
  if (!row) throw new Error('no such seeded quote');
  return row;
}

describe('quotes list', () => {
  it('shows a sales user their retail center’s active quotes and no deleted one, and other retail centers none of them', async () => {
    const list = await get<Quote[]>('/api/Quote', 'sales');
    expect(list.status).toBe(200);
    expect(list.headers.get('x-sync-cursor')).toBeTruthy();
    expect(list.body.length).toBeGreaterThanOrEqual(60);
    expect(list.body.every((quote) => quote.retailerNumber === '4217' && quote.status === 'Active')).toBe(true);
    expect(new Set(list.body.map((quote) => quote.quoteStatusesID))).toEqual(new Set([0, 1, 2, 3]));
    expect(list.body.some((quote) => !quote.isMCHQuote)).toBe(true);
    const deleted = await t.db
      .select({ id: quotes.id })
      .from(quotes)
      .where(and(eq(quotes.retailerNumber, '4217'), eq(quotes.status, 'Deleted')));
    expect(deleted.length).toBeGreaterThan(0);
    expect(list.body.map((quote) => quote.quoteId)).not.toContain(deleted[0]!.id);

    const company = await get<Quote[]>('/api/Quote', 'company');
    expect(company.status).toBe(200);
    expect(company.body.length).toBeGreaterThan(0);
    expect(company.body.every((quote) => quote.retailerNumber === '7740')).toBe(true);
  });

  it('shows a plant user only their facilities’ quotes, lets a sales viewer read, and refuses a user without sales roles', async () => {
    const plant = await get<Quote[]>('/api/Quote', 'plant');
    expect(plant.status).toBe(200);
    expect(plant.body.length).toBeGreaterThan(0);
    expect(plant.body.every((quote) => ['910', '931'].includes(quote.plantNumber))).toBe(true);
    expect((await get('/api/Quote', 'viewer')).status).toBe(200);
    expect((await get('/api/Quote', 'driver')).status).toBe(403);
  });

  it('answers revisions with their options, prices only for price viewers', async () => {
    const [revised] = await t.db
      .select({ quoteId: quoteRevisions.quoteId })
      .from(quoteRevisions)
      .innerJoin(quotes, eq(quotes.id, quoteRevisions.quoteId))
      .where(and(eq(quotes.retailerNumber, '4217'), eq(quoteRevisions.revisionNumber, 2)));
    const path = `/mch-quote-api/mycustomhomes/webapi/api/quoterevision/${revised!.quoteId}`;
    const priced = await get<QuoteRevision[]>(path, 'sales');
    expect(priced.status).toBe(200);
    expect(priced.body.length).toBeGreaterThanOrEqual(2);
    expect(priced.body[0]!.Options.some((option) => option.Price > 0)).toBe(true);
    const first = JSON.stringify(priced.body[0]!.Options.map((option) => [option.OptionNumber, option.Quantity, option.Price]));
    expect(JSON.stringify(priced.body[1]!.Options.map((option) => [option.OptionNumber, option.Quantity, option.Price]))).not.toBe(first);
    const unpriced = await get<QuoteRevision[]>(path, 'viewer');
    expect(unpriced.body.flatMap((revision) => revision.Options).every((option) => option.Price === 0)).toBe(true);
  });
});

describe('quote actions', () => {
  it('refuses a sales viewer every change, and a user id that is not the caller’s', async () => {
    const quote = await quoteWhere(eq(quotes.quoteStatusesId, 0));
    expect((await t.call('DELETE', `/mch-quote-api/${quote.id}/${ids.viewer}`, { token: tokens.viewer })).status).toBe(403);
    expect((await get(`/mch-quote-api/${quote.quoteNumber}/${ids.viewer}/copy`, 'viewer')).status).toBe(403);
    expect((await t.call('POST', `/mch-quote-api/set-lock-status/${quote.id}/false/${ids.viewer}`, { token: tokens.viewer })).status).toBe(
      403,
    );
    expect((await t.call('DELETE', `/mch-quote-api/${quote.id}/${ids.admin}`, { token: tokens.sales })).status).toBe(403);
    expect((await get(`/quote-api/check-locked-quote/${quote.id}/${ids.admin}`, 'sales')).status).toBe(403);
  });

  it('deletes a quote once: it leaves the list and the delta, and a second delete says it already was', async () => {
    const before = await get<Quote[]>('/api/Quote', 'sales');
    const cursor = before.headers.get('x-sync-cursor')!;
    const quote = await quoteWhere(and(eq(quotes.quoteStatusesId, 2), isNull(quotes.lockedByUserId)));
    const key = randomUUID();
    const deleted = await t.call<{ message: string }>('DELETE', `/mch-quote-api/${quote.id}/${ids.sales}`, {
      token: tokens.sales,
      idempotencyKey: key,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(QUOTE_MESSAGES.markedInactive);
    const replayed = await t.call<{ message: string }>('DELETE', `/mch-quote-api/${quote.id}/${ids.sales}`, {
      token: tokens.sales,
      idempotencyKey: key,
    });
    expect(replayed.status).toBe(200);
    const again = await t.call<ErrorBody>('DELETE', `/mch-quote-api/${quote.id}/${ids.sales}`, { token: tokens.sales });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(QUOTE_MESSAGES.alreadyDeleted(quote.quoteNumber));

    const after = await get<Quote[]>('/api/Quote', 'sales');
    expect(after.body.map((row) => row.quoteId)).not.toContain(quote.id);
    const delta = await get<SyncPage<Quote>>('/api/Quote', 'sales', { since: cursor });
    expect(delta.body.removed).toContain(quote.id);
  });

  it('locks a quote to the first who opens it; only that user unlocks it', async () => {
    const lockedByAdmin = await quoteWhere(eq(quotes.lockedByUserId, ids.admin!));
    const seen = await get<QuoteLockState>(`/quote-api/check-locked-quote/${lockedByAdmin.id}/${ids.sales}`, 'sales');
    expect(seen.body).toEqual({ isLocked: true, lockedBy: 'admin@demo.homesite.test' });
    const refused = await t.call<ErrorBody>('POST', `/mch-quote-api/set-lock-status/${lockedByAdmin.id}/false/${ids.sales}`, {
      token: tokens.sales,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(QUOTE_MESSAGES.notLockedByYou);
    const notDeleted = await t.call<ErrorBody>('DELETE', `/mch-quote-api/${lockedByAdmin.id}/${ids.sales}`, { token: tokens.sales });
    expect(notDeleted.body.message).toBe(QUOTE_MESSAGES.locked);

    const free = await quoteWhere(and(isNull(quotes.lockedByUserId), eq(quotes.quoteStatusesId, 1)));
    expect((await get<QuoteLockState>(`/quote-api/check-locked-quote/${free.id}/${ids.sales}`, 'sales')).body.isLocked).toBe(false);
    expect((await get<QuoteLockState>(`/quote-api/check-locked-quote/${free.id}/${ids.admin}`, 'admin')).body).toEqual({
      isLocked: true,
      lockedBy: 'sales@demo.homesite.test',
    });
    expect((await t.call('POST', `/mch-quote-api/set-lock-status/${free.id}/false/${ids.admin}`, { token: tokens.admin })).status).toBe(
      403,
    );
    const unlocked = await t.call<Quote>('POST', `/mch-quote-api/set-lock-status/${free.id}/false/${ids.sales}`, { token: tokens.sales });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.isLocked).toBe(false);
    expect((await get<QuoteLockState>(`/quote-api/check-locked-quote/${free.id}/${ids.admin}`, 'admin')).body.isLocked).toBe(false);
    // A viewer (not of the quote's authorized set) reads the lock's state and takes none.
    expect((await get<QuoteLockState>(`/quote-api/check-locked-quote/${free.id}/${ids.viewer}`, 'viewer')).body).toEqual({
      isLocked: true,
      lockedBy: 'admin@demo.homesite.test',
    });
    expect((await get<QuoteLockState>(`/quote-api/check-locked-quote/${free.id}/${ids.sales}`, 'sales')).body).toEqual({
      isLocked: true,
      lockedBy: 'admin@demo.homesite.test',
    });
  });

  it('duplicates only a complete, not submitted quote, copying its latest revision', async () => {
    const draft = await quoteWhere(
      and(
        eq(quotes.quoteStatusesId, 0),
        eq(quotes.subOptionsValid, true),
        eq(quotes.isModelActive, true),
        isNotNull(quotes.modelNumber),
        isNotNull(quotes.productLineId),
      ),
    );
    const key = randomUUID();
    const copyOnce = () =>
      t.call<QuoteCopy>('GET', `/mch-quote-api/${draft.quoteNumber}/${ids.sales}/copy`, {
        token: tokens.sales,
        headers: { 'Idempotency-Key': key },
      });
    const copy = await copyOnce();
    expect(copy.status).toBe(200);
    // The spec's duplicate is a GET; with an Idempotency-Key a repeat answers the same copy and makes no other.
    expect((await copyOnce()).body.QuoteId).toBe(copy.body.QuoteId);
    expect(await t.db.select({ id: quotes.id }).from(quotes).where(eq(quotes.sourceQuoteId, draft.id))).toHaveLength(1);
    expect(copy.body.QuoteNumber).not.toBe(draft.quoteNumber);
    const list = await get<Quote[]>('/api/Quote', 'sales');
    const made = list.body.find((quote) => quote.quoteId === copy.body.QuoteId)!;
    expect(made).toMatchObject({ quoteStatusesID: 0, originalQuoteNumber: draft.quoteNumber, latestRevision: 1, customer: draft.customer });

    const submitted = await quoteWhere(
      and(eq(quotes.quoteStatusesId, 1), isNotNull(quotes.modelNumber), eq(quotes.subOptionsValid, true), eq(quotes.isModelActive, true)),
    );
    const refusedSubmitted = await get<ErrorBody>(`/mch-quote-api/${submitted.quoteNumber}/${ids.sales}/copy`, 'sales');
    expect(refusedSubmitted.status).toBe(400);
    expect(refusedSubmitted.body.message).toBe(QUOTE_MESSAGES.notSubmittedOnly);
    const noModel = await quoteWhere(and(isNull(quotes.modelNumber), isNotNull(quotes.productLineId)));
    expect((await get<ErrorBody>(`/mch-quote-api/${noModel.quoteNumber}/${ids.sales}/copy`, 'sales')).body.message).toBe(
      QUOTE_MESSAGES.duplicateNoModel,
    );
  });

  it('validates sub-options and lists unavailable options', async () => {
    const invalid = await quoteWhere(eq(quotes.subOptionsValid, false));
    const result = await get<QuoteValidation>(
      `/mch-quote-api/${invalid.quoteNumber}/validatesuboptions/${invalid.plantNumber}/${ids.sales}`,
      'sales',
    );
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ SubOptionsValid: false, NewQuote: null });
    const unavailable = await t.db.select().from(quotes).where(eq(quotes.retailerNumber, '4217'));
    let found = 0;
    for (const quote of unavailable.slice(0, 20))
      found += (await get<unknown[]>(`/mch-quote-api/${quote.quoteNumber}/unavailableoptions`, 'sales')).body.length;
    expect(found).toBeGreaterThan(0);
  });
});

describe('orders', () => {
  it('lists a retail center’s orders, narrows to one home, and shows another retail center none of them', async () => {
    const list = await get<SalesOrder[]>('/api/order', 'sales');
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThanOrEqual(60);
    expect(list.body.every((order) => order.retailerNumber === '4217')).toBe(true);
    const withSerial = list.body.find((order) => order.longSerialNumber !== '')!;
    const byLong = await get<SalesOrder[]>('/api/order', 'sales', { longSerialNumber: withSerial.longSerialNumber.toLowerCase() });
    expect(byLong.body.map((order) => order.orderId)).toContain(withSerial.orderId);
    const byShort = await get<SalesOrder[]>('/api/order', 'sales', {
      plantNumber: withSerial.plantNumber,
      serialNumber: withSerial.serialNumber,
    });
    expect(byShort.body.map((order) => order.orderId)).toContain(withSerial.orderId);
    const other = await get<SalesOrder[]>('/api/order', 'company');
    expect(other.body.some((order) => order.retailerNumber === '4217')).toBe(false);
    expect((await get('/api/order', 'company', { longSerialNumber: withSerial.longSerialNumber })).body).toEqual([]);
  });

  it('copies an order into a new quote once per key, without custom or unavailable options', async () => {
    const [order] = await t.db
      .select()
      .from(salesOrders)
      .innerJoin(quotes, eq(quotes.id, salesOrders.quoteId))
      .where(and(eq(salesOrders.retailerNumber, '4217'), eq(quotes.isModelActive, true), isNotNull(quotes.modelNumber)));
    const key = randomUUID();
    const body = { orderNumber: order!.sales_orders.orderNumber, plantNumber: order!.sales_orders.plantNumber };
    const copiesBefore = (await t.db.select().from(quotes).where(eq(quotes.sourceQuoteId, order!.quotes.id))).length;
    const first = await t.call<QuoteValidation>('PUT', '/mch-quote-api/copyiseriesquote', {
      token: tokens.sales,
      body,
      idempotencyKey: key,
    });
    expect(first.status).toBe(200);
    expect(first.body.ModelActive).toBe(true);
    expect(first.body.NewQuote?.QuoteId).toBeGreaterThan(0);
    const again = await t.call<QuoteValidation>('PUT', '/mch-quote-api/copyiseriesquote', {
      token: tokens.sales,
      body,
      idempotencyKey: key,
    });
    expect(again.body.NewQuote).toEqual(first.body.NewQuote);
    const made = await t.db.select().from(quotes).where(eq(quotes.sourceQuoteId, order!.quotes.id));
    expect(made).toHaveLength(copiesBefore + 1);
    expect((await t.call('PUT', '/mch-quote-api/copyiseriesquote', { token: tokens.viewer, body })).status).toBe(403);
    expect(
      (
        await t.call<ErrorBody>('PUT', '/mch-quote-api/copyiseriesquote', {
          token: tokens.sales,
          body: { orderNumber: 'x y', plantNumber: '910' },
        })
      ).status,
    ).toBe(400);
  });
});

describe('quote refusals of spec 2 §8 and who copies into Build A Quote (issue 21)', () => {
  /** The sales user's roles for the length of `run` (the server reads a changed role at once; the browser's kept profile would not). */
  async function withSalesRoles(names: RoleName[], run: () => Promise<void>) {
    const before = await t.db.select().from(userRoles).where(eq(userRoles.userId, ids.sales!));
    const wanted = await t.db.select().from(roles).where(inArray(roles.name, names));
    await t.db.delete(userRoles).where(eq(userRoles.userId, ids.sales!));
    await t.db.insert(userRoles).values(wanted.map((role) => ({ userId: ids.sales!, roleId: role.id })));
    try {
      await run();
    } finally {
      await t.db.delete(userRoles).where(eq(userRoles.userId, ids.sales!));
      await t.db.insert(userRoles).values(before);
    }
  }

  /** Retailer 4217 served by no plant, so without product lines, for the length of `run`. */
  async function withoutProductLines(run: () => Promise<void>) {
    const served = await t.db.select().from(retailerPlants).where(eq(retailerPlants.retailerNumber, '4217'));
    await t.db.delete(retailerPlants).where(eq(retailerPlants.retailerNumber, '4217'));
    try {
      await run();
    } finally {
      await t.db.insert(retailerPlants).values(served);
    }
  }

  const copyableOrder = async () => {
    const [row] = await t.db
      .select()
      .from(salesOrders)
      .innerJoin(quotes, eq(quotes.id, salesOrders.quoteId))
      .where(and(eq(salesOrders.retailerNumber, '4217'), eq(quotes.isModelActive, true), isNotNull(quotes.modelNumber)));
    return { orderNumber: row!.sales_orders.orderNumber, plantNumber: row!.sales_orders.plantNumber };
  };

  it('tells a user without MyCustomHomes that they may not delete the quote, and deletes nothing', async () => {
    const quote = await quoteWhere(and(eq(quotes.quoteStatusesId, 0), isNull(quotes.lockedByUserId)));
    const viewer = await t.call<ErrorBody>('DELETE', `/mch-quote-api/${quote.id}/${ids.viewer}`, { token: tokens.viewer });
    expect(viewer.status).toBe(403);
    expect(viewer.body.message).toBe(QUOTE_MESSAGES.noDeletePermission);
    await withSalesRoles(['Sales_User', 'View_Pricing'], async () => {
      const refused = await t.call<ErrorBody>('DELETE', `/mch-quote-api/${quote.id}/${ids.sales}`, { token: tokens.sales });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('You do not have sufficient permissions to delete this quote.');
    });
    expect((await t.db.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, quote.id)))[0]!.status).toBe('Active');
  });

  it('lets only MyCustomHomes copy an order or an older-system quote: its _Admin and _ApproverOverride variants are refused', async () => {
    const order = await copyableOrder();
    const older = await quoteWhere(eq(quotes.isMchQuote, false));
    const made = async () => (await t.db.select({ id: quotes.id }).from(quotes)).length;
    const before = await made();
    await withSalesRoles(['Sales_User', 'MyCustomHomes_Admin', 'MyCustomHomes_ApproverOverride'], async () => {
      expect((await t.call('PUT', '/mch-quote-api/copyiseriesquote', { token: tokens.sales, body: order })).status).toBe(403);
      const olderBody = { quoteNumber: older.quoteNumber, plantNumber: older.plantNumber };
      expect((await t.call('PUT', '/mch-quote-api/copyiseriesquote', { token: tokens.sales, body: olderBody })).status).toBe(403);
    });
    expect(await made()).toBe(before);
  });

  it('refuses to duplicate or make a new quote for a retailer without product lines, saying so (spec 2 §8)', async () => {
    const draft = await quoteWhere(
      and(
        eq(quotes.quoteStatusesId, 0),
        eq(quotes.subOptionsValid, true),
        eq(quotes.isModelActive, true),
        isNotNull(quotes.modelNumber),
        isNotNull(quotes.productLineId),
      ),
    );
    const order = await copyableOrder();
    const [retailer] = await t.db.select({ name: retailers.name }).from(retailers).where(eq(retailers.retailerNumber, '4217'));
    const made = async () => (await t.db.select({ id: quotes.id }).from(quotes)).length;
    const before = await made();
    await withoutProductLines(async () => {
      const duplicate = await get<ErrorBody>(`/mch-quote-api/${draft.quoteNumber}/${ids.sales}/copy`, 'sales');
      expect(duplicate.status).toBe(400);
      expect(duplicate.body.message).toBe(
        `There are no product lines associated with ${retailer!.name}. This quote can not be duplicated.`,
      );
      const copy = await t.call<ErrorBody>('PUT', '/mch-quote-api/copyiseriesquote', { token: tokens.sales, body: order });
      expect(copy.status).toBe(400);
      expect(copy.body.message).toBe(
        `There are no product lines associated with ${retailer!.name}. To create a new quote, select a different retailer.`,
      );
    });
    expect(await made()).toBe(before);
  });
});

describe('detail reports and the invoice PDF', () => {
  it('answers an order’s detail with prices for a price viewer and without them for others', async () => {
    const [row] = await t.db
      .select()
      .from(salesOrders)
      .innerJoin(quotes, eq(quotes.id, salesOrders.quoteId))
      .where(eq(salesOrders.retailerNumber, '4217'));
    const query = {
      plantNumber: row!.quotes.plantNumber,
      quoteNumber: row!.quotes.quoteNumber,
      orderNumber: row!.sales_orders.orderNumber,
    };
    const priced = await get<SalesDetail>('/api/Reports/Sales/', 'sales', query);
    expect(priced.status).toBe(200);
    expect(priced.body).toMatchObject({ orderNumber: row!.sales_orders.orderNumber, pricingIncluded: true });
    expect(priced.body.categoryDetails.length).toBeGreaterThanOrEqual(4);
    expect(priced.body.invoiceTotalAmount).toBeGreaterThan(priced.body.summary.baseCostOfHome);
    const unpriced = await get<SalesDetail>('/api/Reports/Sales/', 'viewer', query);
    expect(unpriced.body.pricingIncluded).toBe(false);
    expect(unpriced.body.invoiceTotalAmount).toBe(0);
    expect(unpriced.body.categoryDetails.flatMap((category) => category.options).every((option) => option.optionPrice === 0)).toBe(true);
    expect((await get('/api/Reports/Sales/', 'company', query)).status).toBe(404);
    const quoteOnly = await get<SalesDetail>('/api/Reports/Sales/', 'sales', { ...query, orderNumber: '0' });
    expect(quoteOnly.body.orderNumber).toBe('');
  });

  it('answers the home invoice by serial number, and a plant user nothing of another plant', async () => {
    const [row] = await t.db
      .select()
      .from(salesOrders)
      .where(and(eq(salesOrders.retailerNumber, '4217'), ne(salesOrders.serialNumber, '')));
    const invoice = await get<SalesDetail>('/api/Reports/Sales/', 'sales', { serialNumber: row!.serialNumber });
    expect(invoice.status).toBe(200);
    expect(invoice.body.fullSerialNumber).toBe(row!.longSerialNumber);
    const [foreign] = await t.db
      .select()
      .from(salesOrders)
      .where(and(ne(salesOrders.plantNumber, '910'), ne(salesOrders.plantNumber, '931'), ne(salesOrders.serialNumber, '')));
    expect((await get('/api/Reports/Sales/', 'plant', { serialNumber: foreign!.serialNumber })).status).toBe(404);
    expect((await get<ErrorBody>('/api/Reports/Sales/', 'sales', { serialNumber: 'bad serial!' })).status).toBe(400);
  });

  it('makes the invoice with pricing as a PDF for price viewers only', async () => {
    const quote = await quoteWhere(isNotNull(quotes.modelNumber));
    const query = { dealerNumber: '4217', facilityNumber: quote.plantNumber, quoteNumber: quote.quoteNumber };
    const pdf = await t.app.request(`/api/reports/homeInvoice/pricing?${new URLSearchParams(query)}`, {
      headers: { authorization: `Bearer ${tokens.sales}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
    expect((await get('/api/reports/homeInvoice/pricing', 'viewer', query)).status).toBe(403);
    expect((await get('/api/reports/homeInvoice/pricing', 'company', { ...query, dealerNumber: '7740' })).status).toBe(403);
  });
});

describe('leads and prospects', () => {
  async function unclaimed() {
    const [lead] = await t.db
      .select()
      .from(leads)
      .where(and(eq(leads.retailerNumber, '4217'), isNull(leads.status)))
      .orderBy(asc(leads.id));
    return lead!;
  }

  it('lists a retail center’s leads in every status for lead users, and no one else', async () => {
    const list = await get<Lead[]>('/api/Lead', 'sales');
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThanOrEqual(40);
    expect(new Set(list.body.map((lead) => lead.status))).toEqual(new Set([null, 'C', 'I', 'P']));
    expect(list.body.every((lead) => lead.retailerNumber === '4217')).toBe(true);
    // spec 2 §6: not for company-owned (type C) retail centers, nor without the leads roles.
    expect((await get('/api/Lead', 'company')).status).toBe(403);
    expect((await get('/api/Lead', 'viewer')).status).toBe(403);
  });

  it('claims a lead once: a replay under another key keeps the first claim', async () => {
    const lead = await unclaimed();
    const claimed = await t.call<Lead>('POST', '/api/Lead', { token: tokens.sales, body: { leadId: lead.id, status: 'C' } });
    expect(claimed.status).toBe(200);
    expect(claimed.body.status).toBe('C');
    expect(claimed.body.claimedDate).not.toBe('');
    const again = await t.call<Lead>('POST', '/api/Lead', { token: tokens.sales, body: { leadId: lead.id, status: 'C' } });
    expect(again.body.claimedDate).toBe(claimed.body.claimedDate);
    expect(again.body.rowVersion).toBe(claimed.body.rowVersion);
    expect((await t.call('POST', '/api/Lead', { token: tokens.sales, body: { leadId: lead.id, status: 'X' } })).status).toBe(400);
    expect((await t.call('POST', '/api/Lead', { token: tokens.company, body: { leadId: lead.id, status: 'I' } })).status).toBe(403);
  });

  it('converts a lead into one prospect, however often asked, and shows its contact page', async () => {
    const lead = await unclaimed();
    const first = await t.call<{ prospectId: number }>('POST', '/crm/webapi/api/Prospects/Lead', {
      token: tokens.sales,
      body: { leadId: lead.id },
    });
    expect(first.status).toBe(200);
    const second = await t.call<{ prospectId: number }>('POST', '/crm/webapi/api/Prospects/Lead', {
      token: tokens.sales,
      body: { leadId: lead.id },
    });
    expect(second.body.prospectId).toBe(first.body.prospectId);
    const made = await t.db
      .select()
      .from(prospects)
      .where(and(eq(prospects.firstName, lead.firstName), eq(prospects.lastName, lead.lastName), eq(prospects.email, lead.email)));
    expect(made).toHaveLength(1);
    const contact = await get<Prospect>(`/crm/webapi/api/Prospects/${first.body.prospectId}`, 'sales');
    expect(contact.body).toMatchObject({ firstName: lead.firstName, lastName: lead.lastName, leadId: lead.id });
    const final = await t.call<ErrorBody>('POST', '/api/Lead', { token: tokens.sales, body: { leadId: lead.id, status: 'I' } });
    expect(final.body.message).toBe(LEAD_MESSAGES.final);
  });

  it('deactivates a lead, and the delta since the list brings it', async () => {
    const list = await get<Lead[]>('/api/Lead', 'sales');
    const lead = await unclaimed();
    const deactivated = await t.call<Lead>('POST', '/api/Lead', { token: tokens.sales, body: { leadId: lead.id, status: 'I' } });
    expect(deactivated.body.status).toBe('I');
    const delta = await get<SyncPage<Lead>>('/api/Lead', 'sales', { since: list.headers.get('x-sync-cursor')! });
    expect(delta.body.items.map((item) => [item.leadId, item.status])).toContainEqual([lead.id, 'I']);
  });
});

describe('inventory', () => {
  it('lists the stock of a retail center or a plant user’s facilities, with its age, for the inventory roles only', async () => {
    const list = await get<InventoryItem[]>('/api/Inventory', 'sales');
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThanOrEqual(30);
    expect(list.body.every((item) => item.retailerNumber === '4217' && item.age >= 0 && item.serailNumber !== '')).toBe(true);
    const plant = await get<InventoryItem[]>('/api/Inventory', 'plant');
    expect(plant.body.every((item) => ['910', '931'].includes(item.plantNumber))).toBe(true);
    expect((await get('/api/Inventory', 'service')).status).toBe(200);
    expect((await get('/api/Inventory', 'driver')).status).toBe(403);
  });
});
