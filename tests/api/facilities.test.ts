import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { FacilityList, PlantContactList } from '../../src/contract';
import { hashPassword } from '../../src/server/auth/passwords';
import { retailerPlants, users } from '../../src/server/db/schema';
import { createTestContext, type TestContext } from './harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function facilitiesOf(token: string) {
  const result = await t.call('GET', '/api/Contact', { token });
  expect(result.status).toBe(200);
  return v.parse(FacilityList, result.body);
}

async function plantContactsOf(token: string) {
  const result = await t.call('GET', '/api/Contact/Plants', { token });
  expect(result.status).toBe(200);
  return v.parse(PlantContactList, result.body);
}

const numbers = (list: readonly { plantNumber: string }[]) => list.map((plant) => plant.plantNumber).sort();

async function servingPlants(retailerNumber: string) {
  const rows = await t.db.select().from(retailerPlants).where(eq(retailerPlants.retailerNumber, retailerNumber));
  return rows.map((row) => row.plantNumber).sort();
}

describe('GET /api/Contact (My Facilities)', () => {
  it('lists the plants serving the current retailer with both marketing links', async () => {
    const token = await t.login('admin');
    const facilities = await facilitiesOf(token);
    expect(numbers(facilities)).toEqual(await servingPlants('4217'));
    expect(numbers(facilities)).toEqual(['910', '915', '920']);
    const clinton = facilities.find((facility) => facility.plantNumber === '910');
    expect(clinton).toEqual({
      plantNumber: '910',
      printName: 'HomeSite Clinton West (910)',
      marketingURLRetail: 'https://homes.homesite.test/plants/clinton-west?channel=retail',
      marketingURLIndependent: 'https://homes.homesite.test/plants/clinton-west?channel=independent',
    });
    expect(facilities.map((facility) => facility.printName)).toEqual([...facilities.map((facility) => facility.printName)].sort());
  });

  it('follows a retail center switch (the directory is the current retailer’s)', async () => {
    const token = await t.login('sales');
    expect(numbers(await facilitiesOf(token))).toEqual(await servingPlants('4217'));
    const switched = await t.call<{ bearerToken: string }>('GET', '/auth/api/Account/ChangeRetailerNumber', {
      token,
      query: { retailerNumber: '4218' },
    });
    expect(switched.status).toBe(200);
    expect(numbers(await facilitiesOf(switched.body.bearerToken))).toEqual(['910', '973']);
  });

  it('gives a company-owned retailer its own plants, and a plant user exactly their facilities', async () => {
    expect(numbers(await facilitiesOf(await t.login('company')))).toEqual(await servingPlants('7740'));
    // The plant user's current retailer 4217 is served by 915 and 920 too, which are not their facilities.
    expect(numbers(await facilitiesOf(await t.login('plant')))).toEqual(['910', '931']);
  });

  it('answers 403 to a user without any retail center (the tile needs one) and 401 without a token', async () => {
    await t.db.insert(users).values({
      userName: 'no.retailer@demo.homesite.test',
      firstName: 'Nora',
      lastName: 'Lone',
      passwordHash: await hashPassword('Demo#2026!'),
      passwordLastChanged: new Date(),
    });
    const token = await t.login('no.retailer@demo.homesite.test');
    const refused = await t.call('GET', '/api/Contact', { token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'My Facilities needs at least one retail center.' });
    expect(await plantContactsOf(token)).toEqual([]);

    expect((await t.call('GET', '/api/Contact')).status).toBe(401);
    expect((await t.call('GET', '/api/Contact', { headers: { authorization: 'Bearer not.a.token' } })).status).toBe(401);
  });

  it('matches the path case-insensitively', async () => {
    const token = await t.login('admin');
    expect((await t.call('GET', '/API/contact/', { token })).status).toBe(200);
  });
});

describe('GET /api/Contact/Plants (My Plants)', () => {
  it('lists name, address, phone and e-mail of the plants serving the current retailer', async () => {
    const token = await t.login('admin');
    const plants = await plantContactsOf(token);
    expect(numbers(plants)).toEqual(['910', '915', '920']);
    expect(plants.map((plant) => plant.name)).toEqual(['Bean Station', 'Clinton West', 'Rutledge']);
    for (const plant of plants) {
      expect(plant.phone).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
      expect(plant.email).toBe(`plant${plant.plantNumber}@homesite.test`);
      expect(plant.city.length).toBeGreaterThan(0);
      expect(plant.state).toMatch(/^[A-Z]{2}$/);
    }
  });

  it('lists a plant user’s facilities, and needs a token', async () => {
    expect(numbers(await plantContactsOf(await t.login('plant')))).toEqual(['910', '931']);
    expect((await t.call('GET', '/api/Contact/Plants')).status).toBe(401);
  });
});
