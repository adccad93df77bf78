import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeSummary } from '../../src/contract';
import { homes, userPlants, users } from '../../src/server/db/schema';
import { createTestContext, type TestContext } from './harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('GET {api}/Homes', () => {
  it("lists exactly the current retail center's homes to a retailer user", async () => {
    const token = await t.login('service');
    const result = await t.call<HomeSummary[]>('GET', '/api/Homes', { token });
    expect(result.status).toBe(200);
    const retailers = new Set(result.body.map((home) => home.retailerNumber));
    expect([...retailers]).toHaveLength(1);
    const [retailer] = [...retailers];
    const expected = await t.db.select({ id: homes.id }).from(homes).where(eq(homes.retailerNumber, retailer!));
    expect(result.body.map((home) => home.assetId).sort()).toEqual(expected.map((home) => home.id).sort());
    const first = result.body[0]!;
    expect(first.serialNumber).toMatch(/^[A-Z]{3}/);
    expect(first.plantName).not.toBe('');
  });

  it("lists a plant user's facilities' homes, whatever the retailer", async () => {
    const token = await t.login('plant');
    const result = await t.call<HomeSummary[]>('GET', '/api/Homes', { token });
    const [user] = await t.db.select().from(users).where(eq(users.userName, 'plant@demo.homesite.test'));
    const plants = (await t.db.select().from(userPlants).where(eq(userPlants.userId, user!.id))).map((row) => row.plantNumber);
    expect(result.body.length).toBeGreaterThan(0);
    expect(result.body.every((home) => plants.includes(home.plantNumber))).toBe(true);
  });

  it('answers sales users (they start delivery reports from these homes), and refuses users with neither service nor sales writing', async () => {
    const sales = await t.call<HomeSummary[]>('GET', '/api/Homes', { token: await t.login('sales') });
    expect(sales.status).toBe(200);
    expect(sales.body.length).toBeGreaterThan(0);
    expect((await t.call('GET', '/api/Homes', { token: await t.login('driver') })).status).toBe(403);
    expect((await t.call('GET', '/api/Homes')).status).toBe(401);
  });
});
