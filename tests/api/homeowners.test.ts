import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WARRANTY_MESSAGES, addMonthsToDay, type ConflictBody, type ErrorBody, type WarrantyCard } from '../../src/contract';
import { homes, warrantyCards } from '../../src/server/db/schema';
import { createTestContext, type TestContext } from './harness';

let t: TestContext;
const tokens: Record<string, string> = {};
/** The app clock runs in real time here: the seeded sold dates count back from today too. */
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestContext();
  for (const key of ['service', 'viewer', 'sales', 'plant', 'company', 'internal', 'driver']) tokens[key] = await t.login(key);
});
afterAll(() => t.close());

/** Homes of a retailer with their card (null when none), oldest first. */
async function homesOf(retailerNumber: string) {
  return t.db
    .select({ home: homes, card: warrantyCards })
    .from(homes)
    .leftJoin(warrantyCards, eq(warrantyCards.homeId, homes.id))
    .where(eq(homes.retailerNumber, retailerNumber))
    .orderBy(homes.id);
}

async function cardOf(retailerNumber: string, statusCode: string) {
  const found = (await homesOf(retailerNumber)).find((row) => row.card?.statusCode === statusCode);
  if (!found) throw new Error(`no ${statusCode} card at ${retailerNumber}`);
  return found;
}

async function homeWithoutCard(retailerNumber: string) {
  const found = (await homesOf(retailerNumber)).filter((row) => row.card === null);
  if (found.length === 0) throw new Error(`no home without a card at ${retailerNumber}`);
  return found.map((row) => row.home);
}

const newCard = (home: { plantNumber: string; serialNumber: string }, overrides: Record<string, unknown> = {}) => ({
  plantNumber: home.plantNumber,
  serialNumber: home.serialNumber,
  firstName: 'Loretta',
  lastName: 'Hill',
  emailAddress: 'loretta.hill@example.com',
  address1: '77 Dogwood Trail',
  address2: 'Lot 3',
  city: 'Clinton',
  state: 'TN',
  zipCode: '37716',
  areaCode: '',
  phoneNumber: '(865) 555-0177',
  soldDate: addMonthsToDay(today(), -1),
  homeAddressSameAsOwner: true,
  ...overrides,
});

describe('GET {api}/Warranty/Homeowners', () => {
  it("lists exactly the cards of the current retail center's homes, in every status", async () => {
    const result = await t.call<WarrantyCard[]>('GET', '/api/Warranty/Homeowners', { token: tokens.service });
    expect(result.status).toBe(200);
    const expected = (await homesOf('4217')).filter((row) => row.card !== null);
    expect(result.body.map((card) => card.vantageWarrantyId).sort()).toEqual(expected.map((row) => row.card!.id).sort());
    expect(new Set(result.body.map((card) => card.retailerNumber))).toEqual(new Set(['4217']));
    expect(new Set(result.body.map((card) => card.statusCode))).toEqual(new Set(['I', 'A', 'H', 'X']));
    const first = result.body[0]!;
    expect(first.plantName).not.toBe('');
    expect(first.retailerName).not.toBe('');
    expect(first.modelName).not.toBe('');
    expect(first.serialNumber).toMatch(/^[A-Z]{3}\d{6}/);
  });

  it("lists a plant user's facilities' cards, whatever the retailer", async () => {
    const result = await t.call<WarrantyCard[]>('GET', '/api/Warranty/Homeowners', { token: tokens.plant });
    expect(result.status).toBe(200);
    const expected = await t.db
      .select({ id: warrantyCards.id })
      .from(warrantyCards)
      .innerJoin(homes, eq(homes.id, warrantyCards.homeId))
      .where(inArray(homes.plantNumber, ['910', '931']));
    expect(result.body).toHaveLength(expected.length);
    expect(result.body.every((card) => ['910', '931'].includes(card.plantNumber))).toBe(true);
    expect(new Set(result.body.map((card) => card.retailerNumber)).size).toBeGreaterThan(1);
  });

  it('answers 304 to a list the client has; a new card changes its version, for that retail center only', async () => {
    const first = await t.call('GET', '/api/Warranty/Homeowners', { token: tokens.service });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\//);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const ifNoneMatch = (token: string, value: string) =>
      t.call('GET', '/api/Warranty/Homeowners', { token, headers: { 'if-none-match': value } });
    expect((await ifNoneMatch(tokens.service!, etag)).status).toBe(304);
    const companyEtag = (await t.call('GET', '/api/Warranty/Homeowners', { token: tokens.company })).headers.get('etag')!;

    const [home] = await homeWithoutCard('4217');
    expect((await t.call('POST', '/api/Warranty', { token: tokens.service, body: newCard(home!) })).status).toBe(201);
    const changed = await ifNoneMatch(tokens.service!, etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect((await ifNoneMatch(tokens.company!, companyEtag)).status).toBe(304);
  });

  it('is for Warranty_User, Home_Owner_Viewer and Service_User (spec 3 §6)', async () => {
    expect((await t.call('GET', '/api/Warranty/Homeowners', { token: tokens.viewer })).status).toBe(200);
    expect((await t.call('GET', '/api/warranty/homeowners', { token: tokens.sales })).status).toBe(403);
    expect((await t.call('GET', '/api/Warranty/Homeowners', { token: tokens.internal })).status).toBe(403);
    expect((await t.call('GET', '/api/Warranty/Homeowners')).status).toBe(401);
  });
});

describe('GET {api}/Warranty and {api}/assets/{assetId}/warranty', () => {
  it('answers the card of a home the user sees, with every field of spec 3 §3', async () => {
    const { home, card } = await cardOf('4217', 'A');
    const result = await t.call<WarrantyCard>('GET', '/api/Warranty', {
      token: tokens.viewer,
      query: { plantNumber: home.plantNumber, serialNumber: home.serialNumber.toLowerCase() },
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      vantageAssetId: home.id,
      vantageWarrantyId: card!.id,
      plantNumber: home.plantNumber,
      serialNumber: home.serialNumber,
      fullSerialNumber: home.serialNumber,
      retailerNumber: '4217',
      statusCode: 'A',
      rowVersion: card!.rowVersion,
    });
    for (const field of [
      'middleInitial',
      'suffix',
      'zip4',
      'cellAreaCode',
      'cellPhoneNumber',
      'npsDate',
      'homeAddress1',
      'homeAddress2',
      'homeCity',
      'homeState',
      'homeZipCode',
      'homePhoneNumber',
      'homeAddress',
      'showHomeAddress',
      'thermalZone',
      'windZone',
      'roofLoad',
      'manufacturedDate',
      'orderNumber',
      'purchaseOrderNumber',
      'quoteNumber',
      'vantageAccountId',
    ]) {
      expect(result.body, field).toHaveProperty(field);
    }
    const byAsset = await t.call<WarrantyCard>('GET', `/api/assets/${home.id}/warranty`, { token: tokens.internal });
    expect(byAsset.status).toBe(200);
    expect(byAsset.body).toEqual(result.body);
  });

  it('answers 404 for a home without a card, so the form opens in add mode', async () => {
    const [home] = await homeWithoutCard('4217');
    const result = await t.call<ErrorBody>('GET', '/api/Warranty', {
      token: tokens.service,
      query: { plantNumber: home!.plantNumber, serialNumber: home!.serialNumber },
    });
    expect(result.status).toBe(404);
    expect(result.body.message).toBe(WARRANTY_MESSAGES.cardNotFound);
    expect((await t.call('GET', `/api/assets/${home!.id}/warranty`, { token: tokens.service })).status).toBe(404);
  });

  it("hides another retailer's cards, and a plant user's other plants", async () => {
    const { home } = await cardOf('4217', 'A');
    const query = { plantNumber: home.plantNumber, serialNumber: home.serialNumber };
    const other = await t.call<ErrorBody>('GET', '/api/Warranty', { token: tokens.company, query });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(WARRANTY_MESSAGES.homeNotFound);
    expect((await t.call('GET', `/api/assets/${home.id}/warranty`, { token: tokens.company })).status).toBe(404);
    const [elsewhere] = await t.db
      .select()
      .from(homes)
      .innerJoin(warrantyCards, eq(warrantyCards.homeId, homes.id))
      .where(eq(homes.plantNumber, '944'))
      .limit(1);
    expect((await t.call('GET', `/api/assets/${elsewhere!.homes.id}/warranty`, { token: tokens.plant })).status).toBe(404);
  });

  it('answers a returned card trimmed, with address2 folded into address1 (spec 3 §5)', async () => {
    const { home, card } = await cardOf('4217', 'H');
    await t.db
      .update(warrantyCards)
      .set({ address1: ' 18 Cedar Lane ', address2: ' Space 118 ', city: ' Clinton ' })
      .where(eq(warrantyCards.id, card!.id));
    const result = await t.call<WarrantyCard>('GET', `/api/assets/${home.id}/warranty`, { token: tokens.service });
    expect(result.body).toMatchObject({ address1: '18 Cedar Lane Space 118', address2: '', city: 'Clinton' });
  });

  it('refuses users without homeowner or service access', async () => {
    const { home } = await cardOf('4217', 'A');
    expect((await t.call('GET', `/api/assets/${home.id}/warranty`, { token: tokens.driver })).status).toBe(403);
    expect(
      (
        await t.call('GET', '/api/Warranty', {
          token: tokens.sales,
          query: { plantNumber: home.plantNumber, serialNumber: home.serialNumber },
        })
      ).status,
    ).toBe(403);
  });
});

describe('POST {api}/Warranty', () => {
  it('creates the card of a home without one, normalized, Active; a second create is 409', async () => {
    const [home] = await homeWithoutCard('4217');
    const created = await t.call<WarrantyCard>('POST', '/api/Warranty', { token: tokens.service, body: newCard(home!) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      vantageAssetId: home!.id,
      statusCode: 'A',
      address1: '77 Dogwood Trail Lot 3',
      address2: '',
      areaCode: '865',
      phoneNumber: '5550177',
      homeAddress: '77 Dogwood Trail Lot 3, Clinton, TN 37716',
      showHomeAddress: false,
      rowVersion: 0,
    });
    const again = await t.call<ConflictBody>('POST', '/api/Warranty', {
      token: tokens.service,
      body: newCard(home!, { firstName: 'Other' }),
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(WARRANTY_MESSAGES.cardExists);
    expect((again.body.current as WarrantyCard).firstName).toBe('Loretta');
  });

  it('refuses a sold date out of the window with its message, writing nothing', async () => {
    const [, home] = await homeWithoutCard('4217');
    const result = await t.call<ErrorBody>('POST', '/api/Warranty', {
      token: tokens.service,
      body: newCard(home!, { soldDate: addMonthsToDay(today(), -25) }),
    });
    expect(result.status).toBe(400);
    expect(result.body.field).toBe('soldDate');
    expect(result.body.message).toContain(WARRANTY_MESSAGES.soldDateOutOfRange);
    expect(await t.db.select().from(warrantyCards).where(eq(warrantyCards.homeId, home!.id))).toHaveLength(0);
    const badEmail = await t.call<ErrorBody>('POST', '/api/Warranty', {
      token: tokens.service,
      body: newCard(home!, { emailAddress: 'loretta@' }),
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.field).toBe('emailAddress');
  });

  it('is for warranty and service admins, on homes they see', async () => {
    const [, , home] = await homeWithoutCard('4217');
    expect((await t.call('POST', '/api/Warranty', { token: tokens.viewer, body: newCard(home!) })).status).toBe(403);
    expect((await t.call('POST', '/api/Warranty', { token: tokens.sales, body: newCard(home!) })).status).toBe(403);
    expect((await t.call('POST', '/api/Warranty', { token: tokens.company, body: newCard(home!) })).status).toBe(404);
    expect(await t.db.select().from(warrantyCards).where(eq(warrantyCards.homeId, home!.id))).toHaveLength(0);
  });

  it('does a repeated request once (Idempotency-Key)', async () => {
    const [, , , home] = await homeWithoutCard('4217');
    const key = crypto.randomUUID();
    const first = await t.call('POST', '/api/Warranty', { token: tokens.service, body: newCard(home!), idempotencyKey: key });
    const second = await t.call('POST', '/api/Warranty', { token: tokens.service, body: newCard(home!), idempotencyKey: key });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body).toEqual(first.body);
  });
});

describe('PUT {api}/Warranty', () => {
  it('updates with the current rowVersion; an Incomplete card becomes Active', async () => {
    const { home } = await cardOf('4217', 'I');
    const loaded = (await t.call<WarrantyCard>('GET', `/api/assets/${home.id}/warranty`, { token: tokens.service })).body;
    const body = {
      ...loaded,
      firstName: 'Dorothy',
      lastName: loaded.lastName || 'Hill',
      address1: loaded.address1 || '5 Maple Street',
      city: loaded.city || 'Clinton',
      state: loaded.state || 'TN',
      zipCode: loaded.zipCode || '37716',
      soldDate: loaded.soldDate || addMonthsToDay(today(), -2),
      emailAddress: '',
      areaCode: '',
      phoneNumber: '',
      homeAddressSameAsOwner: false,
    };
    const updated = await t.call<WarrantyCard>('PUT', '/api/Warranty', { token: tokens.service, body });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      firstName: 'Dorothy',
      statusCode: 'A',
      rowVersion: loaded.rowVersion + 1,
      vantageWarrantyId: loaded.vantageWarrantyId,
    });

    const stale = await t.call<ConflictBody>('PUT', '/api/Warranty', { token: tokens.service, body: { ...body, firstName: 'Betty' } });
    expect(stale.status).toBe(409);
    expect((stale.body.current as WarrantyCard).firstName).toBe('Dorothy');
    const [stored] = await t.db.select().from(warrantyCards).where(eq(warrantyCards.id, loaded.vantageWarrantyId));
    expect(stored!.firstName).toBe('Dorothy');
    // The work-order list names the homeowner from the home's copy.
    const [copied] = await t.db.select().from(homes).where(eq(homes.id, home.id));
    expect(copied).toMatchObject({ homeownerFirstName: 'Dorothy', homeownerEmail: null, homeownerPhone: null });
  });

  it('keeps a Historical card historical and lets it keep an old sold date', async () => {
    const rows = await homesOf('4217');
    const old = rows.find(
      (row) => row.card?.statusCode === 'H' && row.card.soldDate !== null && row.card.soldDate < addMonthsToDay(today(), -24),
    );
    const target = old ?? (await cardOf('4217', 'H'));
    const loaded = (await t.call<WarrantyCard>('GET', `/api/assets/${target.home.id}/warranty`, { token: tokens.service })).body;
    const result = await t.call<WarrantyCard>('PUT', '/api/Warranty', {
      token: tokens.service,
      body: { ...loaded, firstName: loaded.firstName || 'Mark', address1: loaded.address1 || '5 Maple Street', suffix: 'Jr.' },
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ statusCode: 'H', suffix: 'Jr.', soldDate: loaded.soldDate });
  });

  it('refuses a new sold date out of the window, and an update without rowVersion, writing nothing', async () => {
    const { home, card } = await cardOf('4217', 'A');
    const loaded = (await t.call<WarrantyCard>('GET', `/api/assets/${home.id}/warranty`, { token: tokens.service })).body;
    const late = await t.call<ErrorBody>('PUT', '/api/Warranty', {
      token: tokens.service,
      body: { ...loaded, soldDate: addMonthsToDay(today(), 4) },
    });
    expect(late.status).toBe(400);
    expect(late.body.message).toContain(WARRANTY_MESSAGES.soldDateOutOfRange);
    const { rowVersion: _rowVersion, ...withoutVersion } = loaded;
    expect((await t.call('PUT', '/api/Warranty', { token: tokens.service, body: withoutVersion })).status).toBe(400);
    const [stored] = await t.db.select().from(warrantyCards).where(eq(warrantyCards.id, card!.id));
    expect(stored!.rowVersion).toBe(card!.rowVersion);
    expect(stored!.soldDate).toBe(card!.soldDate);
  });

  it("refuses viewers (403) and another retailer's card (404); 404 when the home has no card", async () => {
    const { home } = await cardOf('4217', 'X');
    const loaded = (await t.call<WarrantyCard>('GET', `/api/assets/${home.id}/warranty`, { token: tokens.service })).body;
    const body = { ...loaded, firstName: loaded.firstName || 'Mark', address1: loaded.address1 || '5 Maple Street' };
    expect((await t.call('PUT', '/api/Warranty', { token: tokens.viewer, body })).status).toBe(403);
    expect((await t.call('PUT', '/api/Warranty', { token: tokens.company, body })).status).toBe(404);
    const [bare] = await t.db
      .select()
      .from(homes)
      .leftJoin(warrantyCards, eq(warrantyCards.homeId, homes.id))
      .where(and(eq(homes.retailerNumber, '4217'), isNull(warrantyCards.id)))
      .limit(1);
    const missing = await t.call<ErrorBody>('PUT', '/api/Warranty', {
      token: tokens.service,
      body: newCard(bare!.homes, { rowVersion: 0 }),
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(WARRANTY_MESSAGES.cardNotFound);
  });
});
