import { and, asc, desc, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import {
  DATE_PLACEHOLDER,
  allReceivedCorrect,
  type PartsOrder,
  type PartsOrderItem,
  type PartsOrderSummary,
  type ShipToLocation,
  type ShipToType,
} from '../../contract';
import type { ZonedLocation } from '../../contract/time-zones';
import { zoneColumns, zoneOf } from '../business-day/business-day';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import type { Session } from '../auth/session';
import { ruledList, type KeptRule } from '../sync/kept-rule';
import { readWindow, sessionScope, type SyncSource } from '../sync/source';
import { keysetPages, type ListPages } from '../sync/stream-list';
import { scopeOf, visibleByScope } from '../work-orders/rules';
import { canEditOrder, partsOrderNameOf, visibleOrders } from './rules';

export type OrderRow = typeof t.partsOrders.$inferSelect;
type ItemRow = typeof t.partsOrderItems.$inferSelect;

/** The order the user sees, found by `condition`, or undefined (→ 404). `lock` on writes. */
export async function findOrder(db: Database, session: Session, condition: SQL, lock = false): Promise<OrderRow | undefined> {
  const query = db
    .select()
    .from(t.partsOrders)
    .where(and(visibleOrders(session), condition));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export const byOrderId = (id: number) => eq(t.partsOrders.id, id);
export const byPartsRequestId = (id: number) => eq(t.partsOrders.vantagePartsRequestId, id);
export const byLogNumber = (plantNumber: string, partsLogNumber: string) =>
  and(eq(t.partsOrders.plantNumber, plantNumber), eq(t.partsOrders.partsLogNumber, partsLogNumber))!;

export function toOrderItem(row: ItemRow, order: Pick<OrderRow, 'id' | 'vantagePartsRequestId'>): PartsOrderItem {
  return {
    partsOrderItemId: row.id,
    categoryNumber: row.categoryNumber,
    commodityNumber: row.commodityNumber,
    combinedPartNumber: row.combinedPartNumber,
    partNumber: row.partNumber,
    partDescription: row.partDescription,
    notes: row.notes,
    billingCode: row.billingCode,
    unitOfMeasure: row.unitOfMeasure,
    quantity: row.quantity,
    receivedDate: row.receivedDate ?? DATE_PLACEHOLDER,
    isCorrect: row.isCorrect,
    incorrectPartMessage: row.incorrectPartMessage,
    vantagePartsRequestNumber: order.vantagePartsRequestId === null ? null : partsOrderNameOf(order.id),
    vantagePartsRequestLineItemId: row.vantagePartsRequestLineItemId,
    rowVersion: row.rowVersion,
  };
}

/** The combined part number as the catalog writes it: category, commodity and part number run together. */
export const combinedPartNumberOf = (item: { categoryNumber: string; commodityNumber: string; partNumber: string }) =>
  `${item.categoryNumber}${item.commodityNumber}${item.partNumber}`;

interface Address {
  name: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zipCode: string;
}

/** A ship-to location (spec 3 §3); `display` reads "name - street city, ST zip", as the client's own skeleton writes it. */
export function shipToLocation(address: Address, order: 1 | 2): ShipToLocation {
  const line = [address.address1, address.address2, [address.city, address.state].filter(Boolean).join(', '), address.zipCode]
    .filter(Boolean)
    .join(' ');
  return { display: line ? `${address.name} - ${line}` : address.name, ...address, order };
}

const orderColumns = {
  order: t.partsOrders,
  plantName: t.plants.name,
  retailerName: t.retailers.name,
  retailerZone: zoneColumns(t.retailers),
  home: {
    serialNumber: t.homes.serialNumber,
    firstName: t.homes.homeownerFirstName,
    lastName: t.homes.homeownerLastName,
    address1: t.homes.address1,
    city: t.homes.city,
    state: t.homes.state,
    zipCode: t.homes.zipCode,
  },
  request: {
    serviceRequestNumber: t.serviceRequests.serviceRequestNumber,
    requestType: t.serviceRequests.requestType,
    vantageWorkOrderId: t.serviceRequests.vantageWorkOrderId,
    vantageWorkOrderNumber: t.serviceRequests.vantageWorkOrderNumber,
  },
};

interface OrderSource {
  order: OrderRow;
  plantName: string;
  retailerName: string;
  retailerZone: ZonedLocation;
  home: {
    serialNumber: string;
    firstName: string | null;
    lastName: string | null;
    address1: string | null;
    city: string | null;
    state: string | null;
    zipCode: string | null;
  } | null;
  request: {
    serviceRequestNumber: string;
    requestType: string;
    vantageWorkOrderId: number | null;
    vantageWorkOrderNumber: string | null;
  } | null;
}

/** The home's address as the customer's ship-to (order 2); none for a stock order or a home without an address. */
function customerShipTo(home: OrderSource['home']): ShipToLocation | null {
  if (!home?.address1) return null;
  const name = [home.firstName, home.lastName].filter(Boolean).join(' ').trim() || `Home ${home.serialNumber}`;
  return shipToLocation(
    { name, address1: home.address1, address2: '', city: home.city ?? '', state: home.state ?? '', zipCode: home.zipCode ?? '' },
    2,
  );
}

function toPartsOrder(
  session: Session,
  { order, plantName, retailerName, retailerZone, home, request }: OrderSource,
  items: readonly ItemRow[],
): PartsOrder {
  const partsItems = items.map((item) => toOrderItem(item, order));
  const submitted = order.vantagePartsRequestId !== null;
  const cityLine = [[order.shipToCity, order.shipToState].filter(Boolean).join(', '), order.shipToZipcode].filter(Boolean).join(' ');
  return {
    partsOrderId: order.id,
    partsLogNumber: order.partsLogNumber,
    serviceRequestNumber: request?.serviceRequestNumber ?? null,
    serviceRequestId: order.serviceRequestId,
    longSerialNumber: order.longSerialNumber,
    serialNumber: order.serialNumber,
    plantNumber: order.plantNumber,
    plantName,
    retailerNumber: order.retailerNumber,
    retailerName,
    vantageAssetId: order.homeId,
    orderStatus: order.status,
    orderDate: order.orderDate,
    expectedShipDate: order.expectedShipDate,
    viaDescription: order.viaDescription,
    trackingNumber: order.trackingNumber,
    isStagedPart: !submitted,
    isClosed: order.isClosed,
    changedOn: order.changedOn,
    allReceivedCorrect: allReceivedCorrect(partsItems),
    serviceEmail: order.serviceEmail,
    requestType: request?.requestType ?? '',
    warranty: { firstName: home?.firstName ?? '', lastName: home?.lastName ?? '' },
    timeZone: zoneOf(retailerZone),
    partsItems,
    vantagePartsOrderName: submitted ? partsOrderNameOf(order.id) : null,
    vantageWorkOrderNumber: request?.vantageWorkOrderNumber ?? null,
    vantagePartsRequestId: order.vantagePartsRequestId,
    vantageWorkOrderId: request?.vantageWorkOrderId ?? null,
    vantageHomeCenterId: `HC${order.retailerNumber}`,
    vantageHomeBuildingFacilityId: `BF${order.plantNumber}`,
    shipToType: (order.shipToType === 'Home Address' ? 'Home Address' : 'Retailer') satisfies ShipToType,
    // The label lines of the shipment: name, street, city line.
    shipToAddress1: order.shipToAddressName,
    shipToAddress2: order.shipToStreetAddress1,
    shipToAddress3: cityLine,
    shipToAddress4: '',
    shipToAddressName: order.shipToAddressName,
    shipToStreetAddress1: order.shipToStreetAddress1,
    shipToCity: order.shipToCity,
    shipToState: order.shipToState,
    shipToZipcode: order.shipToZipcode,
    customerShipTo: customerShipTo(home),
    canEdit: canEditOrder(session, order),
    rowVersion: order.rowVersion,
  };
}

/** Whole orders (spec 3 §3 Parts order) the user sees, found by `condition`, newest first. */
export async function loadOrders(db: Database, session: Session, condition: SQL): Promise<PartsOrder[]> {
  const rows = await db
    .select(orderColumns)
    .from(t.partsOrders)
    .innerJoin(t.plants, eq(t.plants.plantNumber, t.partsOrders.plantNumber))
    .innerJoin(t.retailers, eq(t.retailers.retailerNumber, t.partsOrders.retailerNumber))
    .leftJoin(t.homes, eq(t.homes.id, t.partsOrders.homeId))
    .leftJoin(t.serviceRequests, eq(t.serviceRequests.id, t.partsOrders.serviceRequestId))
    .where(and(visibleOrders(session), condition))
    .orderBy(desc(t.partsOrders.id));
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(t.partsOrderItems)
    .where(
      inArray(
        t.partsOrderItems.partsOrderId,
        rows.map((row) => row.order.id),
      ),
    )
    .orderBy(asc(t.partsOrderItems.id));
  const itemsOf = new Map<number, ItemRow[]>();
  for (const item of items) itemsOf.set(item.partsOrderId, [...(itemsOf.get(item.partsOrderId) ?? []), item]);
  return rows.map((row) => toPartsOrder(session, row, itemsOf.get(row.order.id) ?? []));
}

export async function loadOrder(db: Database, session: Session, id: number): Promise<PartsOrder> {
  const [order] = await loadOrders(db, session, byOrderId(id));
  if (!order) throw new Error(`parts order ${id} is not visible to the user who just wrote it`);
  return order;
}

export const summaries = (db: Database, condition: SQL | undefined) =>
  db
    .select({
      order: {
        id: t.partsOrders.id,
        vantagePartsRequestId: t.partsOrders.vantagePartsRequestId,
        partsLogNumber: t.partsOrders.partsLogNumber,
        plantNumber: t.partsOrders.plantNumber,
        retailerNumber: t.partsOrders.retailerNumber,
        serialNumber: t.partsOrders.serialNumber,
        longSerialNumber: t.partsOrders.longSerialNumber,
        status: t.partsOrders.status,
        orderDate: t.partsOrders.orderDate,
        expectedShipDate: t.partsOrders.expectedShipDate,
        isClosed: t.partsOrders.isClosed,
        changedOn: t.partsOrders.changedOn,
        rowVersion: t.partsOrders.rowVersion,
      },
      xid: t.partsOrders.syncXid,
      plantName: t.plants.name,
      firstName: t.homes.homeownerFirstName,
      lastName: t.homes.homeownerLastName,
      itemCount: sql<number>`(select count(*)::integer from ${t.partsOrderItems} where ${t.partsOrderItems.partsOrderId} = ${t.partsOrders.id})`,
    })
    .from(t.partsOrders)
    .innerJoin(t.plants, eq(t.plants.plantNumber, t.partsOrders.plantNumber))
    .leftJoin(t.homes, eq(t.homes.id, t.partsOrders.homeId))
    .where(condition);

type SummarySource = Awaited<ReturnType<typeof summaries>>[number];

export const toSummary = ({ order, plantName, firstName, lastName, itemCount }: SummarySource): PartsOrderSummary => ({
  partsOrderId: order.id,
  vantagePartsRequestId: order.vantagePartsRequestId,
  partsLogNumber: order.partsLogNumber,
  plantNumber: order.plantNumber,
  plantName,
  retailerNumber: order.retailerNumber,
  serialNumber: order.serialNumber,
  longSerialNumber: order.longSerialNumber,
  homeownerName: [firstName, lastName].filter(Boolean).join(' '),
  orderStatus: order.status,
  orderDate: order.orderDate,
  expectedShipDate: order.expectedShipDate,
  isStagedPart: order.vantagePartsRequestId === null,
  isClosed: order.isClosed,
  changedOn: order.changedOn,
  itemCount: Number(itemCount),
  rowVersion: order.rowVersion,
});

/** GET /parts: what the list shows, sorts and filters on (spec 3 §2), newest first, page by page (sync/stream-list.ts). */
export function summaryPages(db: Database, session: Session): ListPages<PartsOrderSummary> {
  const condition = visibleOrders(session);
  return keysetPages(
    (after: number | undefined, limit: number) =>
      summaries(db, after ? and(condition, sql`${t.partsOrders.id} < ${after}`) : condition)
        .orderBy(desc(t.partsOrders.id))
        .limit(limit),
    (row) => row.order.id,
    toSummary,
  );
}

/** The parts-order list for delta sync (sync/delta.ts). */
export function partsOrderSyncSource(session: Session, rule: KeptRule): SyncSource<PartsOrderSummary> {
  const condition = visibleOrders(session);
  const ruled = ruledList(
    rule,
    'partsOrders',
    { table: t.partsOrders, open: not(t.partsOrders.isClosed), changedOn: t.partsOrders.changedOn },
    condition,
    sessionScope(session),
  );
  return {
    table: 'parts_orders',
    scope: sessionScope(session),
    tombstones: visibleByScope(session, t.syncTombstones),
    changes: { from: sql`${t.partsOrders}`, where: condition, xid: t.partsOrders.syncXid, id: t.partsOrders.id },
    rows: async (db, window) => {
      const rows = await readWindow(
        window,
        { xid: t.partsOrders.syncXid, id: t.partsOrders.id },
        scopeOf(session, t.partsOrders),
        (where) => summaries(db, where).$dynamic(),
        ruled.inWindow(window),
      );
      return rows.map((row) => ({ xid: row.xid, id: row.order.id, item: ruled.keeps(row.order, window) ? toSummary(row) : null }));
    },
    count: ruled.count,
    keptFloor: ruled.keptFloor,
  };
}

/** Moves the order's updated_at without changing it (item writes): the list's item count changed. */
export async function touchOrder(db: Database, orderId: number) {
  await db
    .update(t.partsOrders)
    .set({ updatedAt: sql`clock_timestamp()` })
    .where(eq(t.partsOrders.id, orderId));
}
