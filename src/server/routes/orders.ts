/**
 * orders: GET {api}/order (spec 2 §7 Orders) for sales users and viewers (spec 2 §6): a plant user's facilities' orders,
 * anyone else's current retail center's. The whole list is kept on the device (delta sync, rows named by orderId);
 * ?longSerialNumber= and ?plantNumber=&serialNumber= answer the orders of one home as a plain array.
 */
import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import * as v from 'valibot';
import { OrderLookupQuery, SalesOrder, SyncQueryFields, paths } from '../../contract';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { jsonResponse } from '../http/errors';
import type { Session } from '../auth/session';
import { route, type RouteDefinition } from '../http/route';
import { readDelta } from '../sync/delta';
import { answerList } from '../sync/list-answer';
import { pricedSessionScope, readWindow, type SyncSource } from '../sync/source';
import { keysetPages, type ListPages } from '../sync/stream-list';
import { scopeOf, visibleByScope } from '../work-orders/rules';

const orderColumns = { order: t.salesOrders, plantName: t.plants.name, retailerName: t.retailers.name, quoteNumber: t.quotes.quoteNumber };
type OrderRow = { order: typeof t.salesOrders.$inferSelect; plantName: string; retailerName: string; quoteNumber: string };

const day = (value: string | null) => value ?? '';

/** The order as the list answers it; its prices only to a price viewer (spec 2 §6). */
function toSalesOrder({ order, plantName, retailerName, quoteNumber }: OrderRow, withPrices: boolean): SalesOrder {
  const label = (index: number) => order.hudLabels[index] ?? '';
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    customer: order.customer,
    retailerNumber: order.retailerNumber,
    retailerName,
    plantNumber: order.plantNumber,
    plantName,
    quoteNumber,
    modelNumber: order.modelNumber,
    modelDesc: order.modelDesc,
    longSerialNumber: order.longSerialNumber,
    serialNumber: order.serialNumber,
    orderDate: order.orderDate,
    shippedDate: day(order.shippedDate),
    status: order.status,
    mdm: order.mdm,
    scheduledProductionDate: day(order.scheduledProductionDate),
    yardDate: day(order.yardDate),
    scheduledOfflineDate: day(order.scheduledOfflineDate),
    estimatedOfflineWeekOf: day(order.estimatedOfflineWeekOf),
    scheduledShipDate: day(order.scheduledShipDate),
    hudLabelLeft: label(0),
    hudLabelRight: label(1),
    hudLabelTriple: label(2),
    hudLabel4: label(3),
    hudLabel5: label(4),
    hudLabel6: label(5),
    hudLabel7: label(6),
    hudLabel8: label(7),
    quoteCreator: order.quoteCreator,
    firstValidation: day(order.firstValidation),
    secondRSOValidation: day(order.secondRsoValidation),
    docsReceived: day(order.docsReceived),
    purchaseOrderNumber: order.purchaseOrderNumber,
    squareFootage: order.squareFootage,
    ...(withPrices && { basePrice: order.basePrice, optionPrice: order.optionPrice, invoiceTotal: order.invoiceTotal }),
  };
}

const ordersOf = (db: Database, condition: SQL | undefined) =>
  db
    .select(orderColumns)
    .from(t.salesOrders)
    .innerJoin(t.plants, eq(t.plants.plantNumber, t.salesOrders.plantNumber))
    .innerJoin(t.retailers, eq(t.retailers.retailerNumber, t.salesOrders.retailerNumber))
    .innerJoin(t.quotes, eq(t.quotes.id, t.salesOrders.quoteId))
    .where(condition);

export const visibleOrders = (session: Session) => visibleByScope(session, t.salesOrders);

export function orderSyncSource(session: Session): SyncSource<SalesOrder> {
  const condition = visibleOrders(session);
  const withPrices = session.flags.isPriceViewer;
  return {
    table: 'sales_orders',
    scope: pricedSessionScope(session),
    tombstones: visibleByScope(session, t.syncTombstones),
    changes: { from: sql`${t.salesOrders}`, where: condition, xid: t.salesOrders.syncXid, id: t.salesOrders.id },
    rows: async (db, window) => {
      const rows = await readWindow(
        window,
        { xid: t.salesOrders.syncXid, id: t.salesOrders.id },
        scopeOf(session, t.salesOrders),
        (where) => ordersOf(db, where).$dynamic(),
      );
      return rows.map((row) => ({ xid: row.order.syncXid, id: row.order.id, item: toSalesOrder(row, withPrices) }));
    },
    count: async (db) => (await db.select({ rows: count() }).from(t.salesOrders).where(condition))[0]?.rows ?? 0,
  };
}

/** GET /orders: newest first, page by page (sync/stream-list.ts). */
function orderPages(db: Database, session: Session): ListPages<SalesOrder> {
  const condition = visibleOrders(session);
  return keysetPages(
    (after: number | undefined, limit: number) =>
      ordersOf(db, after ? and(condition, sql`${t.salesOrders.id} < ${after}`) : condition)
        .orderBy(desc(t.salesOrders.id))
        .limit(limit),
    (row) => row.order.id,
    (row) => toSalesOrder(row, session.flags.isPriceViewer),
  );
}

const upper = (column: AnyPgColumn) => sql`upper(${column})`;

export const orderRoutes: RouteDefinition[] = [
  route({
    method: 'GET',
    endpoint: paths.orders,
    summary: 'The sales order list (kept on devices), a delta of it, or the orders of one home',
    description: 'With `longSerialNumber`, or `serialNumber` (and `plantNumber`), the orders of that home as a plain array.',
    answer: { row: SalesOrder },
    flag: 'isSalesViewer',
    query: v.object({ ...SyncQueryFields, ...OrderLookupQuery.entries }),
    handle: async ({ c, db, deps, session, query }) => {
      if (query.longSerialNumber !== undefined || query.serialNumber !== undefined) {
        const home =
          query.longSerialNumber !== undefined
            ? eq(upper(t.salesOrders.longSerialNumber), query.longSerialNumber.toUpperCase())
            : and(
                // The short serial or the long one: either names the home.
                or(
                  eq(upper(t.salesOrders.serialNumber), query.serialNumber!.toUpperCase()),
                  eq(upper(t.salesOrders.longSerialNumber), query.serialNumber!.toUpperCase()),
                ),
                query.plantNumber ? eq(t.salesOrders.plantNumber, query.plantNumber) : undefined,
              );
        const rows = await ordersOf(db, and(visibleOrders(session), home)).orderBy(desc(t.salesOrders.orderDate));
        return c.json(rows.map((row) => toSalesOrder(row, session.flags.isPriceViewer)));
      }
      const source = orderSyncSource(session);
      if (query.since !== undefined) return jsonResponse(200, await readDelta(db, source, query.since, query.limit));
      return answerList(c, db, source, orderPages(db, session), deps.reportError);
    },
  }),
];
