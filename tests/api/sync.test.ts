import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SYNC_CURSOR_HEADER,
  type CatalogPartRow,
  type PartsOrderSummary,
  type ServiceRequest,
  type ServiceRequestSummary,
  type SyncPage,
  type WarrantyCard,
} from '../../src/contract';
import { cardRuleSubject, isKeptRecord } from '../../src/contract/kept-lists';
import { businessDay, DEFAULT_ORG_TIME_ZONE } from '../../src/contract/time-zones';
import { homes, partsCatalog, partsOrders, serviceRequests, warrantyCards } from '../../src/server/db/schema';
import { createTestContext, ifNoneMatchFormsOf, type TestContext } from './harness';

/* Delta sync of the kept lists (issue 10, contract/sync.ts): a change, a delete, a scope change, paging, a held transaction. */

let t: TestContext;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestContext();
  for (const key of ['service', 'admin', 'plant', 'sales']) tokens[key] = await t.login(key);
});
afterAll(() => t.close());

async function delta<Row>(path: string, since: string, options: { token?: string; query?: Record<string, string>; limit?: number } = {}) {
  const query = { ...options.query, since, ...(options.limit ? { limit: String(options.limit) } : {}) };
  const result = await t.call<SyncPage<Row>>('GET', path, { token: options.token ?? tokens.service, query });
  expect(result.status).toBe(200);
  return result.body;
}

/** The cursor a plain list answer carries. */
async function listCursor(path: string, token = tokens.service!, query?: Record<string, string>) {
  const result = await t.call('GET', path, { token, query });
  expect(result.status).toBe(200);
  const cursor = result.headers.get(SYNC_CURSOR_HEADER);
  expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
  return cursor!;
}

/** Follows a download from nothing page by page, as the device does. */
async function download<Row>(
  path: string,
  key: (row: Row) => number,
  limit: number,
  token = tokens.service!,
  query?: Record<string, string>,
) {
  const rows = new Map<number, Row>();
  let cursor = '0';
  let pages = 0;
  let total: number | undefined;
  for (;;) {
    const page = await delta<Row>(path, cursor, { token, query, limit });
    if (pages === 0) total = page.total;
    pages += 1;
    for (const id of page.removed) rows.delete(id);
    for (const row of page.items) {
      expect(rows.has(key(row)), 'a row delivered twice in one download with no changes').toBe(false);
      rows.set(key(row), row);
    }
    cursor = page.cursor;
    if (!page.more) break;
  }
  return { rows, cursor, pages, total };
}

const requestId = (row: ServiceRequestSummary) => row.serviceRequestId;
const keptToday = () => businessDay(DEFAULT_ORG_TIME_ZONE);

describe('work-order list (GET /api/service)', () => {
  it('pages a download from nothing to exactly the kept rows of the plain list, with their total', async () => {
    const plain = await t.call<ServiceRequestSummary[]>('GET', '/api/service', { token: tokens.service });
    // What a device keeps (contract/kept-lists.ts, tests/api/kept-rule.test.ts): the open ones and those changed lately.
    const kept = plain.body.filter((row) => isKeptRecord(row, keptToday()));
    const { rows, pages, total } = await download('/api/service', requestId, 7);
    expect(pages).toBeGreaterThan(2);
    expect(total).toBe(kept.length);
    expect([...rows.keys()].sort((a, b) => a - b)).toEqual(kept.map(requestId).sort((a, b) => a - b));
    expect(rows.get(kept[0]!.serviceRequestId)).toEqual(kept[0]);
  });

  it('answers nothing when nothing changed, then a created request, a change by any code path and a delete', async () => {
    const start = await listCursor('/api/service');
    const quiet = await delta<ServiceRequestSummary>('/api/service', start);
    expect(quiet).toMatchObject({ items: [], removed: [], more: false });
    expect(quiet.reset).toBeUndefined();

    const [home] = await t.db.select().from(homes).where(eq(homes.retailerNumber, '4217')).limit(1);
    const created = await t.call<ServiceRequest>('POST', '/api/service/CreateServiceRequest', {
      token: tokens.service,
      query: { plantNumber: home!.plantNumber, longSerialNumber: home!.serialNumber, assetId: String(home!.id) },
    });
    expect(created.status).toBe(201);
    const afterCreate = await delta<ServiceRequestSummary>('/api/service', quiet.cursor);
    expect(afterCreate.items.map(requestId)).toEqual([created.body.serviceRequestId]);

    // A homeowner renamed on the home: every request of that home is a changed row, whoever wrote the home.
    await t.db.update(homes).set({ homeownerLastName: 'Renamed' }).where(eq(homes.id, home!.id));
    const afterRename = await delta<ServiceRequestSummary>('/api/service', afterCreate.cursor);
    expect(afterRename.items.length).toBeGreaterThan(0);
    expect(afterRename.items.every((row) => row.assetId === home!.id && row.homeownerName.endsWith('Renamed'))).toBe(true);

    const cancelled = await t.call('DELETE', `/api/service/${created.body.serviceRequestId}`, { token: tokens.service });
    expect(cancelled.status).toBe(204);
    const afterDelete = await delta<ServiceRequestSummary>('/api/service', afterRename.cursor);
    expect(afterDelete.items).toEqual([]);
    expect(afterDelete.removed).toEqual([created.body.serviceRequestId]);
  });

  it('tells a user nothing of a delete in another retail center', async () => {
    const start = await listCursor('/api/service');
    const [other] = await t.db
      .select({ id: serviceRequests.id })
      .from(serviceRequests)
      .where(and(ne(serviceRequests.retailerNumber, '4217'), eq(serviceRequests.status, 'Unsubmitted')))
      .limit(1);
    await t.db.delete(serviceRequests).where(eq(serviceRequests.id, other!.id));
    const page = await delta<ServiceRequestSummary>('/api/service', start);
    expect(page.removed).toEqual([]);
    const adminStart = await delta<ServiceRequestSummary>('/api/service', '0', { token: tokens.admin });
    expect(adminStart.items.every((row) => row.retailerNumber === '4217')).toBe(true);
  });

  it('starts afresh (reset) after the user switched retail centers, and on a cursor it cannot read', async () => {
    const token = await t.login('admin');
    const before = await listCursor('/api/service', token);
    const switched = await t.call<{ bearerToken: string }>('GET', '/auth/api/Account/ChangeRetailerNumber', {
      token,
      query: { retailerNumber: '4218' },
    });
    expect(switched.status).toBe(200);
    try {
      const page = await delta<ServiceRequestSummary>('/api/service', before, { token: switched.body.bearerToken });
      expect(page.reset).toBe(true);
      expect(page.items.length).toBe(page.total);
      expect(page.items.every((row) => row.retailerNumber === '4218')).toBe(true);
      const garbage = await delta<ServiceRequestSummary>('/api/service', 'bm90LWEtY3Vyc29y', { token: switched.body.bearerToken });
      expect(garbage.reset).toBe(true);
    } finally {
      await t.call('GET', '/auth/api/Account/ChangeRetailerNumber', {
        token: switched.body.bearerToken,
        query: { retailerNumber: '4217' },
      });
    }
  });

  it('answers a plain list from its cache only while nothing of it changed', async () => {
    const read = async () => (await t.call<ServiceRequestSummary[]>('GET', '/api/service', { token: tokens.service })).body;
    const before = await read();
    expect(await read()).toEqual(before);
    const row = before.find((summary) => summary.status === 'Unsubmitted')!;
    await t.db.update(serviceRequests).set({ technician: 'Cache Buster' }).where(eq(serviceRequests.id, row.serviceRequestId));
    const after = await read();
    expect(after.find((summary) => summary.serviceRequestId === row.serviceRequestId)?.technician).toBe('Cache Buster');
  });

  it('refuses a bad limit or cursor shape with 400', async () => {
    const queries: Record<string, string>[] = [
      { since: '0', limit: '0' },
      { since: '0', limit: '20000' },
      { since: '0', limit: 'ten' },
      { since: 'a b' },
      { since: '' },
    ];
    for (const query of queries) {
      const result = await t.call<{ message: string }>('GET', '/api/service', { token: tokens.service, query });
      expect(result.status, JSON.stringify(query)).toBe(400);
      expect(result.body.message).toMatch(/limit|since/);
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('never moves a cursor past a transaction still running (PostgreSQL)', async () => {
    const ids = await t.db
      .select({ id: serviceRequests.id })
      .from(serviceRequests)
      .where(eq(serviceRequests.retailerNumber, '4217'))
      .limit(2);
    const [held, later] = ids.map((row) => row.id) as [number, number];
    const start = await listCursor('/api/service');

    let release!: () => void;
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const holding = t.db.transaction(async (tx) => {
      await tx.update(serviceRequests).set({ technician: 'Held Open' }).where(eq(serviceRequests.id, held));
      written();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await wrote;
    // Committed after the held transaction took its id: not final until the held one ends.
    await t.db.update(serviceRequests).set({ technician: 'Committed Later' }).where(eq(serviceRequests.id, later));
    const during = await delta<ServiceRequestSummary>('/api/service', start);
    expect(during.items.map(requestId)).not.toContain(held);
    release();
    await holding;
    const after = await delta<ServiceRequestSummary>('/api/service', during.cursor);
    const technicians = new Map([...during.items, ...after.items].map((row) => [row.serviceRequestId, row.technician]));
    expect(technicians.get(held)).toBe('Held Open');
    expect(technicians.get(later)).toBe('Committed Later');
  });
});

describe('parts-order list (GET /api/parts)', () => {
  it('delivers an order again when its items change, and pages like the plain list', async () => {
    const plain = await t.call<PartsOrderSummary[]>('GET', '/api/parts', { token: tokens.service });
    const kept = plain.body.filter((row) => isKeptRecord(row, keptToday()));
    const { rows, total } = await download<PartsOrderSummary>('/api/parts', (row) => row.partsOrderId, 5);
    expect(total).toBe(kept.length);
    expect(rows.size).toBe(kept.length);

    const start = await listCursor('/api/parts');
    const order = plain.body.find((row) => row.isStagedPart)!;
    await t.db.update(partsOrders).set({ trackingNumber: 'not shown in the list' }).where(eq(partsOrders.id, order.partsOrderId));
    const page = await delta<PartsOrderSummary>('/api/parts', start);
    expect(page.items.map((row) => row.partsOrderId)).toEqual([order.partsOrderId]);
  });
});

describe('homeowner list (GET /api/Warranty/Homeowners)', () => {
  it('delivers a saved card and starts with the total', async () => {
    const plain = await t.call<WarrantyCard[]>('GET', '/api/Warranty/Homeowners', { token: tokens.service });
    const first = await delta<WarrantyCard>('/api/Warranty/Homeowners', '0', { limit: 50 });
    // A device keeps the cards of the kept-list rule: of homes with an open work order, or changed lately.
    const today = businessDay(DEFAULT_ORG_TIME_ZONE);
    const kept = plain.body.filter((card) => isKeptRecord(cardRuleSubject(card), today));
    expect(kept.length).toBeGreaterThan(0);
    expect(first.total).toBe(kept.length);
    expect(first.items).toHaveLength(Math.min(50, kept.length));

    const start = await listCursor('/api/Warranty/Homeowners');
    const card = kept[0]!;
    await t.db.update(warrantyCards).set({ city: 'Sevierville' }).where(eq(warrantyCards.id, card.vantageWarrantyId));
    const page = await delta<WarrantyCard>('/api/Warranty/Homeowners', start);
    expect(page.items.map((row) => [row.vantageWarrantyId, row.city])).toEqual([[card.vantageWarrantyId, 'Sevierville']]);
  });
});

describe('approved parts catalog (GET /api/PartsCatalog?approved=true)', () => {
  it('removes a part that is no longer approved and active, and delivers a newly approved one', async () => {
    const [part] = await t.db
      .select()
      .from(partsCatalog)
      .where(and(eq(partsCatalog.approved, true), eq(partsCatalog.active, true)))
      .limit(1);
    const query = { plantNumber: part!.plantNumber, approved: 'true' };
    const { rows, total } = await download<CatalogPartRow>('/api/PartsCatalog', (row) => row.partsCatalogId, 40, tokens.plant, query);
    expect(rows.size).toBe(total);
    expect(rows.get(part!.id)?.commodityImageFilename).toEqual(expect.any(String));

    const start = await listCursor('/api/PartsCatalog', tokens.plant, query);
    await t.db.update(partsCatalog).set({ active: false }).where(eq(partsCatalog.id, part!.id));
    const [added] = await t.db
      .insert(partsCatalog)
      .values({ ...part!, id: undefined, syncXid: undefined, partNumber: '99999', active: true, approved: true })
      .returning({ id: partsCatalog.id });
    const page = await delta<CatalogPartRow>('/api/PartsCatalog', start, { token: tokens.plant, query });
    expect(page.removed).toEqual([part!.id]);
    expect(page.items.map((row) => row.partsCatalogId)).toEqual([added!.id]);
  });
});

describe('every kept list answers a conditional GET', () => {
  const lists: [path: string, user: string, query?: Record<string, string>][] = [
    ['/api/service', 'service'],
    ['/api/parts', 'service'],
    ['/api/Warranty/Homeowners', 'service'],
    ['/api/PartsCatalog', 'service', { plantNumber: '910', approved: 'true' }],
    ['/api/Quote', 'sales'],
    ['/api/order', 'sales'],
    ['/api/Lead', 'sales'],
    ['/api/Inventory', 'sales'],
  ];

  it.each(lists)('%s: 304 to its ETag weak, strong or in a list; the list to * or to other tags', async (path, user, query) => {
    const get = (ifNoneMatch: string) => t.call('GET', path, { token: tokens[user], query, headers: { 'if-none-match': ifNoneMatch } });
    const first = await t.call('GET', path, { token: tokens[user], query });
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    for (const ifNoneMatch of [etag, ...ifNoneMatchFormsOf(etag)]) expect((await get(ifNoneMatch)).status, ifNoneMatch).toBe(304);
    // A list is current only for a position the client names: `*` names none.
    for (const ifNoneMatch of ['*', 'W/"stale"', 'W/"stale", "other"']) expect((await get(ifNoneMatch)).status, ifNoneMatch).toBe(200);
  });
});
