import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../client';
import { insertRows, insertRowsReturningIds } from './bulk';
import * as t from '../schema';
import { ADMIN_RETAIL_CENTERS, BENCHMARK_RETAILER, COMPANY_OWNED_RETAILER, SECOND_INDEPENDENT_RETAILER, demoUserName } from './demo-users';
import { FIRST_NAMES, HOME_MODELS, LAST_NAMES, STREETS } from './homes';
import { utcIsoDay } from '../../../lib/dates';
import { addDays, daysBefore } from './days';
import type { Random } from './random';
import { PLANTS } from './shell';

/*
 * Sales demo data (issue 11): per demo retailer 64 quotes (every approval status, 1–4 revisions whose options differ,
 * one locked by another user and one by the sales demo user, one deleted, older-system ones, incomplete ones), 60
 * orders made from them, each at its quote's plant (detail categories are their quote's latest revision), 40 leads in
 * every status and 30 inventory homes. A benchmark seed adds volume to the benchmark retailer: 5,000 quotes and orders,
 * 2,000 leads and inventory homes, or more at a larger scale.
 */

const DEMO_RETAILERS: readonly string[] = [...ADMIN_RETAIL_CENTERS, SECOND_INDEPENDENT_RETAILER, COMPANY_OWNED_RETAILER];
const QUOTES_PER_RETAILER = 64;
const ORDERS_PER_RETAILER = 60;
const LEADS_PER_RETAILER = 40;
const INVENTORY_PER_RETAILER = 30;
/** The demo quote that is deleted: no order is made from it. */
const DELETED_QUOTE = 5;
/** A benchmark seed (scale above 1) gives the benchmark retailer at least this many more quotes and orders, and leads and inventory homes. */
const BENCH_MIN_QUOTES = 5_000;
const BENCH_MIN_LEADS = 2_000;
const BENCH_QUOTES_PER_SCALE = 100;
const BENCH_LEADS_PER_SCALE = 40;
const benchmarkExtra = (retailerNumber: string, scale: number, minimum: number, perScale: number) =>
  retailerNumber === BENCHMARK_RETAILER && scale > 1 ? Math.max(minimum, Math.round(perScale * scale)) : 0;
const BATCH_ROWS = 500;

const CSMS = ['Dana Whitfield', 'Marcus Bell', 'Priya Raman', 'Cody Harlan'];
const BRAND_CODES = ['C', 'D', 'E', 'F', 'G', 'H', 'J', 'K', 'L', 'M', 'N', 'P', 'Q', 'S', 'T', 'X'];
const ORDER_STATUSES = ['Ordered', 'In Production', 'Scheduled', 'Shipped', 'Delivered'];
const LEAD_SOURCES = ['Website', 'Facebook', 'Home Show', 'Referral', 'Google', 'Walk-in'];
const LEAD_COMMENTS = [
  'Looking for a 3 bedroom with a large kitchen island.',
  'Wants to know about land-home packages.',
  'Interested in financing options; first-time buyer.',
  'Needs a home delivered before spring.',
  'Asked about energy-efficient models.',
  '',
];
const LENDERS = ['21st Mortgage', 'Vanderbilt Mortgage', 'Cash', 'Triad Financial'];
const STATES = ['TN', 'NC', 'AL', 'GA', 'TX', 'KY', 'VA', 'SC'];
const CITIES = ['Knoxville', 'Maryville', 'Asheville', 'Huntsville', 'Macon', 'Tyler', 'Lexington', 'Roanoke', 'Greenville'];

interface OptionSeed {
  categoryId: number;
  categoryDesc: string;
  categorySeq: number;
  optionNumber: string;
  optionDesc: string;
  optionQty: number;
  optionPrice: number;
  available?: boolean;
  custom?: boolean;
}

const CATEGORIES: readonly { id: number; desc: string; options: readonly (readonly [string, string, number])[] }[] = [
  {
    id: 10,
    desc: 'Exterior',
    options: [
      ['EX101', 'Lap siding upgrade', 2150],
      ['EX114', 'Covered front porch 8x12', 4890],
      ['EX120', 'Shutters, pair', 95],
      ['EX131', '6/12 roof pitch', 3275],
    ],
  },
  {
    id: 20,
    desc: 'Kitchen',
    options: [
      ['KT201', 'Kitchen island with breakfast bar', 1840],
      ['KT215', 'Stainless appliance package', 2695],
      ['KT222', 'Farmhouse sink', 640],
      ['KT230', 'Soft-close cabinet doors', 780],
    ],
  },
  {
    id: 30,
    desc: 'Bath',
    options: [
      ['BA301', 'Tile shower in primary bath', 2380],
      ['BA310', 'Double vanity', 910],
      ['BA318', 'Garden tub', 725],
    ],
  },
  {
    id: 40,
    desc: 'Flooring',
    options: [
      ['FL401', 'Luxury vinyl plank throughout', 3120],
      ['FL405', 'Carpet upgrade, bedrooms', 860],
    ],
  },
  {
    id: 50,
    desc: 'Electrical',
    options: [
      ['EL501', 'Ceiling fan prep, each', 85],
      ['EL512', 'Exterior outlet', 120],
      ['EL520', 'Recessed lighting, each', 65],
    ],
  },
  {
    id: 60,
    desc: 'Plumbing',
    options: [
      ['PL601', '50 gal electric water heater', 540],
      ['PL610', 'Water line heat tape', 145],
    ],
  },
  {
    id: 70,
    desc: 'HVAC',
    options: [
      ['HV701', 'Heat pump 3 ton, 15 SEER', 4650],
      ['HV708', 'Programmable thermostat', 210],
    ],
  },
  {
    id: 80,
    desc: 'Appliances',
    options: [
      ['AP801', 'Dishwasher', 520],
      ['AP806', 'Washer and dryer', 1380],
      ['AP812', 'Microwave over range', 390],
    ],
  },
];

const money = (value: number) => Math.round(value * 100) / 100;
const name = (random: Random) => `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
const phone = (random: Random) => `${random.int(205, 931)}${random.int(200, 999)}${String(random.int(0, 9999)).padStart(4, '0')}`;

/** The options of a first revision: 4–8 categories, 1–3 options each. */
function firstRevision(random: Random): OptionSeed[] {
  const categories = CATEGORIES.filter(() => random.chance(0.7)).slice(0, 8);
  const chosen = categories.length >= 4 ? categories : CATEGORIES.slice(0, 4);
  return chosen.flatMap((category, seq) =>
    category.options
      .filter((_, index) => index === 0 || random.chance(0.5))
      .map(([optionNumber, optionDesc, price]) => ({
        categoryId: category.id,
        categoryDesc: category.desc,
        categorySeq: seq + 1,
        optionNumber,
        optionDesc,
        optionQty: optionNumber.startsWith('EL') ? random.int(2, 6) : 1,
        optionPrice: price,
      })),
  );
}

/** A later revision: a quantity changed, an option dropped, one added, a price moved. */
function nextRevision(random: Random, previous: readonly OptionSeed[]): OptionSeed[] {
  const options = previous.map((option) => ({ ...option }));
  const changed = options[random.int(0, options.length - 1)]!;
  changed.optionQty += 1;
  if (options.length > 3) options.splice(random.int(0, options.length - 1), 1);
  const present = new Set(options.map((option) => option.optionNumber));
  const category = random.pick(CATEGORIES);
  const extra = category.options.find(([number]) => !present.has(number));
  if (extra) {
    const seq =
      options.find((option) => option.categoryId === category.id)?.categorySeq ??
      Math.max(...options.map((option) => option.categorySeq)) + 1;
    options.push({
      categoryId: category.id,
      categoryDesc: category.desc,
      categorySeq: seq,
      optionNumber: extra[0],
      optionDesc: extra[1],
      optionQty: 1,
      optionPrice: extra[2],
    });
  }
  const repriced = options[random.int(0, options.length - 1)]!;
  repriced.optionPrice = money(repriced.optionPrice * 1.04);
  return options;
}

async function insertReturningIds(rows: readonly unknown[], insert: (batch: never[]) => Promise<number[]>) {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += BATCH_ROWS)
    ids.push(...(await insert(rows.slice(start, start + BATCH_ROWS) as never[])));
  return ids;
}

export async function seedSales(db: Database, random: Random, today: Date, scale: number) {
  const homes = await db
    .select({
      retailerNumber: t.homes.retailerNumber,
      plantNumber: t.homes.plantNumber,
      serialNumber: t.homes.serialNumber,
      modelNumber: t.homes.modelNumber,
    })
    .from(t.homes)
    .where(inArray(t.homes.retailerNumber, [...DEMO_RETAILERS]))
    .orderBy(t.homes.id);
  const people = await db
    .select({ id: t.users.id, userName: t.users.userName })
    .from(t.users)
    .where(inArray(t.users.userName, [demoUserName('sales'), demoUserName('admin')]));
  const salesUser = people.find((user) => user.userName === demoUserName('sales'));
  const otherUser = people.find((user) => user.userName === demoUserName('admin'));
  const [retailerRow] = await db
    .select({ name: t.retailers.name })
    .from(t.retailers)
    .where(eq(t.retailers.retailerNumber, BENCHMARK_RETAILER));
  if (!retailerRow) throw new Error('the benchmark retailer is missing');

  const now = new Date();
  let quoteSeq = 0;
  let orderSeq = 0;

  type QuotePlan = { row: typeof t.quotes.$inferInsert; revisions: OptionSeed[][] };
  const quotePlans: QuotePlan[] = [];
  const orderPlans: { row: Omit<typeof t.salesOrders.$inferInsert, 'quoteId'>; quoteIndex: number }[] = [];
  const leads: (typeof t.leads.$inferInsert)[] = [];
  const prospectsOfLeads: { leadIndex: number; row: typeof t.prospects.$inferInsert }[] = [];
  const inventory: (typeof t.inventoryHomes.$inferInsert)[] = [];
  /** Serial numbers are unique in inventory (a home is in one retailer's stock at a time). */
  const inventorySerials = new Set<string>();

  for (const retailerNumber of DEMO_RETAILERS) {
    const ownHomes = homes.filter((home) => home.retailerNumber === retailerNumber);
    const plants = [...new Set(ownHomes.map((home) => home.plantNumber))];
    if (plants.length === 0) plants.push(PLANTS[0]!.plantNumber);
    const extra = benchmarkExtra(retailerNumber, scale, BENCH_MIN_QUOTES, BENCH_QUOTES_PER_SCALE);
    const quoteCount = QUOTES_PER_RETAILER + extra;
    const orderCount = ORDERS_PER_RETAILER + extra;
    const firstQuote = quotePlans.length;
    // Order i is made from quote i, but the deleted quote's order from the first quote that has no order of its own.
    const quoteOfOrder = (i: number) => (i === DELETED_QUOTE ? orderCount : i);
    // An order's detail opens by its plant and its quote's number, and a plant user sees an order by its plant: a quote
    // with an order is at its home's plant, so the quote, its order and the home agree.
    const plantOfQuote = new Map<number, string>();
    ownHomes.slice(0, orderCount).forEach((home, i) => plantOfQuote.set(quoteOfOrder(i), home.plantNumber));

    for (let i = 0; i < quoteCount; i++) {
      const demo = i < QUOTES_PER_RETAILER;
      const plantNumber = plantOfQuote.get(i) ?? plants[i % plants.length]!;
      const model = random.pick(HOME_MODELS);
      const quoteNumber = String(310_000 + ++quoteSeq);
      const quoteDay = daysBefore(today, demo ? Math.floor(i * 1.7) : random.int(0, 720));
      const revisionCount = demo ? 1 + (i % 4) : 1;
      const revisions: OptionSeed[][] = [firstRevision(random)];
      while (revisions.length < revisionCount) revisions.push(nextRevision(random, revisions[revisions.length - 1]!));
      const latest = revisions[revisions.length - 1]!;
      if (demo && i === 14) latest[0]!.available = false;
      if (demo && i === 15)
        latest.push({
          ...latest[0]!,
          optionNumber: 'CU900',
          optionDesc: 'Custom: relocate laundry to hall',
          custom: true,
          optionPrice: 450,
        });
      const olderSystem = demo && i % 16 === 7;
      const locked = demo && (i === 3 || i === 4);
      quotePlans.push({
        revisions,
        row: {
          quoteNumber,
          retailerNumber,
          plantNumber,
          productLineId: demo && i === 9 ? null : 100 + Number(plantNumber),
          customer: name(random),
          modelNumber: demo && (i === 9 || i === 10) ? null : model.modelNumber,
          modelDesc: demo && (i === 9 || i === 10) ? '' : model.modelName,
          status: demo && i === DELETED_QUOTE ? 'Deleted' : 'Active',
          mdm: random.pick(CSMS),
          quoteDate: utcIsoDay(quoteDay),
          revisionDate: utcIsoDay(addDays(quoteDay, (revisionCount - 1) * 2)),
          expirationDate: utcIsoDay(addDays(quoteDay, 30 + (revisionCount - 1) * 2)),
          isMchQuote: !olderSystem,
          mchQuoteId: olderSystem ? `ISER${String(480_000 + quoteSeq)}` : `MCHQ${quoteNumber}`,
          isModelActive: !(demo && i === 13),
          subOptionsValid: !(demo && (i === 11 || i === 12)),
          quoteStatusesId: demo ? i % 4 : random.int(0, 3),
          createdBy: demoUserName('sales'),
          createdByUserId: salesUser?.id ?? null,
          // One quote open by another user, one by the sales demo user (who may unlock it); see contract QUOTE_LOCK_MINUTES.
          lockedByUserId: locked ? ((i === 3 ? otherUser?.id : salesUser?.id) ?? null) : null,
          lockedAt: locked ? now : null,
          sourceQuoteId: null,
          baseCostOfHome: money(55_000 + model.squareFootage * random.int(38, 52)),
          surchargeAmount: random.chance(0.5) ? 0 : money(random.int(400, 1800)),
          shippingHandlingDestCharges: money(random.int(2000, 6000)),
          freightCharge: money(random.int(900, 3200)),
          associationDues: random.chance(0.5) ? 150 : 0,
          mhiDues: 50,
          vipAmount: random.chance(0.3) ? 500 : 0,
          partnerAssistanceAmount: random.chance(0.2) ? 1000 : 0,
          squareFootage: model.squareFootage,
          brandCode: random.pick(BRAND_CODES),
        },
      });
    }

    for (let i = 0; i < orderCount; i++) {
      const quoteIndex = firstQuote + quoteOfOrder(i);
      const quote = quotePlans[quoteIndex]!.row;
      const home = ownHomes[i];
      const status = home ? random.pick(ORDER_STATUSES.slice(2)) : random.pick(ORDER_STATUSES.slice(0, 2));
      const orderDay = daysBefore(today, random.int(5, 400));
      const labels = home
        ? Array.from({ length: 8 }, (_, section) =>
            section < (home.serialNumber.length - 11 || 1) ? `TEN${random.int(1_000_000, 9_999_999)}` : '',
          )
        : [];
      const offline = addDays(orderDay, random.int(20, 60));
      const optionTotal = quotePlans[quoteIndex]!.revisions.at(-1)!.reduce((sum, option) => sum + option.optionQty * option.optionPrice, 0);
      const basePrice = Number(quote.baseCostOfHome);
      orderPlans.push({
        quoteIndex,
        row: {
          orderNumber: String(720_000 + ++orderSeq),
          retailerNumber,
          plantNumber: quote.plantNumber,
          customer: quote.customer,
          modelNumber: home?.modelNumber ?? quote.modelNumber ?? random.pick(HOME_MODELS).modelNumber,
          modelDesc: quote.modelDesc || random.pick(HOME_MODELS).modelName,
          serialNumber: home ? home.serialNumber.slice(0, 9) : '',
          longSerialNumber: home?.serialNumber ?? '',
          orderDate: utcIsoDay(orderDay),
          shippedDate: status === 'Shipped' || status === 'Delivered' ? utcIsoDay(addDays(offline, random.int(2, 10))) : null,
          status,
          mdm: quote.mdm ?? '',
          scheduledProductionDate: utcIsoDay(addDays(orderDay, random.int(7, 20))),
          yardDate: home ? utcIsoDay(offline) : null,
          scheduledOfflineDate: utcIsoDay(offline),
          estimatedOfflineWeekOf: utcIsoDay(daysBefore(offline, offline.getUTCDay())),
          scheduledShipDate: utcIsoDay(addDays(offline, random.int(3, 14))),
          hudLabels: labels,
          quoteCreator: demoUserName('sales'),
          firstValidation: utcIsoDay(addDays(orderDay, 1)),
          secondRsoValidation: random.chance(0.8) ? utcIsoDay(addDays(orderDay, 3)) : null,
          docsReceived: random.chance(0.7) ? utcIsoDay(addDays(orderDay, 5)) : null,
          purchaseOrderNumber: `PO-${random.int(10_000, 99_999)}`,
          basePrice,
          optionPrice: money(optionTotal),
          squareFootage: quote.squareFootage ?? 0,
          invoiceTotal: money(basePrice + optionTotal + Number(quote.shippingHandlingDestCharges) + Number(quote.freightCharge)),
          orderedBy: demoUserName('sales'),
          salesRep: random.pick(CSMS),
          salesNote: random.chance(0.4) ? 'Customer requested delivery after the 15th.' : '',
          soldTo: quote.customer,
          address1: `${random.int(100, 9999)} ${random.pick(STREETS)}`,
          dba: retailerRow.name,
          financedBy: random.pick(LENDERS),
          runNumber: String(random.int(100, 999)),
          phone: phone(random),
          fax: random.chance(0.5) ? phone(random) : '',
        },
      });
    }

    const leadCount = LEADS_PER_RETAILER + benchmarkExtra(retailerNumber, scale, BENCH_MIN_LEADS, BENCH_LEADS_PER_SCALE);
    for (let i = 0; i < leadCount; i++) {
      const status = ([null, null, null, null, 'C', 'C', 'C', 'I', 'I', 'P'] as const)[i % 10]!;
      const firstName = random.pick(FIRST_NAMES);
      const lastName = random.pick(LAST_NAMES);
      const leadDay = daysBefore(today, random.int(0, 120));
      const relocating = random.chance(0.3);
      const withQuote = random.chance(0.4) ? random.pick(quotePlans.slice(firstQuote)).row : undefined;
      const row: typeof t.leads.$inferInsert = {
        independentLeadId: 900_000 + leads.length + 1,
        retailerNumber,
        leadDate: new Date(leadDay.getTime() + random.int(8, 20) * 3_600_000),
        firstName,
        lastName,
        comments: random.pick(LEAD_COMMENTS),
        address: `${random.int(100, 9999)} ${random.pick(STREETS)}`,
        city: random.pick(CITIES),
        state: random.pick(STATES),
        zip: String(random.int(27_000, 79_999)),
        email: `${firstName}.${lastName}${random.int(1, 99)}@example.com`.toLowerCase(),
        dayPhone: phone(random),
        relocating: relocating ? 'Y' : 'N',
        relocatingCity: relocating ? random.pick(CITIES) : '',
        relocatingState: relocating ? random.pick(STATES) : '',
        status,
        friendlySource: random.pick(LEAD_SOURCES),
        claimedDate: status === 'C' || status === 'P' ? daysBefore(today, random.int(0, 10)) : null,
        claimedByUserId: status === 'C' || status === 'P' ? (salesUser?.id ?? null) : null,
        quoteNumber: withQuote?.quoteNumber ?? '',
        plantNumber: withQuote?.plantNumber ?? '',
        modelNumber: withQuote?.modelNumber ?? '',
        modelDesc: withQuote?.modelDesc ?? '',
        basePrice: withQuote ? Number(withQuote.baseCostOfHome) : 0,
        squareFootage: withQuote?.squareFootage ?? 0,
      };
      if (status === 'P') {
        prospectsOfLeads.push({
          leadIndex: leads.length,
          row: {
            retailerNumber,
            firstName,
            lastName,
            email: row.email ?? '',
            dayPhone: row.dayPhone ?? '',
            address: row.address ?? '',
            city: row.city ?? '',
            state: row.state ?? '',
            zip: row.zip ?? '',
            comments: row.comments ?? '',
            createdByUserId: salesUser?.id ?? null,
          },
        });
      }
      leads.push(row);
    }

    const inventoryCount = INVENTORY_PER_RETAILER + benchmarkExtra(retailerNumber, scale, BENCH_MIN_LEADS, BENCH_LEADS_PER_SCALE);
    for (let i = 0; i < inventoryCount; i++) {
      const model = random.pick(HOME_MODELS);
      const plant = PLANTS.find((candidate) => candidate.plantNumber === plants[i % plants.length]) ?? PLANTS[0]!;
      const stocked = daysBefore(today, random.int(5, 400));
      const sold = random.chance(0.2);
      // Drawn in the order the fields were always drawn, so the demo data stays the same.
      const type = random.chance(0.85) ? 'New' : 'Used';
      let serialNumber: string;
      do
        serialNumber = `${plant.serialPrefix}${String(random.int(100_000, 199_999))}${plant.state}${['A', 'AB', 'ABC'][model.sections - 1]}`;
      while (inventorySerials.has(serialNumber));
      inventorySerials.add(serialNumber);
      inventory.push({
        retailerNumber,
        plantNumber: plant.plantNumber,
        type,
        tdes: ['Single', 'Double', 'Triple'][model.sections - 1]!,
        reg: plant.state,
        serialNumber,
        invoiceAmount: money(48_000 + model.squareFootage * random.int(30, 44)),
        stockNumber: `S${retailerNumber}-${String(i + 1).padStart(4, '0')}`,
        modelNumber: model.modelNumber,
        modelName: model.modelName,
        owner: random.chance(0.6) ? random.pick(['21st Mortgage Floor Plan', 'Triad Floor Plan']) : 'Retailer',
        wso: `W${random.int(100_000, 999_999)}`,
        stockedDate: utcIsoDay(stocked),
        salesDate: sold ? utcIsoDay(daysBefore(today, random.int(0, 4))) : null,
        poNumber: `PO-${random.int(10_000, 99_999)}`,
      });
    }
  }

  const quoteIds = await insertReturningIds(
    quotePlans.map((plan) => plan.row),
    (batch) => insertRowsReturningIds(db, t.quotes, batch),
  );
  const revisionRows = quotePlans.flatMap((plan, index) =>
    plan.revisions.map((_, number) => ({
      quoteId: quoteIds[index]!,
      revisionNumber: number + 1,
      revisionComments:
        number === 0 ? 'First quote' : random.pick(['Customer changed options', 'Price update', 'Added porch', 'Adjusted quantities']),
    })),
  );
  const revisionIds = await insertReturningIds(revisionRows, (batch) => insertRowsReturningIds(db, t.quoteRevisions, batch));
  const optionRows = quotePlans
    .flatMap((plan) => plan.revisions)
    .flatMap((options, index) => options.map((option) => ({ ...option, revisionId: revisionIds[index]! })));
  for (let start = 0; start < optionRows.length; start += BATCH_ROWS)
    await insertRows(db, t.quoteOptions, optionRows.slice(start, start + BATCH_ROWS));
  const orderRows = orderPlans.map((plan) => ({ ...plan.row, quoteId: quoteIds[plan.quoteIndex]! }));
  for (let start = 0; start < orderRows.length; start += BATCH_ROWS)
    await insertRows(db, t.salesOrders, orderRows.slice(start, start + BATCH_ROWS));
  const prospectIds = await insertReturningIds(
    prospectsOfLeads.map((plan) => plan.row),
    (batch) => insertRowsReturningIds(db, t.prospects, batch),
  );
  prospectsOfLeads.forEach((plan, index) => {
    leads[plan.leadIndex]!.prospectId = prospectIds[index]!;
  });
  for (let start = 0; start < leads.length; start += BATCH_ROWS) await insertRows(db, t.leads, leads.slice(start, start + BATCH_ROWS));
  for (let start = 0; start < inventory.length; start += BATCH_ROWS)
    await insertRows(db, t.inventoryHomes, inventory.slice(start, start + BATCH_ROWS));

  return {
    quotes: quotePlans.length,
    quoteOptions: optionRows.length,
    salesOrders: orderRows.length,
    leads: leads.length,
    inventoryHomes: inventory.length,
  };
}
