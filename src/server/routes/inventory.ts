/**
 * inventory: GET {api}/Inventory (spec 2 §3 Inventory item, §6: Sales_User, Sales_Viewer, Service_User or
 * Warranty_User): a plant user's facilities' stock, anyone else's current retail center's, kept on the device (delta
 * sync, rows named by inventoryId). `age` is counted in days on the server's day of answering, so a kept copy ages
 * with its last sync (the screen counts from stockedDate itself).
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { InventoryItem, SyncQueryFields, daysBetween, paths, type RoleName } from '../../contract';
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
import { businessDayOfSession } from '../business-day/business-day';

const READ_ROLES: RoleName[] = ['Sales_User', 'Sales_Viewer', 'Service_User', 'Warranty_User'];

type Row = { home: typeof t.inventoryHomes.$inferSelect; plantName: string };

/** The home as the list answers it; its invoice amount only to a price viewer (spec 2 §6). */
function toInventoryItem({ home, plantName }: Row, today: string, withPrices: boolean): InventoryItem {
  return {
    inventoryId: home.id,
    plantNumber: home.plantNumber,
    plantName,
    type: home.type,
    tdes: home.tdes,
    reg: home.reg,
    retailerNumber: home.retailerNumber,
    serailNumber: home.serialNumber,
    ...(withPrices && { invoiceAmount: home.invoiceAmount }),
    stockNumber: home.stockNumber,
    modelNumber: home.modelNumber,
    modelName: home.modelName,
    owner: home.owner,
    wso: home.wso,
    stockedDate: home.stockedDate,
    age: Math.max(0, daysBetween(home.stockedDate, today)),
    salesDate: home.salesDate ?? '',
    poNumber: home.poNumber,
  };
}

const homesOf = (db: Database, condition: SQL | undefined) =>
  db
    .select({ home: t.inventoryHomes, plantName: t.plants.name })
    .from(t.inventoryHomes)
    .innerJoin(t.plants, eq(t.plants.plantNumber, t.inventoryHomes.plantNumber))
    .where(condition);

export function inventorySyncSource(session: Session, today: string): SyncSource<InventoryItem> {
  const condition = visibleByScope(session, t.inventoryHomes);
  return {
    table: 'inventory_homes',
    scope: pricedSessionScope(session),
    tombstones: visibleByScope(session, t.syncTombstones),
    changes: { from: sql`${t.inventoryHomes}`, where: condition, xid: t.inventoryHomes.syncXid, id: t.inventoryHomes.id },
    rows: async (db, window) => {
      const rows = await readWindow(
        window,
        { xid: t.inventoryHomes.syncXid, id: t.inventoryHomes.id },
        scopeOf(session, t.inventoryHomes),
        (where) => homesOf(db, where).$dynamic(),
      );
      return rows.map((row) => ({
        xid: row.home.syncXid,
        id: row.home.id,
        item: toInventoryItem(row, today, session.flags.isPriceViewer),
      }));
    },
    count: async (db) => (await db.select({ rows: count() }).from(t.inventoryHomes).where(condition))[0]?.rows ?? 0,
  };
}

/** GET /inventory: the latest stocked first, page by page (sync/stream-list.ts); equal days by id. */
function inventoryPages(db: Database, session: Session, today: string): ListPages<InventoryItem> {
  const condition = visibleByScope(session, t.inventoryHomes);
  return keysetPages(
    (after: { day: string; id: number } | undefined, limit: number) =>
      homesOf(
        db,
        after
          ? and(condition, sql`(${t.inventoryHomes.stockedDate}, ${t.inventoryHomes.id}) < (${after.day}::date, ${after.id}::integer)`)
          : condition,
      )
        .orderBy(desc(t.inventoryHomes.stockedDate), desc(t.inventoryHomes.id))
        .limit(limit),
    (row) => ({ day: row.home.stockedDate, id: row.home.id }),
    (row) => toInventoryItem(row, today, session.flags.isPriceViewer),
  );
}

export const inventoryRoutes: RouteDefinition[] = [
  route({
    method: 'GET',
    endpoint: paths.inventory,
    summary: 'The inventory list (kept on devices), or a delta of it',
    answer: { row: InventoryItem },
    roles: READ_ROLES,
    query: v.object(SyncQueryFields),
    handle: async ({ c, db, deps, session, query }) => {
      const today = businessDayOfSession(session, deps.clock);
      const source = inventorySyncSource(session, today);
      if (query.since !== undefined) return jsonResponse(200, await readDelta(db, source, query.since, query.limit));
      return answerList(c, db, source, inventoryPages(db, session, today), deps.reportError);
    },
  }),
];
