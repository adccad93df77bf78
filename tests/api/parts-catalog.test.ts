import { and, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOG_IMAGE_NAME,
  PARTS_CATALOG_MESSAGES,
  catalogParts,
  type CatalogCategory,
  type CatalogCommodity,
  type ErrorBody,
  type PartsCatalog,
} from '../../src/contract';
import { catalogCommodities, catalogImages, homes, partsCatalog, retailerPlants } from '../../src/server/db/schema';
import { createTestContext, ifNoneMatchFormsOf, type TestContext } from './harness';

let t: TestContext;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestContext();
  for (const key of ['service', 'viewer', 'plant', 'driver']) tokens[key] = await t.login(key);
});
afterAll(() => t.close());

const getCatalog = (query: Record<string, string>, token = tokens.service) =>
  t.call<PartsCatalog>('GET', '/api/PartsCatalog', { token, query });
const rowsOf = (plantNumber: string) => t.db.select().from(partsCatalog).where(eq(partsCatalog.plantNumber, plantNumber));

describe('GET {api}/PartsCatalog?plantNumber&approved (spec 3 §3, §7)', () => {
  it('answers the approved catalog: categories → commodities → parts, approved and active only, in number order', async () => {
    const result = await getCatalog({ plantNumber: '910', approved: 'true' });
    expect(result.status).toBe(200);
    expect(result.body.plantNumber).toBe('910');
    const parts = catalogParts(result.body);
    const expected = (await rowsOf('910')).filter((row) => row.approved && row.active);
    expect(parts.map((part) => part.partsCatalogId).sort()).toEqual(expected.map((row) => row.id).sort());
    expect(parts.length).toBeGreaterThanOrEqual(300);
    expect(parts.every((part) => part.approved && part.active && part.isActiveAndApproved && part.plantNumber === '910')).toBe(true);

    const categories = result.body.categoryCatalogs.map((category) => category.category.categoryNumber);
    expect(categories).toEqual([...categories].sort());
    expect(result.body.categoryCatalogs.map((category) => category.category.description)).toEqual(
      expect.arrayContaining(['Bathroom', 'Bedroom', 'Kitchen', 'Carpet', 'Electrical', 'Plumbing', 'Exterior', 'Doors & Windows']),
    );
    const kitchen = result.body.categoryCatalogs.find((category) => category.category.description === 'Kitchen')!;
    expect(kitchen.commodityCatalogs.map((commodity) => commodity.commodity.description)).toEqual(
      expect.arrayContaining(['Faucets', 'Cabinet Doors', 'Countertops', 'Sinks']),
    );
    for (const category of result.body.categoryCatalogs) {
      for (const commodity of category.commodityCatalogs) {
        expect(commodity.imageFilename).toMatch(CATALOG_IMAGE_NAME);
        for (const part of commodity.parts) {
          expect(part).toMatchObject({
            categoryNumber: category.category.categoryNumber,
            categoryDescription: category.category.description,
            commodityNumber: commodity.commodity.commodityNumber,
            commodityDescription: commodity.commodity.description,
          });
          expect(part.combinedPartNumber).toBe(`${part.categoryNumber}${part.commodityNumber}${part.partNumber}`);
        }
        const numbers = commodity.parts.map((part) => part.partNumber);
        expect(numbers).toEqual([...numbers].sort());
      }
    }
    const sample = parts[0]!;
    for (const field of [
      'subPartNumber',
      'subPartDescription',
      'notes',
      'friendlyDescription',
      'corporateDescription',
      'unitOfMeasure',
      'imageFilename',
      'createDate',
      'createdBy',
    ]) {
      expect(sample, field).toHaveProperty(field);
    }
    // spec 3 §5: some approved parts come without a friendly description; the corporate one stands in.
    expect(parts.some((part) => part.friendlyDescription === '' && part.corporateDescription !== '')).toBe(true);
    expect(parts.some((part) => part.imageFilename !== '') && parts.some((part) => part.imageFilename === '')).toBe(true);
  });

  it('answers the whole catalog without approved=true to a plant user: pending and inactive parts too; a retailer gets 403', async () => {
    const refusedWhole = await t.call<ErrorBody>('GET', '/api/PartsCatalog', { token: tokens.service, query: { plantNumber: '910' } });
    expect(refusedWhole.status).toBe(403);
    expect(refusedWhole.body.message).toBe(PARTS_CATALOG_MESSAGES.wholeCatalogNotYours);
    const result = await getCatalog({ plantNumber: '910' }, tokens.plant);
    expect(result.status).toBe(200);
    const parts = catalogParts(result.body);
    expect(parts).toHaveLength((await rowsOf('910')).length);
    expect(parts.some((part) => !part.approved && part.active)).toBe(true);
    expect(parts.some((part) => part.approved && !part.active)).toBe(true);
    expect(parts.filter((part) => part.isActiveAndApproved).length).toBeLessThan(parts.length);
    expect((await getCatalog({ plantNumber: '910', approved: 'false' }, tokens.plant)).body).toEqual(result.body);
  });

  it('answers 304 to an unchanged catalog', async () => {
    const first = await getCatalog({ plantNumber: '910', approved: 'true' });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\//);
    expect(
      (
        await t.call('GET', '/api/PartsCatalog', {
          token: tokens.service,
          query: { plantNumber: '910', approved: 'true' },
          headers: { 'if-none-match': etag },
        })
      ).status,
    ).toBe(304);
    expect((await getCatalog({ plantNumber: '910' }, tokens.plant)).headers.get('etag')).not.toBe(etag);
  });

  it('serves the plants the user relates to: the retail center’s plants and the plants of its homes; a plant user’s facilities', async () => {
    expect((await getCatalog({ plantNumber: '915', approved: 'true' })).status).toBe(200);
    const served = (await t.db.select().from(retailerPlants).where(eq(retailerPlants.retailerNumber, '4217'))).map(
      (row) => row.plantNumber,
    );
    const [builtOnly] = await t.db
      .select({ plantNumber: homes.plantNumber })
      .from(homes)
      .where(and(eq(homes.retailerNumber, '4217'), notInArray(homes.plantNumber, served)))
      .limit(1);
    expect(builtOnly).toBeDefined();
    expect((await getCatalog({ plantNumber: builtOnly!.plantNumber, approved: 'true' })).status).toBe(200);
    const unknown = await getCatalog({ plantNumber: '999', approved: 'true' });
    expect(unknown.status).toBe(403);
    expect((unknown.body as unknown as ErrorBody).message).toBe(PARTS_CATALOG_MESSAGES.plantNotYours);

    expect((await getCatalog({ plantNumber: '931', approved: 'true' }, tokens.plant)).status).toBe(200);
    expect((await getCatalog({ plantNumber: '944', approved: 'true' }, tokens.plant)).status).toBe(403);
  });

  it('is for Service_User and Service_Viewer, and checks its query', async () => {
    expect((await getCatalog({ plantNumber: '910', approved: 'true' }, tokens.viewer)).status).toBe(200);
    expect((await getCatalog({ plantNumber: '910', approved: 'true' }, tokens.driver)).status).toBe(403);
    expect((await t.call('GET', '/api/PartsCatalog', { query: { plantNumber: '910' } })).status).toBe(401);
    expect((await getCatalog({ plantNumber: 'abc' })).status).toBe(400);
    expect((await getCatalog({ plantNumber: '910', approved: 'yes' })).status).toBe(400);
    expect((await getCatalog({})).status).toBe(400);
  });
});

describe('GET {api}/PartsCatalog/GetCategories and /GetCommodities', () => {
  it("lists the categories of the plant's catalog, and the commodities of one category", async () => {
    const categories = await t.call<CatalogCategory[]>('GET', '/api/PartsCatalog/GetCategories', {
      token: tokens.service,
      query: { plantNumber: '910' },
    });
    expect(categories.status).toBe(200);
    const expected = [...new Set((await rowsOf('910')).map((row) => row.categoryNumber))].sort();
    expect(categories.body.map((category) => category.categoryNumber)).toEqual(expected);
    expect(categories.body.find((category) => category.categoryNumber === '40')).toEqual({ categoryNumber: '40', description: 'Carpet' });

    const commodities = await t.call<CatalogCommodity[]>('GET', '/api/PartsCatalog/GetCommodities', {
      token: tokens.service,
      query: { plantNumber: '910', categoryNumber: '40' },
    });
    expect(commodities.status).toBe(200);
    expect(commodities.body).toEqual([
      { commodityNumber: '410', description: 'Carpet' },
      { commodityNumber: '420', description: 'Pad' },
      { commodityNumber: '430', description: 'Transition Strips' },
    ]);
  });

  it('checks the plant and the query', async () => {
    expect((await t.call('GET', '/api/PartsCatalog/GetCategories', { token: tokens.plant, query: { plantNumber: '944' } })).status).toBe(
      403,
    );
    expect(
      (
        await t.call('GET', '/api/PartsCatalog/GetCommodities', {
          token: tokens.plant,
          query: { plantNumber: '944', categoryNumber: '40' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.call('GET', '/api/PartsCatalog/GetCommodities', {
          token: tokens.service,
          query: { plantNumber: '910', categoryNumber: 'x' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.call('GET', '/api/PartsCatalog/GetCommodities', {
          token: tokens.service,
          query: { plantNumber: '910', categoryNumber: '77' },
        })
      ).body,
    ).toEqual([]);
  });
});

describe('GET {images}/PartsCatalogImages/{file}', () => {
  const image = (fileName: string, token = tokens.service, headers: Record<string, string> = {}) =>
    t.call<string>('GET', `/images/PartsCatalogImages/${fileName}`, { token, headers });

  it('serves an image with its content type, a long private cache and an ETag', async () => {
    const result = await image('commodity-30-310.svg');
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe('image/svg+xml');
    expect(result.headers.get('cache-control')).toMatch(/^private, max-age=\d{6,}$/);
    expect(result.headers.get('x-content-type-options')).toBe('nosniff');
    expect(result.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(result.body).toContain('Faucets');
    expect(result.body).not.toMatch(/<script|href=|on\w+=/i);
    const etag = result.headers.get('etag')!;
    expect((await image('commodity-30-310.svg', tokens.service, { 'if-none-match': etag })).status).toBe(304);
    for (const ifNoneMatch of ifNoneMatchFormsOf(etag))
      expect((await image('commodity-30-310.svg', tokens.service, { 'if-none-match': ifNoneMatch })).status).toBe(304);
    expect((await image('commodity-30-310.svg', tokens.service, { 'if-none-match': '"stale"' })).status).toBe(200);
  });

  it('serves SVG so that it cannot run script', async () => {
    const csp = (await image('commodity-30-310.svg')).headers.get('content-security-policy') ?? '';
    const directives = new Map(
      csp
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    const scriptSources = directives.get('script-src') ?? directives.get('default-src');
    expect(scriptSources).toBeDefined();
    expect(scriptSources).not.toContain("'unsafe-inline'");
    expect(scriptSources).not.toContain('*');
  });

  it('serves the placeholder, and every image the catalog names', async () => {
    const placeholder = await image('placeholder.svg');
    expect(placeholder.status).toBe(200);
    expect(placeholder.headers.get('content-type')).toBe('image/svg+xml');
    expect(placeholder.body).toContain('No image');
    const stored = new Set((await t.db.select({ fileName: catalogImages.fileName }).from(catalogImages)).map((row) => row.fileName));
    const named = [
      ...(await t.db.select({ name: partsCatalog.imageFilename }).from(partsCatalog)).map((row) => row.name),
      ...(await t.db.select({ name: catalogCommodities.imageFilename }).from(catalogCommodities)).map((row) => row.name),
    ].filter(Boolean);
    expect(named.length).toBeGreaterThan(100);
    for (const name of new Set(named)) expect(stored.has(name), name).toBe(true);
    const partImage = named.find((name) => name.startsWith('part-'))!;
    expect((await image(partImage, tokens.viewer)).status).toBe(200);
  });

  it('answers 404 for an unknown image, 400 for a name that is not an image file name, 401 without a token', async () => {
    const missing = await image('nothing-here.png');
    expect(missing.status).toBe(404);
    expect((missing.body as unknown as ErrorBody).message).toBe(PARTS_CATALOG_MESSAGES.imageNotFound);
    for (const name of ['..%2F..%2Fetc%2Fpasswd', 'part.exe', '.hidden.svg', 'a%20b.svg']) {
      const result = await image(name);
      expect(result.status, name).toBe(400);
    }
    expect((await t.call('GET', '/images/PartsCatalogImages/commodity-30-310.svg')).status).toBe(401);
  });
});
