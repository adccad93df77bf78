import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  RECEIVED_ORDER_STATUS,
  SHIPPED_ORDER_STATUS,
  STAGED_ORDER_STATUS,
  STOCK_DEFAULT_BILLING_CODE,
  STOCK_SERIAL_NUMBER,
} from '../../../contract';
import { CLOSED_STATUS, PARTS_REQUEST_ID_OFFSET, SUBMITTED_STATUS, partsLogNumberOf } from '../../parts-orders/rules';
import type { Database } from '../client';
import { insertRows } from './bulk';
import * as t from '../schema';
import { ADMIN_RETAIL_CENTERS, COMPANY_OWNED_RETAILER, SECOND_INDEPENDENT_RETAILER, demoUserName } from './demo-users';
import { utcIsoDay } from '../../../lib/dates';
import { addDays, daysBefore } from './days';
import type { Random } from './random';

const DEMO_RETAILERS: readonly string[] = [...ADMIN_RETAIL_CENTERS, SECOND_INDEPENDENT_RETAILER, COMPANY_OWNED_RETAILER];
/** Orders spread over all retailers at scale 1; a benchmark seed has this many times the scale, up to the cap. */
const ORDERS_PER_SCALE = 150;
const MAX_SPREAD_ORDERS = 5_000;
const BATCH_ROWS = 500;

const IN_PROCESS_STATUS = 'In Process';
const CANCELED_STATUS = 'Canceled';
const CARRIERS = ['UPS Ground', 'FedEx Ground', 'Plant Truck', 'LTL Freight', 'USPS Priority'];
const LOCATION_KINDS = [
  { suffix: 'Lot 2', streets: ['Highway 321', 'Parkway Drive', 'Old Airport Road'] },
  { suffix: 'Parts Warehouse', streets: ['Industrial Park Road', 'Commerce Court', 'Distribution Way'] },
  { suffix: 'Service Yard', streets: ['Depot Street', 'Service Road', 'Mill Creek Lane'] },
] as const;
const INCORRECT_MESSAGES = [
  'Wrong finish: received chrome, ordered brushed nickel.',
  'Arrived cracked in the box.',
  'Wrong size: 30 in instead of 36 in.',
  'Only one of the pair was in the box.',
  'Part number on the box does not match the order.',
];
const CUSTOMER_BILLING = [
  ['Warranty', 6],
  ['Non-Warranty', 2],
  ['Shortage', 1],
] as const;

type OrderInsert = typeof t.partsOrders.$inferInsert;
type ItemInsert = Omit<typeof t.partsOrderItems.$inferInsert, 'partsOrderId'>;

interface HomeRef {
  id: number;
  serialNumber: string;
  plantNumber: string;
  retailerNumber: string;
  address1: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  homeownerFirstName: string | null;
  homeownerLastName: string | null;
}

interface CatalogRef {
  categoryNumber: string;
  commodityNumber: string;
  partNumber: string;
  friendlyDescription: string;
  corporateDescription: string;
  unitOfMeasure: string;
}

type ShipTo = Pick<
  OrderInsert,
  'shipToType' | 'shipToAddressName' | 'shipToStreetAddress1' | 'shipToCity' | 'shipToState' | 'shipToZipcode'
>;

/** How a demo order looks: its status, whether it is a stock order, how many items and which receipt marks. */
interface OrderShape {
  status: string;
  stock: boolean;
  items: number;
  /** Receipt marks of the first items: true correct, false incorrect. */
  marks?: readonly boolean[];
}

/** Every demo retailer gets these: each status, customer and stock, SHIPPED ones to receive, one with a part marked incorrect. */
const DEMO_ORDERS: readonly OrderShape[] = [
  { status: STAGED_ORDER_STATUS, stock: false, items: 0 },
  { status: STAGED_ORDER_STATUS, stock: false, items: 2 },
  { status: STAGED_ORDER_STATUS, stock: true, items: 1 },
  { status: STAGED_ORDER_STATUS, stock: true, items: 0 },
  { status: SUBMITTED_STATUS, stock: false, items: 2 },
  { status: IN_PROCESS_STATUS, stock: true, items: 3 },
  { status: SHIPPED_ORDER_STATUS, stock: false, items: 3 },
  { status: SHIPPED_ORDER_STATUS, stock: true, items: 2 },
  { status: SHIPPED_ORDER_STATUS, stock: false, items: 4 },
  { status: SHIPPED_ORDER_STATUS, stock: false, items: 3, marks: [true, false] },
  { status: RECEIVED_ORDER_STATUS, stock: false, items: 2 },
  { status: CLOSED_STATUS, stock: true, items: 2 },
  { status: CANCELED_STATUS, stock: false, items: 1 },
];

const SPREAD_STATUSES = [
  [STAGED_ORDER_STATUS, 3],
  [SUBMITTED_STATUS, 2],
  [IN_PROCESS_STATUS, 2],
  [SHIPPED_ORDER_STATUS, 2],
  [RECEIVED_ORDER_STATUS, 3],
  [CLOSED_STATUS, 4],
  [CANCELED_STATUS, 1],
] as const;

/** Ship-to locations of every retailer: the retail center itself first, then for some a second lot, a warehouse or a yard. */
async function seedShipToLocations(db: Database, random: Random) {
  const retailers = await db.select().from(t.retailers).orderBy(asc(t.retailers.retailerNumber));
  const rows: (typeof t.retailerShipToLocations.$inferInsert)[] = [];
  for (const retailer of retailers) {
    rows.push({
      retailerNumber: retailer.retailerNumber,
      position: 1,
      name: retailer.name,
      address1: retailer.address1,
      city: retailer.city,
      state: retailer.state,
      zipCode: retailer.zipCode,
    });
    // The demo's first retail center always has three places to ship to.
    const extra = retailer.retailerNumber === ADMIN_RETAIL_CENTERS[0] ? 2 : random.int(0, 2);
    const remaining = [...LOCATION_KINDS];
    const kinds = Array.from({ length: extra }, () => remaining.splice(random.int(0, remaining.length - 1), 1)[0]!);
    kinds.forEach((kind, index) => {
      rows.push({
        retailerNumber: retailer.retailerNumber,
        position: index + 2,
        name: `${retailer.name} ${kind.suffix}`,
        address1: `${random.int(100, 9899)} ${random.pick(kind.streets)}`,
        address2: kind.suffix === 'Parts Warehouse' ? `Dock ${random.int(1, 6)}` : '',
        city: retailer.city,
        state: retailer.state,
        zipCode: retailer.zipCode,
      });
    });
  }
  await insertRows(db, t.retailerShipToLocations, rows);
  const byRetailer = new Map<string, ShipTo[]>();
  for (const row of rows) {
    const shipTo: ShipTo = {
      shipToType: 'Retailer',
      shipToAddressName: row.name,
      shipToStreetAddress1: [row.address1, row.address2].filter(Boolean).join(' '),
      shipToCity: row.city,
      shipToState: row.state,
      shipToZipcode: row.zipCode,
    };
    byRetailer.set(row.retailerNumber, [...(byRetailer.get(row.retailerNumber) ?? []), shipTo]);
  }
  return { count: rows.length, byRetailer };
}

interface SeedContext {
  random: Random;
  today: Date;
  shipTo: Map<string, ShipTo[]>;
  catalog: Map<string, CatalogRef[]>;
  requestOfHome: Map<number, number>;
}

function planItems(context: SeedContext, plantNumber: string, count: number, stock: boolean): ItemInsert[] {
  const parts = context.catalog.get(plantNumber) ?? [];
  if (parts.length === 0) return [];
  const chosen = new Set<CatalogRef>();
  while (chosen.size < Math.min(count, parts.length)) chosen.add(context.random.pick(parts));
  return [...chosen].map((part) => ({
    categoryNumber: part.categoryNumber,
    commodityNumber: part.commodityNumber,
    partNumber: part.partNumber,
    combinedPartNumber: `${part.categoryNumber}${part.commodityNumber}${part.partNumber}`,
    partDescription: part.friendlyDescription.trim() || part.corporateDescription,
    notes: context.random.chance(0.15)
      ? context.random.pick(['Homeowner is home after 3 pm.', 'Match the existing finish.', 'Needed for the 30-day walkthrough.'])
      : '',
    // spec 3 §4, §9: a stock order's items are Retailer Inventory.
    billingCode: stock ? STOCK_DEFAULT_BILLING_CODE : context.random.weighted(CUSTOMER_BILLING),
    unitOfMeasure: part.unitOfMeasure,
    quantity: ['SF', 'LF', 'FT'].includes(part.unitOfMeasure) ? context.random.int(4, 60) : context.random.int(1, 4),
  }));
}

interface Planned {
  order: Omit<OrderInsert, 'id'>;
  items: ItemInsert[];
}

function planOrder(context: SeedContext, shape: OrderShape, retailerNumber: string, plantNumber: string, home: HomeRef | null): Planned {
  const { random, today } = context;
  const staged = shape.status === STAGED_ORDER_STATUS;
  const age = {
    [STAGED_ORDER_STATUS]: [0, 10],
    [SUBMITTED_STATUS]: [1, 5],
    [IN_PROCESS_STATUS]: [4, 20],
    [SHIPPED_ORDER_STATUS]: [8, 30],
    [RECEIVED_ORDER_STATUS]: [20, 90],
    [CLOSED_STATUS]: [60, 400],
    [CANCELED_STATUS]: [10, 200],
  }[shape.status] ?? [0, 30];
  const orderDay = daysBefore(today, random.int(age[0]!, age[1]!));
  const expectedShipDay = staged || shape.status === CANCELED_STATUS ? null : addDays(orderDay, random.int(5, 14));
  const shipped = [SHIPPED_ORDER_STATUS, RECEIVED_ORDER_STATUS, CLOSED_STATUS].includes(shape.status);
  const shippedDay = expectedShipDay && expectedShipDay > today ? today : expectedShipDay;

  const locations = context.shipTo.get(retailerNumber) ?? [];
  let shipTo: ShipTo | undefined = locations[0];
  if (home?.address1 && random.chance(0.2)) {
    const name = [home.homeownerFirstName, home.homeownerLastName].filter(Boolean).join(' ') || `Home ${home.serialNumber}`;
    shipTo = {
      shipToType: 'Home Address',
      shipToAddressName: name,
      shipToStreetAddress1: home.address1,
      shipToCity: home.city ?? '',
      shipToState: home.state ?? '',
      shipToZipcode: home.zipCode ?? '',
    };
  } else if (locations.length > 1 && random.chance(0.25)) {
    shipTo = locations[random.int(1, locations.length - 1)];
  }

  const items = planItems(context, plantNumber, shape.items, home === null);
  const receivedDay = shippedDay ? utcIsoDay(new Date(Math.min(addDays(shippedDay, random.int(1, 4)).getTime(), today.getTime()))) : null;
  const allCorrect = shape.status === RECEIVED_ORDER_STATUS || shape.status === CLOSED_STATUS;
  items.forEach((item, index) => {
    const mark = allCorrect ? true : shape.marks?.[index];
    if (mark === undefined) return;
    item.isCorrect = mark;
    item.receivedDate = receivedDay;
    item.incorrectPartMessage = mark ? '' : random.pick(INCORRECT_MESSAGES);
  });

  const linkedRequest = home && random.chance(0.5) ? (context.requestOfHome.get(home.id) ?? null) : null;
  return {
    order: {
      retailerNumber,
      plantNumber,
      homeId: home?.id ?? null,
      longSerialNumber: home?.serialNumber ?? '',
      serialNumber: home?.serialNumber ?? STOCK_SERIAL_NUMBER,
      serviceRequestId: linkedRequest,
      status: shape.status,
      orderDate: utcIsoDay(orderDay),
      expectedShipDate: expectedShipDay ? utcIsoDay(expectedShipDay) : null,
      viaDescription: shipped ? random.pick(CARRIERS) : '',
      trackingNumber: shipped ? `1Z${random.int(100_000, 999_999)}${random.int(1_000_000, 9_999_999)}` : '',
      ...shipTo,
      isClosed: shape.status === CLOSED_STATUS || shape.status === CANCELED_STATUS,
      serviceEmail: retailerNumber === ADMIN_RETAIL_CENTERS[0] ? demoUserName('service') : `parts${retailerNumber}@retail.homesite.test`,
      submittedAt: staged ? null : orderDay,
    },
    items,
  };
}

/** Ids taken from the table's sequence up front, so the items can point at their order without a round trip per row. */
async function reserveOrderIds(db: Database, count: number): Promise<number[]> {
  const result = (await db.execute(
    sql`select nextval(pg_get_serial_sequence('parts_orders', 'id'))::integer as id from generate_series(1, ${count}::integer)`,
  )) as unknown as { rows: { id: number | string }[] };
  return result.rows.map((row) => Number(row.id));
}

/**
 * Ship-to locations of every retailer and parts orders (spec 3 §3, §4): every demo retailer gets an order
 * of each shape in DEMO_ORDERS (stock ones from its plants, the first plant first; customer ones for its
 * sold homes), the rest spread over all retailers. A scale above 1 spreads proportionally more.
 */
export async function seedPartsOrders(db: Database, random: Random, today: Date, scale: number) {
  const shipTo = await seedShipToLocations(db, random);
  const homes: HomeRef[] = await db
    .select({
      id: t.homes.id,
      serialNumber: t.homes.serialNumber,
      plantNumber: t.homes.plantNumber,
      retailerNumber: t.homes.retailerNumber,
      address1: t.homes.address1,
      city: t.homes.city,
      state: t.homes.state,
      zipCode: t.homes.zipCode,
      homeownerFirstName: t.homes.homeownerFirstName,
      homeownerLastName: t.homes.homeownerLastName,
    })
    .from(t.homes)
    .where(isNotNull(t.homes.soldDate))
    .orderBy(asc(t.homes.id));
  const retailerPlants = await db
    .select()
    .from(t.retailerPlants)
    .orderBy(asc(t.retailerPlants.retailerNumber), asc(t.retailerPlants.plantNumber));
  const catalogRows = await db
    .select({
      plantNumber: t.partsCatalog.plantNumber,
      categoryNumber: t.partsCatalog.categoryNumber,
      commodityNumber: t.partsCatalog.commodityNumber,
      partNumber: t.partsCatalog.partNumber,
      friendlyDescription: t.partsCatalog.friendlyDescription,
      corporateDescription: t.partsCatalog.corporateDescription,
      unitOfMeasure: t.partsCatalog.unitOfMeasure,
    })
    .from(t.partsCatalog)
    .where(and(eq(t.partsCatalog.approved, true), eq(t.partsCatalog.active, true)))
    .orderBy(asc(t.partsCatalog.id));
  const catalog = new Map<string, CatalogRef[]>();
  for (const { plantNumber, ...part } of catalogRows) catalog.set(plantNumber, [...(catalog.get(plantNumber) ?? []), part]);
  const requestOfHome = new Map<number, number>();
  for (const request of await db
    .select({ id: t.serviceRequests.id, homeId: t.serviceRequests.homeId })
    .from(t.serviceRequests)
    .orderBy(asc(t.serviceRequests.id))) {
    if (!requestOfHome.has(request.homeId)) requestOfHome.set(request.homeId, request.id);
  }
  const context: SeedContext = { random, today, shipTo: shipTo.byRetailer, catalog, requestOfHome };
  const plantsOf = (retailerNumber: string) =>
    retailerPlants.filter((row) => row.retailerNumber === retailerNumber).map((row) => row.plantNumber);

  const planned: Planned[] = [];
  for (const retailerNumber of DEMO_RETAILERS) {
    const own = homes.filter((home) => home.retailerNumber === retailerNumber);
    const plants = plantsOf(retailerNumber);
    let nextHome = 0;
    let nextPlant = 0;
    for (const shape of DEMO_ORDERS) {
      if (shape.stock || own.length === 0) {
        const plantNumber = plants[nextPlant++ % plants.length];
        if (plantNumber) planned.push(planOrder(context, { ...shape, stock: true }, retailerNumber, plantNumber, null));
      } else {
        const home = own[nextHome++ % own.length]!;
        planned.push(planOrder(context, shape, retailerNumber, home.plantNumber, home));
      }
    }
  }
  const spread = Math.min(MAX_SPREAD_ORDERS, Math.round(ORDERS_PER_SCALE * scale));
  for (let index = 0; index < spread; index++) {
    const status = random.weighted(SPREAD_STATUSES);
    const home = random.pick(homes);
    const items = status === STAGED_ORDER_STATUS ? random.int(0, 3) : random.int(1, 4);
    const stockPlants = plantsOf(home.retailerNumber);
    if (random.chance(0.2) && stockPlants.length > 0) {
      planned.push(planOrder(context, { status, stock: true, items }, home.retailerNumber, random.pick(stockPlants), null));
    } else {
      planned.push(planOrder(context, { status, stock: false, items }, home.retailerNumber, home.plantNumber, home));
    }
  }

  const ids = await reserveOrderIds(db, planned.length);
  let items = 0;
  for (let start = 0; start < planned.length; start += BATCH_ROWS) {
    const batch = planned.slice(start, start + BATCH_ROWS);
    const idOf = (index: number) => ids[start + index]!;
    await insertRows(
      db,
      t.partsOrders,
      batch.map(({ order }, index) => {
        const id = idOf(index);
        const submitted = order.status !== STAGED_ORDER_STATUS;
        return {
          ...order,
          id,
          vantagePartsRequestId: submitted ? PARTS_REQUEST_ID_OFFSET + id : null,
          partsLogNumber: submitted ? partsLogNumberOf(id) : null,
        };
      }),
    );
    const rows = batch.flatMap((plan, index) => plan.items.map((item) => ({ ...item, partsOrderId: idOf(index) })));
    if (rows.length > 0) await insertRows(db, t.partsOrderItems, rows);
    items += rows.length;
  }
  // Submitted orders' items carry their line item id on the plant's side (as a submit sets it).
  await db.execute(
    sql`update ${t.partsOrderItems} set vantage_parts_request_line_item_id = ${t.partsOrderItems.id} from ${t.partsOrders} where ${t.partsOrders.id} = ${t.partsOrderItems.partsOrderId} and ${t.partsOrders.vantagePartsRequestId} is not null`,
  );
  return { shipToLocations: shipTo.count, partsOrders: planned.length, partsOrderItems: items };
}
