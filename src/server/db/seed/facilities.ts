import type { Database } from '../client';
import { insertRows } from './bulk';
import * as t from '../schema';
import { ADMIN_RETAIL_CENTERS, COMPANY_OWNED_RETAILER, SECOND_INDEPENDENT_RETAILER } from './demo-users';
import type { Random } from './random';
import { PLANTS, type RetailerSeed } from './shell';

/** The demo logins' retailers get fixed plants, so the directories they open are the same on every run. */
const DEMO_RETAILER_PLANTS: Readonly<Record<string, readonly string[]>> = {
  [ADMIN_RETAIL_CENTERS[0]]: ['910', '915', '920'],
  [ADMIN_RETAIL_CENTERS[1]]: ['910', '973'],
  [ADMIN_RETAIL_CENTERS[2]]: ['920', '931'],
  [SECOND_INDEPENDENT_RETAILER]: ['931', '920'],
  [COMPANY_OWNED_RETAILER]: ['910', '915', '973'],
};

/** Plants that ship to each state: the plant's own region first, then its neighbours. */
const PLANTS_BY_STATE: Readonly<Record<string, readonly string[]>> = {
  TN: ['910', '915', '920', '973'],
  KY: ['910', '920'],
  VA: ['920', '931'],
  WV: ['920', '931'],
  NC: ['931', '920'],
  SC: ['931', '952'],
  GA: ['952', '944'],
  FL: ['952'],
  AL: ['944', '973'],
  MS: ['944', '973'],
  LA: ['967', '944'],
  TX: ['967'],
};

/** Which plants serve which retail center (My Facilities and My Plants scope). */
export async function seedFacilities(db: Database, random: Random, retailers: readonly RetailerSeed[]) {
  const known = new Set(PLANTS.map((plant) => plant.plantNumber));
  const rows = retailers.flatMap((retailer) => {
    const fixed = DEMO_RETAILER_PLANTS[retailer.retailerNumber];
    const candidates = PLANTS_BY_STATE[retailer.state] ?? [PLANTS[0]!.plantNumber];
    const plants = fixed ?? candidates.filter((_plant, index) => index === 0 || random.chance(0.6));
    return plants
      .filter((plantNumber) => known.has(plantNumber))
      .map((plantNumber) => ({ retailerNumber: retailer.retailerNumber, plantNumber }));
  });
  await insertRows(db, t.retailerPlants, rows);
  return { retailerPlants: rows.length };
}
