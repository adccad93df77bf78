import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import * as v from 'valibot';
import {
  AssetPartsOrdersAnswer,
  ClosePartsOrderInput,
  CreatePartsOrderInput,
  PARTS_ORDER_MESSAGES,
  PartsOrderAnswer,
  PartsOrderItemInput,
  PartsOrderSearchQueryFields,
  PartsOrderUpdate,
  PartsReceiptInput,
  RECEIVED_ORDER_STATUS,
  RowVersion,
  STAGED_ORDER_STATUS,
  STOCK_SERIAL_NUMBER,
  ShipToListAnswer,
  ShipToQuery,
  WORK_ORDER_MESSAGES,
  allReceivedCorrect,
  applyReceiptMarks,
  canMarkReceived,
  defaultShipTo,
  isCustomerOrder,
  paths,
  serialKey,
  shipToFieldsOf,
  type ShipToLocation,
  SyncQueryFields,
  PlantNumber,
} from '../../contract';
import { PartsOrderListRow } from '../../contract/list-rows';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { errorResponse, jsonResponse } from '../http/errors';
import { Id } from '../http/params';
import { route, type RouteDefinition, type Session } from '../http/route';
import { staleRecordResponse, updateIfCurrent } from '../http/row-version';
import {
  CLOSED_STATUS,
  PARTS_REQUEST_ID_OFFSET,
  SUBMITTED_STATUS,
  mayOrderStockFrom,
  mayReadShipTo,
  partsLogNumberOf,
} from '../parts-orders/rules';
import {
  byLogNumber,
  byOrderId,
  byPartsRequestId,
  combinedPartNumberOf,
  findOrder,
  partsOrderSyncSource,
  loadOrder,
  loadOrders,
  shipToLocation,
  summaryPages,
  toOrderItem,
  touchOrder,
  type OrderRow,
} from '../parts-orders/store';
import { searchOrders } from '../parts-orders/search';
import { readDelta } from '../sync/delta';
import { answerList } from '../sync/list-answer';
import { byRequestId, findRequest, unitExists } from '../work-orders/store';
import { visibleByScope } from '../work-orders/rules';
import { businessDayOf } from '../business-day/business-day';

/** parts-orders: parts orders and their items (spec 3 §4, §5, §7 Parts orders). Rules and their reasons: parts-orders/rules.ts. */

const M = PARTS_ORDER_MESSAGES;
const LogNumber = v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,20}$/, 'Parts log number must be letters and digits.'));

/** Reads use the Service & Parts menu rule (spec 3 §6): Service_User or Service_Viewer; writes need a service admin. */
const READ = { flag: 'isServiceViewer' } as const;
const WRITE = { flag: 'isServiceAdmin' } as const;

const orderNotFound = () => errorResponse(404, M.orderNotFound);
const refused = (message: string, field?: string) =>
  jsonResponse(400, field ? { message, field, issues: [{ field, message }] } : { message });

interface WriteContext {
  c: Context;
  db: Database;
  session: Session;
}

/** A staged order the user sees, locked for this write; otherwise the 404 or 400 to answer (spec 3 §4: a submitted order is view-only). */
async function stagedOrder({ db, session }: WriteContext, id: number): Promise<OrderRow | Response> {
  const order = await findOrder(db, session, byOrderId(id), true);
  if (!order) return orderNotFound();
  if (order.vantagePartsRequestId !== null || order.isClosed) return refused(M.notStaged);
  return order;
}

/** The retailer's ship-to locations (order 1), the retail center itself first. */
async function retailerLocations(db: Database, retailerNumber: string): Promise<ShipToLocation[]> {
  const rows = await db
    .select()
    .from(t.retailerShipToLocations)
    .where(eq(t.retailerShipToLocations.retailerNumber, retailerNumber))
    .orderBy(asc(t.retailerShipToLocations.position));
  return rows.map((row) => shipToLocation(row, 1));
}

/** spec 3 §4: a new order ships to the retailer; without a location on file, to the retail center's own address. */
async function defaultShipToOf(db: Database, retailerNumber: string) {
  const chosen = defaultShipTo(await retailerLocations(db, retailerNumber), null);
  if (chosen) return shipToFieldsOf(chosen);
  return shipToFieldsOf(await retailCenterLocation(db, retailerNumber));
}

/** The retail center's own address as a ship-to location (when it has none on file). */
async function retailCenterLocation(db: Database, retailerNumber: string) {
  const [retailer] = await db.select().from(t.retailers).where(eq(t.retailers.retailerNumber, retailerNumber));
  if (!retailer) throw new Error(`retailer ${retailerNumber} of a parts order is missing`);
  return shipToLocation(
    {
      name: retailer.name,
      address1: retailer.address1,
      address2: '',
      city: retailer.city,
      state: retailer.state,
      zipCode: retailer.zipCode,
    },
    1,
  );
}

/**
 * The ship-to choices of an order (the chooser's list): the retailer's locations, else the retail center
 * itself, and the home for a customer order. A PUT must name one of them exactly.
 */
async function shipToChoices(db: Database, session: Session, order: OrderRow) {
  const locations = await retailerLocations(db, order.retailerNumber);
  const { customerShipTo } = await loadOrder(db, session, order.id);
  return [
    ...(locations.length > 0 ? locations : [await retailCenterLocation(db, order.retailerNumber)]),
    ...(customerShipTo ? [customerShipTo] : []),
  ].map(shipToFieldsOf);
}

const sameShipTo = (a: Omit<PartsOrderUpdate, 'rowVersion'>, b: Omit<PartsOrderUpdate, 'rowVersion'>) =>
  a.shipToType === b.shipToType &&
  a.shipToAddressName === b.shipToAddressName &&
  a.shipToStreetAddress1 === b.shipToStreetAddress1 &&
  a.shipToCity === b.shipToCity &&
  a.shipToState === b.shipToState &&
  a.shipToZipcode === b.shipToZipcode;

/** The home of plantNumber + long serial that `session` sees (serials compared as letters and digits only). */
async function visibleHome(db: Database, session: Session, plantNumber: string, longSerialNumber: string) {
  const [home] = await db
    .select()
    .from(t.homes)
    .where(
      and(
        visibleByScope(session, t.homes),
        eq(t.homes.plantNumber, plantNumber),
        eq(sql`upper(${t.homes.serialNumber})`, serialKey(longSerialNumber)),
      ),
    );
  return home;
}

/* ---- receipts (spec 3 §4: mark received only when SHIPPED; correct, or incorrect with a message) ---- */

async function recordReceipt(ctx: WriteContext & { clock: () => Date }, condition: SQL, body: PartsReceiptInput) {
  const { c, db, session } = ctx;
  const order = await findOrder(db, session, condition, true);
  if (!order) return orderNotFound();
  // A replay of marks after the order became Received lands here too: nothing is written twice.
  if (order.vantagePartsRequestId === null || order.isClosed || !canMarkReceived({ orderStatus: order.status }))
    return refused(M.notShipped);
  const rows = await db
    .select()
    .from(t.partsOrderItems)
    .where(eq(t.partsOrderItems.partsOrderId, order.id))
    .orderBy(asc(t.partsOrderItems.id));
  const onOrder = new Set(rows.map((row) => row.id));
  const foreign = body.items.findIndex((mark) => !onOrder.has(mark.partsOrderItemId));
  if (foreign >= 0) return refused(M.itemNotOnOrder, `items.${foreign}.partsOrderItemId`);
  // spec 3 §4: receipt covers the parts not yet marked correct; a correct part stays correct.
  const correct = new Set(rows.filter((row) => row.isCorrect === true).map((row) => row.id));
  const settled = body.items.findIndex((mark) => correct.has(mark.partsOrderItemId));
  if (settled >= 0) return refused(M.alreadyReceived, `items.${settled}.partsOrderItemId`);

  const current = rows.map((row) => ({
    partsOrderItemId: row.id,
    isCorrect: row.isCorrect,
    incorrectPartMessage: row.incorrectPartMessage,
    receivedDate: row.receivedDate ?? '',
  }));
  const marked = applyReceiptMarks(current, body.items, await businessDayOf(db, ctx.clock, order));
  const markedIds = new Set(body.items.map((mark) => mark.partsOrderItemId));
  for (const item of marked) {
    if (!markedIds.has(item.partsOrderItemId)) continue;
    await db
      .update(t.partsOrderItems)
      .set({ isCorrect: item.isCorrect, incorrectPartMessage: item.incorrectPartMessage, receivedDate: item.receivedDate })
      .where(eq(t.partsOrderItems.id, item.partsOrderItemId));
  }
  // The contract's rule: the order is Received once every item is marked correct.
  const status = allReceivedCorrect(marked) ? RECEIVED_ORDER_STATUS : order.status;
  await db
    .update(t.partsOrders)
    .set({ status, rowVersion: order.rowVersion + 1 })
    .where(eq(t.partsOrders.id, order.id));
  return c.json(await loadOrder(db, session, order.id));
}

/* ---- the order ---- */

const orderRoutes: RouteDefinition[] = [
  route({
    method: 'GET',
    endpoint: paths.partsOrders,
    summary: 'The parts list (kept on devices), a delta of it, or a search',
    answer: { row: PartsOrderListRow },
    ...READ,
    query: v.object({ ...SyncQueryFields, ...PartsOrderSearchQueryFields }),
    handle: async ({ c, db, deps, session, query }) => {
      if (query.page !== undefined) return c.json(await searchOrders(db, session, query));
      const source = partsOrderSyncSource(session, deps.keptRule);
      if (query.since !== undefined) return jsonResponse(200, await readDelta(db, source, query.since, query.limit));
      return answerList(c, db, source, summaryPages(db, session), deps.reportError);
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.assetPartsOrders,
    summary: 'The parts orders of a home, with their items',
    answer: AssetPartsOrdersAnswer,
    errors: [404],
    ...READ,
    params: v.object({ assetId: Id }),
    handle: async ({ c, db, session, params }) => {
      const [home] = await db
        .select({ id: t.homes.id })
        .from(t.homes)
        .where(and(eq(t.homes.id, params.assetId), visibleByScope(session, t.homes)));
      if (!home) return errorResponse(404, 'Home was not found.');
      return c.json(await loadOrders(db, session, eq(t.partsOrders.homeId, home.id)));
    },
  }),

  // Registered before /Parts/{partsOrderId}: the first route that matches answers.
  route({
    method: 'GET',
    endpoint: paths.shipToLocations,
    summary: 'The ship-to locations of a retail center',
    answer: ShipToListAnswer,
    errors: [{ status: 403, description: 'Not one of the user’s retail centers.' }],
    ...READ,
    query: ShipToQuery,
    handle: async ({ c, db, session, query }) => {
      if (!(await mayReadShipTo(db, session, query.retailerNumber))) return errorResponse(403, M.shipToNotAllowed);
      return c.json(await retailerLocations(db, query.retailerNumber));
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.vantagePartsOrder,
    summary: 'A submitted parts order, by its parts request id',
    answer: PartsOrderAnswer,
    errors: [404],
    ...READ,
    params: v.object({ partsRequestId: Id }),
    handle: async ({ c, db, session, params }) => {
      const [order] = await loadOrders(db, session, byPartsRequestId(params.partsRequestId));
      return order ? c.json(order) : orderNotFound();
    },
  }),

  route({
    method: 'GET',
    endpoint: paths.partsOrder,
    summary: 'A parts order, by its id',
    answer: PartsOrderAnswer,
    errors: [404],
    ...READ,
    params: v.object({ partsOrderId: Id }),
    handle: async ({ c, db, session, params }) => {
      const [order] = await loadOrders(db, session, byOrderId(params.partsOrderId));
      return order ? c.json(order) : orderNotFound();
    },
  }),

  route({
    method: 'POST',
    endpoint: paths.createPartsOrder,
    summary: 'Start a parts order: for a home, a work order, or stock',
    answer: { status: 201, schema: PartsOrderAnswer, description: 'The new, staged order.' },
    ...WRITE,
    // Plant users order from their facilities only (the route's plant scope).
    scope: 'plant',
    body: CreatePartsOrderInput,
    handle: async ({ c, db, deps, session, body }) => {
      const customer = isCustomerOrder(body);
      let home: typeof t.homes.$inferSelect | undefined;
      let retailerNumber: string;
      if (customer) {
        home = await visibleHome(db, session, body.plantNumber, body.longSerialNumber);
        if (!home) return refused(M.serialMismatch, 'longSerialNumber');
        retailerNumber = home.retailerNumber;
      } else {
        const current = session.user.currentRetailer?.retailerNumber;
        if (!current) return refused(M.noRetailer, 'plantNumber');
        if (!(await mayOrderStockFrom(db, session, current, body.plantNumber))) return refused(M.facilityNotServed, 'plantNumber');
        retailerNumber = current;
      }
      if (body.serviceRequestId !== null) {
        const request = await findRequest(db, session, byRequestId(body.serviceRequestId));
        if (!request || request.homeId !== home?.id) return refused(M.serviceRequestMismatch, 'serviceRequestId');
      }
      const shipTo = await defaultShipToOf(db, retailerNumber);
      const [created] = await db
        .insert(t.partsOrders)
        .values({
          retailerNumber,
          plantNumber: body.plantNumber,
          homeId: home?.id ?? null,
          // spec 3 §4, §9: a stock order has no long serial and the serial number 999999.
          longSerialNumber: home?.serialNumber ?? '',
          serialNumber: home?.serialNumber ?? STOCK_SERIAL_NUMBER,
          serviceRequestId: body.serviceRequestId,
          status: STAGED_ORDER_STATUS,
          orderDate: await businessDayOf(db, deps.clock, { retailerNumber, plantNumber: body.plantNumber }),
          ...shipTo,
          serviceEmail: session.user.userName,
          createdByUserId: session.user.cmhUserId,
        })
        .returning({ id: t.partsOrders.id });
      return c.json(await loadOrder(db, session, created!.id), 201);
    },
  }),

  // spec 3 §4: choosing a ship-to location updates the staged order.
  route({
    method: 'PUT',
    endpoint: paths.partsOrder,
    summary: 'Choose a staged order’s ship-to location',
    answer: PartsOrderAnswer,
    errors: [404, 409],
    ...WRITE,
    params: v.object({ partsOrderId: Id }),
    body: PartsOrderUpdate,
    handle: async ({ c, db, session, params, body }) => {
      const order = await stagedOrder({ c, db, session }, params.partsOrderId);
      if (order instanceof Response) return order;
      const { rowVersion, ...fields } = body;
      // Only a place the chooser offers: the retailer's locations, or the home of a customer order.
      if (!(await shipToChoices(db, session, order)).some((choice) => sameShipTo(choice, fields)))
        return refused(M.shipToNotOffered, 'shipToAddressName');
      const written = await updateIfCurrent(db, t.partsOrders, eq(t.partsOrders.id, order.id), rowVersion, fields);
      if (written === 0) return staleRecordResponse(await loadOrder(db, session, order.id));
      return c.json(await loadOrder(db, session, order.id));
    },
  }),

  // spec 3 §8: cancelling a staged order removes it permanently.
  route({
    method: 'DELETE',
    endpoint: paths.partsOrder,
    summary: 'Cancel a staged parts order (removes it)',
    answer: { status: 204 },
    errors: [404],
    ...WRITE,
    params: v.object({ partsOrderId: Id }),
    handle: async ({ c, db, session, params }) => {
      const order = await stagedOrder({ c, db, session }, params.partsOrderId);
      if (order instanceof Response) return order;
      await db.delete(t.partsOrders).where(eq(t.partsOrders.id, order.id));
      return c.body(null, 204);
    },
  }),

  // Registered before POST /Parts/{partsOrderId} (submit): the first route that matches answers.
  route({
    method: 'POST',
    endpoint: paths.closePartsOrder,
    summary: 'Close a received parts order',
    answer: PartsOrderAnswer,
    errors: [404],
    ...WRITE,
    body: ClosePartsOrderInput,
    handle: async ({ c, db, session, body }) => {
      const order = await findOrder(db, session, byPartsRequestId(body.vantagePartsRequestId), true);
      if (!order) return orderNotFound();
      if (!order.isClosed) {
        if (order.status.trim().toUpperCase() !== RECEIVED_ORDER_STATUS.toUpperCase()) return refused(M.notReceived);
        await db
          .update(t.partsOrders)
          .set({ status: CLOSED_STATUS, isClosed: true, rowVersion: order.rowVersion + 1 })
          .where(eq(t.partsOrders.id, order.id));
      }
      return c.json(await loadOrder(db, session, order.id));
    },
  }),

  // Submit: the order gets its plant-side identity and is view-only from then on (spec 3 §4).
  route({
    method: 'POST',
    endpoint: paths.partsOrder,
    summary: 'Submit a staged parts order',
    answer: PartsOrderAnswer,
    errors: [404],
    ...WRITE,
    params: v.object({ partsOrderId: Id }),
    handle: async ({ c, db, deps, session, params }) => {
      const order = await stagedOrder({ c, db, session }, params.partsOrderId);
      if (order instanceof Response) return order;
      const items = await db
        .select({ id: t.partsOrderItems.id })
        .from(t.partsOrderItems)
        .where(eq(t.partsOrderItems.partsOrderId, order.id));
      // spec 3 §4: submit with no items is an invalid order; nothing is written.
      if (items.length === 0) return refused(M.noItems, 'partsItems');
      await db
        .update(t.partsOrders)
        .set({
          vantagePartsRequestId: PARTS_REQUEST_ID_OFFSET + order.id,
          partsLogNumber: partsLogNumberOf(order.id),
          status: SUBMITTED_STATUS,
          orderDate: await businessDayOf(db, deps.clock, order),
          submittedAt: deps.clock(),
          rowVersion: order.rowVersion + 1,
        })
        .where(eq(t.partsOrders.id, order.id));
      await db
        .update(t.partsOrderItems)
        .set({ vantagePartsRequestLineItemId: sql`${t.partsOrderItems.id}` })
        .where(eq(t.partsOrderItems.partsOrderId, order.id));
      return c.json(await loadOrder(db, session, order.id));
    },
  }),

  route({
    method: 'PUT',
    endpoint: paths.partsReceived,
    summary: 'Record which parts arrived, and which were incorrect, by plant and parts log number',
    answer: PartsOrderAnswer,
    errors: [404],
    ...WRITE,
    params: v.object({ plantNumber: PlantNumber, partsLogNumber: LogNumber }),
    body: PartsReceiptInput,
    handle: ({ c, db, deps, session, params, body }) =>
      recordReceipt({ c, db, session, clock: deps.clock }, byLogNumber(params.plantNumber, params.partsLogNumber), body),
  }),

  route({
    method: 'PUT',
    endpoint: paths.vantagePartsOrder,
    summary: 'Record which parts arrived, and which were incorrect, by parts request id',
    answer: PartsOrderAnswer,
    errors: [404],
    ...WRITE,
    params: v.object({ partsRequestId: Id }),
    body: PartsReceiptInput,
    handle: ({ c, db, deps, session, params, body }) =>
      recordReceipt({ c, db, session, clock: deps.clock }, byPartsRequestId(params.partsRequestId), body),
  }),
];

/* ---- parts items of a staged order ---- */

const ItemParams = v.object({ partsOrderId: Id, partsOrderItemId: Id });
const PartsOrderItemUpdate = v.object({ ...PartsOrderItemInput.entries, rowVersion: RowVersion });

async function itemFields(db: Database, body: PartsOrderItemInput) {
  if (!(await unitExists(db, body.unitOfMeasure))) return refused(WORK_ORDER_MESSAGES.unitOfMeasureUnknown, 'unitOfMeasure');
  const { rowVersion: _version, vantagePartsRequestNumber: _number, ...fields } = body;
  return { ...fields, combinedPartNumber: combinedPartNumberOf(fields) };
}

const itemOf = (order: OrderRow, itemId: number) => and(eq(t.partsOrderItems.id, itemId), eq(t.partsOrderItems.partsOrderId, order.id));
const itemNotFound = () => errorResponse(404, M.itemNotFound);
/** For the API reference: the item's identifying fields (contract/parts-orders.ts PartsOrderItem says the rest). */
const PartsOrderItemAnswer = v.looseObject({ partsOrderItemId: v.number(), rowVersion: v.number() });

const itemRoutes: RouteDefinition[] = [
  route({
    method: 'POST',
    endpoint: paths.partsOrderItems,
    summary: 'Add a part to a staged parts order',
    answer: { status: 201, schema: PartsOrderItemAnswer },
    errors: [404],
    ...WRITE,
    params: v.object({ partsOrderId: Id }),
    body: PartsOrderItemInput,
    handle: async ({ c, db, session, params, body }) => {
      const order = await stagedOrder({ c, db, session }, params.partsOrderId);
      if (order instanceof Response) return order;
      const fields = await itemFields(db, body);
      if (fields instanceof Response) return fields;
      const [item] = await db
        .insert(t.partsOrderItems)
        .values({ ...fields, partsOrderId: order.id })
        .returning();
      await touchOrder(db, order.id);
      return c.json(toOrderItem(item!, order), 201);
    },
  }),

  route({
    method: 'PUT',
    endpoint: paths.partsOrderItem,
    summary: 'Update a part of a staged parts order',
    answer: PartsOrderItemAnswer,
    errors: [404, 409],
    ...WRITE,
    params: ItemParams,
    body: PartsOrderItemUpdate,
    handle: async ({ c, db, session, params, body }) => {
      const order = await stagedOrder({ c, db, session }, params.partsOrderId);
      if (order instanceof Response) return order;
      const [existing] = await db.select().from(t.partsOrderItems).where(itemOf(order, params.partsOrderItemId));
      if (!existing) return itemNotFound();
      const fields = await itemFields(db, body);
      if (fields instanceof Response) return fields;
      const written = await updateIfCurrent(db, t.partsOrderItems, eq(t.partsOrderItems.id, existing.id), body.rowVersion, fields);
      if (written === 0) return staleRecordResponse(toOrderItem(existing, order));
      const [item] = await db.select().from(t.partsOrderItems).where(eq(t.partsOrderItems.id, existing.id));
      await touchOrder(db, order.id);
      return c.json(toOrderItem(item!, order));
    },
  }),

  route({
    method: 'DELETE',
    endpoint: paths.partsOrderItem,
    summary: 'Remove a part from a staged parts order',
    answer: { status: 204 },
    errors: [404],
    ...WRITE,
    params: ItemParams,
    handle: async ({ c, db, session, params }) => {
      const order = await stagedOrder({ c, db, session }, params.partsOrderId);
      if (order instanceof Response) return order;
      const removed = await db
        .delete(t.partsOrderItems)
        .where(itemOf(order, params.partsOrderItemId))
        .returning({ id: t.partsOrderItems.id });
      if (removed.length === 0) return itemNotFound();
      await touchOrder(db, order.id);
      return c.body(null, 204);
    },
  }),
];

export const partsOrderRoutes: readonly RouteDefinition[] = [...orderRoutes, ...itemRoutes];
