/**
 * The server's parts-order rules beyond the contract's (contract/parts-orders.ts holds the shared ones),
 * decided here where spec 3 leaves them open:
 *
 * - Who sees an order: the work-order scope (work-orders/rules.ts visibleByScope): a retailer user the
 *   orders of their CURRENT retail center, a plant user those of their facilities, whatever the
 *   retailer. Anything else answers 404, as if it did not exist.
 * - Who writes: service admins (Service_User); service viewers read only (403).
 * - Submitting gives the order its plant-side identity: vantagePartsRequestId = id + 800,000 (never
 *   confused with a work order's id + 700,000), the parts log number (the id in six digits, unique per
 *   plant as the receipt path /Parts/{plant}/{log}/PartsReceived needs) and the order name PO-nnnnnnn.
 * - A customer order belongs to its home's retailer; a stock order to the user's current retail center.
 *   A retailer user orders stock only from a plant that serves their retail center (retailer_plants,
 *   the facilities the stock-order modal offers); a plant user from their facilities.
 * - Closing (POST /Parts/Close) is for a Received order; closing a closed one again answers it as it is.
 * - The parts catalogs a user may read: a plant user's facilities; for a retailer user the plants that
 *   serve the current retail center and the plants that built its homes (a customer order picks parts
 *   from the catalog of the home's plant).
 * - Ship-to locations of a retailer: the user's own retail centers, and for a plant user also every
 *   retailer with an order at their facilities or served by them.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import type { Session } from '../auth/session';
import { visibleByScope } from '../work-orders/rules';

export const PARTS_REQUEST_ID_OFFSET = 800_000;
export const partsLogNumberOf = (orderId: number) => String(orderId).padStart(6, '0');
export const partsOrderNameOf = (orderId: number) => `PO-${String(orderId).padStart(7, '0')}`;

export const CLOSED_STATUS = 'Closed';
export const SUBMITTED_STATUS = 'Submitted';

export const visibleOrders = (session: Session) => visibleByScope(session, t.partsOrders);

export interface OrderState {
  vantagePartsRequestId: number | null;
  isClosed: boolean;
}

/** spec 3 §4, §6: a service admin changes a staged order; a submitted one is view-only. */
export const canEditOrder = (session: Session, order: OrderState) =>
  session.flags.isServiceAdmin && order.vantagePartsRequestId === null && !order.isClosed;

const facilitiesOf = (session: Session) => session.user.availablePlants.map((plant) => plant.plantNumber);

/** The plants that serve a retail center (My Facilities): what a retailer user may order stock from. */
export async function plantsServing(db: Database, retailerNumber: string): Promise<string[]> {
  const rows = await db
    .select({ plantNumber: t.retailerPlants.plantNumber })
    .from(t.retailerPlants)
    .where(eq(t.retailerPlants.retailerNumber, retailerNumber));
  return rows.map((row) => row.plantNumber);
}

/** Whether `session` may order stock from `plantNumber` (see above). */
export async function mayOrderStockFrom(db: Database, session: Session, retailerNumber: string, plantNumber: string) {
  if (session.user.isPlantUser) return facilitiesOf(session).includes(plantNumber);
  return (await plantsServing(db, retailerNumber)).includes(plantNumber);
}

/** Whether any row matches `condition` in `table`. */
async function anyRow(db: Database, table: typeof t.retailerPlants | typeof t.homes | typeof t.partsOrders, condition: SQL | undefined) {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(table)
    .where(condition)
    .limit(1);
  return rows.length > 0;
}

/** Whether `session` may read the parts catalog of `plantNumber` (see above). */
export async function mayReadCatalog(db: Database, session: Session, plantNumber: string): Promise<boolean> {
  if (session.user.isPlantUser) return facilitiesOf(session).includes(plantNumber);
  const retailerNumber = session.user.currentRetailer?.retailerNumber;
  if (!retailerNumber) return false;
  return (
    (await anyRow(
      db,
      t.retailerPlants,
      and(eq(t.retailerPlants.retailerNumber, retailerNumber), eq(t.retailerPlants.plantNumber, plantNumber)),
    )) || anyRow(db, t.homes, and(eq(t.homes.retailerNumber, retailerNumber), eq(t.homes.plantNumber, plantNumber)))
  );
}

/** Every plant whose catalog `session` may read (mayReadCatalog's rule as a list: the live changes of catalogs). */
export async function readableCatalogPlants(db: Database, session: Session): Promise<string[]> {
  if (session.user.isPlantUser) return facilitiesOf(session);
  const retailerNumber = session.user.currentRetailer?.retailerNumber;
  if (!retailerNumber) return [];
  const rows = await db
    .selectDistinct({ plantNumber: t.retailerPlants.plantNumber })
    .from(t.retailerPlants)
    .where(eq(t.retailerPlants.retailerNumber, retailerNumber))
    .union(db.selectDistinct({ plantNumber: t.homes.plantNumber }).from(t.homes).where(eq(t.homes.retailerNumber, retailerNumber)));
  return rows.map((row) => row.plantNumber).filter((plant): plant is string => plant !== null);
}

/** Whether `session` may read the ship-to locations of `retailerNumber` (see above). */
export async function mayReadShipTo(db: Database, session: Session, retailerNumber: string): Promise<boolean> {
  if (session.user.availableRetailers.some((retailer) => retailer.retailerNumber === retailerNumber)) return true;
  if (!session.user.isPlantUser) return false;
  const plants = facilitiesOf(session);
  if (plants.length === 0) return false;
  return (
    (await anyRow(
      db,
      t.retailerPlants,
      and(eq(t.retailerPlants.retailerNumber, retailerNumber), inArray(t.retailerPlants.plantNumber, plants)),
    )) || anyRow(db, t.partsOrders, and(eq(t.partsOrders.retailerNumber, retailerNumber), inArray(t.partsOrders.plantNumber, plants)))
  );
}
