import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../src/server/db/client';
import { homes, plants, retailers, users } from '../../src/server/db/schema';
import { DEMO_USERS, seedDatabase } from '../../src/server/db/seed';

const today = new Date('2026-02-10T15:30:00Z');
let first: OpenDatabase;
let second: OpenDatabase;
let migratedEmpty: Blob;

/** An empty migrated database; every one after the first is loaded from a dump, which is much faster. */
async function emptyDatabase() {
  return openDatabase({ memory: true, loadDataDir: migratedEmpty });
}

beforeAll(async () => {
  first = await openDatabase({ memory: true });
  await first.migrate();
  migratedEmpty = await first.dump();
  second = await emptyDatabase();
  await seedDatabase(first.db, { today });
  // Another time of the same day: the same data.
  await seedDatabase(second.db, { today: new Date('2026-02-10T01:05:00Z') });
});
afterAll(async () => {
  await Promise.all([first.close(), second.close()]);
});

const withoutCreatedAt = <T extends { createdAt: Date }>(rows: T[]) => rows.map(({ createdAt: _createdAt, ...rest }) => rest);

async function snapshot(database: OpenDatabase) {
  const db = database.db;
  return {
    retailers: withoutCreatedAt(await db.select().from(retailers).orderBy(asc(retailers.retailerNumber))),
    plants: withoutCreatedAt(await db.select().from(plants).orderBy(asc(plants.plantNumber))),
    homes: withoutCreatedAt(await db.select().from(homes).orderBy(asc(homes.id))),
    users: (await db.select().from(users).orderBy(asc(users.id))).map(({ passwordHash: _hash, createdAt: _createdAt, ...rest }) => rest),
  };
}

describe('seed', () => {
  it('gives the same data for the same day', async () => {
    expect(await snapshot(second)).toEqual(await snapshot(first));
  });

  it('fills only an empty database', async () => {
    const before = await first.db.select().from(users);
    expect(before.length).toBeGreaterThan(DEMO_USERS.length);
    expect((await seedDatabase(first.db, { today })).seeded).toBe(false);
    expect(await first.db.select().from(users)).toHaveLength(before.length);
  });

  it('makes realistic homes: serials of the plant prefix, six digits, the state and one letter per section', async () => {
    const rows = await first.db.select().from(homes);
    const prefixes = new Map((await first.db.select().from(plants)).map((plant) => [plant.plantNumber, plant.serialPrefix]));
    expect(rows.length).toBe(300);
    for (const home of rows) {
      expect(home.serialNumber).toMatch(/^[A-Z]{3}\d{6}[A-Z]{2}(A|AB|ABC)$/);
      expect(home.serialNumber.slice(0, 3)).toBe(prefixes.get(home.plantNumber));
      expect(home.serialNumber.endsWith(['A', 'AB', 'ABC'][home.sections - 1]!)).toBe(true);
      if (home.soldDate) {
        expect(home.soldDate > home.manufacturedDate).toBe(true);
        expect(home.homeownerLastName).toBeTruthy();
      } else {
        expect(home.homeownerLastName).toBeNull();
      }
    }
    expect(rows.some((home) => home.soldDate === null)).toBe(true);
  });

  it('numbers retailers as the spec reads them: ending in 0 exactly when company-owned', async () => {
    const rows = await first.db.select().from(retailers);
    for (const retailer of rows) expect(retailer.retailerNumber.endsWith('0'), retailer.retailerNumber).toBe(retailer.retailerType === 'C');
    expect(rows.filter((retailer) => retailer.partnerPortal).map((retailer) => retailer.retailerNumber)).toEqual(['4219']);
    expect(rows.some((retailer) => !retailer.webEnabled)).toBe(true);
  });

  it('gives every plant its marketing links and contact details', async () => {
    for (const plant of await first.db.select().from(plants)) {
      expect(plant.marketingUrlRetail).toMatch(/^https:\/\//);
      expect(plant.marketingUrlIndependent).toMatch(/^https:\/\//);
      expect(plant.marketingUrlRetail).not.toBe(plant.marketingUrlIndependent);
      expect(plant.phone).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
      expect(plant.email).toContain('@');
    }
  });

  it('scales the number of homes', async () => {
    const scaled = await emptyDatabase();
    try {
      await seedDatabase(scaled.db, { today, scale: 0.5 });
      expect(await scaled.db.select().from(homes)).toHaveLength(150);
    } finally {
      await scaled.close();
    }
  });
});
