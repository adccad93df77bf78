import { asc } from 'drizzle-orm';
import { normalizeCardAddress, ownerAddressLine, splitPhone } from '../../../contract';
import type { Database } from '../client';
import { insertRows } from './bulk';
import * as t from '../schema';
import { ADMIN_RETAIL_CENTERS, BENCHMARK_RETAILER, COMPANY_OWNED_RETAILER, SECOND_INDEPENDENT_RETAILER } from './demo-users';
import { HOME_MODELS } from './homes';
import { utcIsoDay } from '../../../lib/dates';
import { addDaysToDay } from '../../../contract/days';
import { daysBefore } from './days';
import type { Random } from './random';
import { PLANTS } from './shell';

/** A benchmark seed (scale above 1) gives the service demo user's retail center at least this many homeowners, each a warranty card (issues 5, 10). */
export const BENCHMARK_MIN_HOMEOWNERS = 20_000;
const BATCH_ROWS = 500;

const DEMO_RETAILERS: readonly string[] = [...ADMIN_RETAIL_CENTERS, SECOND_INDEPENDENT_RETAILER, COMPANY_OWNED_RETAILER];
/** Every demo retailer's first sold homes get one card in each status (spec 3 §3: I, A, H, anything else Archived). */
const EVERY_STATUS = ['I', 'A', 'H', 'X'] as const;
const SECTION_LETTERS = ['A', 'AB', 'ABC'] as const;
const MIDDLE_INITIALS = ['', '', '', 'A', 'J', 'L', 'M', 'R', 'T'];
const SUFFIXES = ['', '', '', '', '', '', 'Jr.', 'Sr.', 'III'];
const UNIT_LINES = ['Lot 12', 'Lot 27', 'Unit B', 'Apt 4', 'Space 118'];

/** The plant's build data written on the card: HUD thermal zone, wind zone and roof load of the states it builds for. */
const BUILD_ZONES: Record<string, { thermalZone: string; windZone: string; roofLoad: string }> = {
  TN: { thermalZone: '2', windZone: 'I', roofLoad: '20 PSF' },
  NC: { thermalZone: '2', windZone: 'I', roofLoad: '20 PSF' },
  AL: { thermalZone: '1', windZone: 'I', roofLoad: '20 PSF' },
  GA: { thermalZone: '1', windZone: 'II', roofLoad: '20 PSF' },
  TX: { thermalZone: '1', windZone: 'I', roofLoad: '20 PSF' },
};
const plantState = new Map(PLANTS.map((plant) => [plant.plantNumber, plant.state]));

type HomeRow = typeof t.homes.$inferSelect;
type CardInsert = typeof t.warrantyCards.$inferInsert;

/** One card of a sold home: the owner lives in the home, except some who get their mail elsewhere. */
function planCard(random: Random, home: HomeRow, statusCode: string): CardInsert {
  const zones = BUILD_ZONES[plantState.get(home.plantNumber) ?? 'TN'] ?? BUILD_ZONES.TN!;
  const phone = splitPhone(home.homeownerPhone);
  const site = { address1: home.address1 ?? '', city: home.city ?? '', state: home.state ?? '', zipCode: home.zipCode ?? '' };
  const mailElsewhere = random.chance(0.15);
  const owner = mailElsewhere ? { ...site, address1: `PO Box ${random.int(100, 9999)}` } : site;
  const incomplete = statusCode === 'I';
  const soldDate = home.soldDate ?? null;
  const card: CardInsert = {
    homeId: home.id,
    statusCode,
    firstName: home.homeownerFirstName ?? '',
    lastName: home.homeownerLastName ?? '',
    middleInitial: random.pick(MIDDLE_INITIALS),
    suffix: random.pick(SUFFIXES),
    emailAddress: home.homeownerEmail ?? '',
    ...owner,
    // Legacy cards keep the second address line the form folds into the first (spec 3 §5).
    address2: random.chance(0.08) ? random.pick(UNIT_LINES) : '',
    zip4: random.chance(0.3) ? String(random.int(1000, 9999)) : '',
    areaCode: phone.areaCode,
    phoneNumber: phone.phoneNumber,
    cellAreaCode: random.chance(0.5) ? phone.areaCode : '',
    cellPhoneNumber: '',
    soldDate,
    npsDate: soldDate ? addDaysToDay(soldDate, 45) : null,
    homeAddress1: site.address1,
    homeCity: site.city,
    homeState: site.state,
    homeZipCode: site.zipCode,
    homeAddress: ownerAddressLine(site),
    ...zones,
    orderNumber: `${home.plantNumber}-${String(100_000 + home.id).slice(-6)}`,
    purchaseOrderNumber: random.chance(0.7) ? `PO${random.int(10_000, 99_999)}` : '',
    quoteNumber: random.chance(0.5) ? `Q-${random.int(100_000, 999_999)}` : '',
    vantageAccountId: `001HS${String(home.id).padStart(10, '0')}`,
  };
  if (card.cellAreaCode) card.cellPhoneNumber = `555${String(random.int(2000, 9999))}`;
  // An owner who lives in the home has the same line there, unit included: the form's toggle starts on.
  if (!mailElsewhere)
    card.homeAddress = ownerAddressLine(normalizeCardAddress({ ...site, address2: card.address2 ?? '', homeAddress: '' }));
  if (!incomplete) return card;
  // An incomplete card came from the sale with parts of the registration missing.
  const missing = random.int(0, 3);
  if (missing === 0) return { ...card, emailAddress: '', areaCode: '', phoneNumber: '', cellAreaCode: '', cellPhoneNumber: '' };
  if (missing === 1) return { ...card, soldDate: null, npsDate: null };
  // A main phone of a legacy system without its area code: the form shows it blank (spec 3 §5).
  if (missing === 2) return { ...card, areaCode: '', phoneNumber: phone.phoneNumber, emailAddress: '' };
  return { ...card, firstName: '', address1: '', address2: '', homeAddress: '' };
}

/** Sold homes added for a benchmark seed so that it reaches BENCHMARK_MIN_HOMEOWNERS cards. */
function planExtraHomes(random: Random, today: Date, soldHomes: readonly HomeRow[], allHomes: readonly HomeRow[], needed: number) {
  const nextDigits = new Map(PLANTS.map((plant) => [plant.plantNumber, 0]));
  for (const home of allHomes) {
    const digits = Number(home.serialNumber.slice(3, 9));
    if (digits >= (nextDigits.get(home.plantNumber) ?? 0)) nextDigits.set(home.plantNumber, digits + 1);
  }
  const rows: (typeof t.homes.$inferInsert)[] = [];
  for (let index = 0; index < needed; index++) {
    const plant = random.pick(PLANTS);
    // Names, retailer and town of an existing homeowner, at a new street number: a neighbour.
    const template = random.pick(soldHomes);
    const model = random.pick(HOME_MODELS);
    const digits = nextDigits.get(plant.plantNumber)! + random.int(0, 3);
    nextDigits.set(plant.plantNumber, digits + 1);
    const manufacturedDaysAgo = random.int(45, 6 * 365);
    const soldDaysAgo = random.int(1, manufacturedDaysAgo - 14);
    const street = (template.address1 ?? '').replace(/^\d+\s+/, '');
    rows.push({
      serialNumber: `${plant.serialPrefix}${String(digits % 1_000_000).padStart(6, '0')}${template.state}${SECTION_LETTERS[model.sections - 1]}`,
      plantNumber: plant.plantNumber,
      retailerNumber: BENCHMARK_RETAILER,
      modelNumber: model.modelNumber,
      modelName: model.modelName,
      sections: model.sections,
      squareFootage: model.squareFootage,
      bedrooms: model.bedrooms,
      bathrooms: model.bathrooms,
      manufacturedDate: utcIsoDay(daysBefore(today, manufacturedDaysAgo)),
      soldDate: utcIsoDay(daysBefore(today, soldDaysAgo)),
      homeownerFirstName: template.homeownerFirstName,
      homeownerLastName: template.homeownerLastName,
      homeownerEmail: template.homeownerEmail?.replace('@', `.${index}@`) ?? null,
      homeownerPhone: template.homeownerPhone,
      address1: `${random.int(100, 9999)} ${street}`,
      city: template.city,
      state: template.state,
      zipCode: template.zipCode,
    });
  }
  return rows;
}

const statusOf = (random: Random, home: HomeRow, today: Date) => {
  // A card sold over two years ago is mostly historical by now.
  const old = home.soldDate !== null && home.soldDate < utcIsoDay(daysBefore(today, 2 * 365));
  return random.weighted<string>(
    old
      ? [
          ['H', 6],
          ['A', 2],
          ['X', 2],
        ]
      : [
          ['A', 12],
          ['I', 3],
          ['H', 1],
          ['X', 1],
        ],
  );
};

/**
 * Warranty cards (spec 3 §3) for the sold homes: every demo retailer gets one card in each status,
 * the rest mostly Active, some Incomplete with parts of the registration missing; unsold homes have
 * none (their form opens in add mode). A scale above 1 first adds sold homes so that there are at
 * least BENCHMARK_MIN_HOMEOWNERS cards.
 */
export async function seedHomeowners(db: Database, random: Random, today: Date, scale: number) {
  let homes = await db.select().from(t.homes).orderBy(asc(t.homes.id));
  let extraHomes = 0;
  const soldCount = homes.filter((home) => home.soldDate !== null && home.retailerNumber === BENCHMARK_RETAILER).length;
  if (scale > 1 && soldCount < BENCHMARK_MIN_HOMEOWNERS) {
    const extra = planExtraHomes(
      random,
      today,
      homes.filter((home) => home.soldDate !== null),
      homes,
      BENCHMARK_MIN_HOMEOWNERS - soldCount,
    );
    for (let start = 0; start < extra.length; start += BATCH_ROWS) await insertRows(db, t.homes, extra.slice(start, start + BATCH_ROWS));
    extraHomes = extra.length;
    homes = await db.select().from(t.homes).orderBy(asc(t.homes.id));
  }

  const nextDemoStatus = new Map(DEMO_RETAILERS.map((retailerNumber) => [retailerNumber, 0]));
  const cards: CardInsert[] = [];
  for (const home of homes) {
    if (home.soldDate === null) continue;
    const demoIndex = nextDemoStatus.get(home.retailerNumber);
    let statusCode: string;
    if (demoIndex !== undefined && demoIndex < EVERY_STATUS.length) {
      statusCode = EVERY_STATUS[demoIndex]!;
      nextDemoStatus.set(home.retailerNumber, demoIndex + 1);
    } else {
      statusCode = statusOf(random, home, today);
    }
    cards.push(planCard(random, home, statusCode));
  }
  for (let start = 0; start < cards.length; start += BATCH_ROWS)
    await insertRows(db, t.warrantyCards, cards.slice(start, start + BATCH_ROWS));
  return { warrantyCards: cards.length, homeownerHomes: extraHomes };
}
