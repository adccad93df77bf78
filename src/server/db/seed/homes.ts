import type { Database } from '../client';
import { insertRows } from './bulk';
import * as t from '../schema';
import { ADMIN_RETAIL_CENTERS, COMPANY_OWNED_RETAILER, SECOND_INDEPENDENT_RETAILER } from './demo-users';
import { utcIsoDay } from '../../../lib/dates';
import { daysBefore } from './days';
import type { Random } from './random';
import { PLANTS, type RetailerSeed } from './shell';

export interface HomeModel {
  modelNumber: string;
  modelName: string;
  sections: 1 | 2 | 3;
  squareFootage: number;
  bedrooms: number;
  bathrooms: number;
}

export const HOME_MODELS: readonly HomeModel[] = [
  { modelNumber: '16TRU76A3', modelName: 'The Breeze', sections: 1, squareFootage: 1088, bedrooms: 3, bathrooms: 2 },
  { modelNumber: '16TEM80C3', modelName: 'The Tempo Edge', sections: 1, squareFootage: 1216, bedrooms: 3, bathrooms: 2 },
  { modelNumber: '18FRE80B3', modelName: 'The Freedom', sections: 1, squareFootage: 1368, bedrooms: 3, bathrooms: 2 },
  { modelNumber: '14CSP60A2', modelName: 'The Cottage Sprout', sections: 1, squareFootage: 840, bedrooms: 2, bathrooms: 1 },
  { modelNumber: '28ANN60A3', modelName: 'The Anniversary 60', sections: 2, squareFootage: 1600, bedrooms: 3, bathrooms: 2 },
  { modelNumber: '32ANN76B4', modelName: 'The Anniversary 76', sections: 2, squareFootage: 2128, bedrooms: 4, bathrooms: 2 },
  { modelNumber: '28SIG56A3', modelName: 'The Signature', sections: 2, squareFootage: 1493, bedrooms: 3, bathrooms: 2 },
  { modelNumber: '32DRM68C4', modelName: 'The Dream Home', sections: 2, squareFootage: 1976, bedrooms: 4, bathrooms: 3 },
  { modelNumber: '28FAR64B3', modelName: 'The Farmhouse', sections: 2, squareFootage: 1792, bedrooms: 3, bathrooms: 2 },
  { modelNumber: '32LEG80A5', modelName: 'The Legacy', sections: 2, squareFootage: 2280, bedrooms: 5, bathrooms: 3 },
  { modelNumber: '30HAR72D4', modelName: 'The Harbor', sections: 2, squareFootage: 2016, bedrooms: 4, bathrooms: 2 },
  { modelNumber: '42TRP68A4', modelName: 'The Triple Crown', sections: 3, squareFootage: 2584, bedrooms: 4, bathrooms: 3 },
  { modelNumber: '45EST72B5', modelName: 'The Estate', sections: 3, squareFootage: 2905, bedrooms: 5, bathrooms: 3 },
];

export const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Karen',
  'Charles',
  'Sarah',
  'Daniel',
  'Lisa',
  'Matthew',
  'Nancy',
  'Anthony',
  'Betty',
  'Mark',
  'Ashley',
  'Steven',
  'Dorothy',
  'Jose',
  'Maria',
  'Tyler',
  'Brittany',
  'Dale',
  'Loretta',
];
export const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Walker',
  'Hall',
  'Allen',
  'Young',
  'King',
  'Wright',
  'Hill',
  'Green',
  'Baker',
  'Nelson',
  'Carter',
  'Mitchell',
  'Roberts',
  'Turner',
  'Phillips',
];
export const STREETS = [
  'Oak Ridge Road',
  'Cedar Lane',
  'Pine Hill Drive',
  'Maple Street',
  'Dogwood Trail',
  'Hickory Way',
  'Sycamore Court',
  'Willow Creek Road',
  'Magnolia Drive',
  'Old Mill Road',
  'County Road 12',
  'Chestnut Ridge Lane',
  'Walnut Grove Road',
  'Pleasant Valley Road',
];

const SECTION_LETTERS = ['A', 'AB', 'ABC'] as const;
export const HOMES_PER_SCALE = 300;

/** Most homes go to the demo logins' retailers, so every list they open has rows. */
const DEMO_RETAILERS: readonly string[] = [...ADMIN_RETAIL_CENTERS, SECOND_INDEPENDENT_RETAILER, COMPANY_OWNED_RETAILER];

export async function seedHomes(db: Database, random: Random, today: Date, retailers: readonly RetailerSeed[], scale: number) {
  const byNumber = new Map(retailers.map((retailer) => [retailer.retailerNumber, retailer]));
  const nextSerialDigits = new Map(PLANTS.map((plant, index) => [plant.plantNumber, 10_000 + index * 3_917]));
  const count = Math.max(1, Math.round(HOMES_PER_SCALE * scale));
  const rows: (typeof t.homes.$inferInsert)[] = [];

  for (let index = 0; index < count; index++) {
    const plant = random.pick(PLANTS);
    const retailerNumber = random.chance(0.6) ? random.pick(DEMO_RETAILERS) : random.pick(retailers).retailerNumber;
    const retailer = byNumber.get(retailerNumber)!;
    const model = random.weighted(HOME_MODELS.map((m) => [m, m.sections === 2 ? 3 : m.sections === 1 ? 2 : 1] as const));
    const digits = nextSerialDigits.get(plant.plantNumber)!;
    nextSerialDigits.set(plant.plantNumber, digits + random.int(1, 9));
    const serialNumber = `${plant.serialPrefix}${String(digits % 1_000_000).padStart(6, '0')}${retailer.state}${SECTION_LETTERS[model.sections - 1]}`;

    const manufacturedDaysAgo = random.int(10, 3 * 365);
    const sold = manufacturedDaysAgo > 30 && random.chance(0.82);
    const soldDaysAgo = sold ? random.int(1, manufacturedDaysAgo - 14) : null;
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);

    rows.push({
      serialNumber,
      plantNumber: plant.plantNumber,
      retailerNumber,
      modelNumber: model.modelNumber,
      modelName: model.modelName,
      sections: model.sections,
      squareFootage: model.squareFootage,
      bedrooms: model.bedrooms,
      bathrooms: model.bathrooms,
      manufacturedDate: utcIsoDay(daysBefore(today, manufacturedDaysAgo)),
      soldDate: soldDaysAgo === null ? null : utcIsoDay(daysBefore(today, soldDaysAgo)),
      // Unsold homes are retailer inventory: no homeowner yet.
      homeownerFirstName: sold ? firstName : null,
      homeownerLastName: sold ? lastName : null,
      homeownerEmail: sold ? `${firstName}.${lastName}${random.int(1, 99)}@example.com`.toLowerCase() : null,
      homeownerPhone: sold ? `(${retailer.areaCode}) 555-${String(random.int(100, 199)).padStart(4, '0')}` : null,
      address1: sold ? `${random.int(100, 9999)} ${random.pick(STREETS)}` : null,
      city: sold ? retailer.city : null,
      state: sold ? retailer.state : null,
      zipCode: sold ? retailer.zipCode : null,
    });
  }

  for (let start = 0; start < rows.length; start += 500) {
    await insertRows(db, t.homes, rows.slice(start, start + 500));
  }
  return { homes: rows.length };
}
