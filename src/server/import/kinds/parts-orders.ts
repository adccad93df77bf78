import { isNull, sql } from 'drizzle-orm';
import { STOCK_SERIAL_NUMBER } from '../../../contract';
import { PARTS_ORDER_IMPORT_COLUMNS, PartsOrderImportRow } from '../../../contract/import';
import type { Database } from '../../db/client';
import * as t from '../../db/schema';
import { CLOSED_STATUS, PARTS_REQUEST_ID_OFFSET, partsLogNumberOf } from '../../parts-orders/rules';
import { combinedPartNumberOf } from '../../parts-orders/store';
import { defineKind, doesNotExist, type RowIssue } from '../kind';
import { countWrites, queryRows, upsertRows, withJson, type InputColumn } from '../write';
import { loadUnits, partColumns, partText, unitIssues } from './work-orders';

export const PARTS_ORDERS_KIND = 'parts-orders';

interface PartsOrderReferences {
  homes: Map<string, { id: number; serialNumber: string; plantNumber: string }>;
  retailers: Set<string>;
  plants: Set<string>;
  units: Set<string>;
  /** Request ids of work orders by work order id. */
  workOrders: Map<number, number>;
  /** `plant/log` of the orders HomeSite made (no import wrote them): an import must not take them over. */
  madeInHomeSite: Set<string>;
  /** `plant/log` a staged order will be given when it is submitted (its id in 6 digits): an import must not take it. */
  stagedLogNumbers: Set<string>;
}

const keyOf = (plantNumber: string, partsLogNumber: string) => `${plantNumber}/${partsLogNumber}`;

/**
 * HomeSite's own log numbers are the order's id in 6 digits (parts-orders/rules.ts partsLogNumberOf): after an import,
 * ids continue above every log number it brought that such an id could spell, so the two never meet. (Larger ones
 * cannot be reached: ids stay below 2,147,483,647 - PARTS_REQUEST_ID_OFFSET.)
 */
const SPELLABLE_LOG_NUMBER_MAX = 999_999_999;

const ORDER_COLUMNS: readonly InputColumn[] = [
  ['plant_number', 'text'],
  ['parts_log_number', 'text'],
  ['retailer_number', 'text'],
  ['home_id', 'integer'],
  ['long_serial_number', 'text'],
  ['serial_number', 'text'],
  ['service_request_id', 'integer'],
  ['status', 'text'],
  ['order_date', 'date'],
  ['expected_ship_date', 'date'],
  ['via_description', 'text'],
  ['tracking_number', 'text'],
  ['ship_to_type', 'text'],
  ['ship_to_address_name', 'text'],
  ['ship_to_street_address1', 'text'],
  ['ship_to_city', 'text'],
  ['ship_to_state', 'text'],
  ['ship_to_zipcode', 'text'],
  ['is_closed', 'boolean'],
  ['service_email', 'text'],
];
const names = (columns: readonly InputColumn[]) => columns.map(([name]) => name);

function orderRow(row: PartsOrderImportRow, refs: PartsOrderReferences) {
  const home = row.serialNumber === undefined ? undefined : refs.homes.get(row.serialNumber)!;
  return {
    plant_number: row.plantNumber,
    parts_log_number: row.partsLogNumber,
    retailer_number: row.retailerNumber,
    home_id: home?.id ?? null,
    long_serial_number: home?.serialNumber ?? '',
    serial_number: home?.serialNumber ?? STOCK_SERIAL_NUMBER,
    service_request_id: row.workOrderId === undefined ? null : refs.workOrders.get(row.workOrderId)!,
    status: row.status,
    order_date: row.orderDate,
    expected_ship_date: row.expectedShipDate ?? null,
    via_description: row.viaDescription,
    tracking_number: row.trackingNumber,
    ship_to_type: row.shipToType,
    ship_to_address_name: row.shipToName,
    ship_to_street_address1: row.shipToStreet,
    ship_to_city: row.shipToCity,
    ship_to_state: row.shipToState,
    ship_to_zipcode: row.shipToZipCode,
    is_closed: row.status === CLOSED_STATUS,
    service_email: row.serviceEmail,
  };
}

const IDS = '(SELECT (jsonb_array_elements_text($json::jsonb))::integer)';
function withList(text: string, items: readonly (string | number)[]) {
  const [before, after] = text.split('$json') as [string, string];
  return sql`${sql.raw(before)}${JSON.stringify(items)}${sql.raw(after)}`;
}

/**
 * Makes each order's items the row's (replaced as a whole when they differ, in the row's order), gives new orders and
 * items their plant-side ids as a submit does, and answers the keys of orders whose items changed; those the upsert
 * did not write are written again (row version; migration 0007's trigger moves their sync position with any item write).
 */
async function syncItems(
  db: Database,
  rows: readonly PartsOrderImportRow[],
  inserted: ReadonlySet<string>,
  rewritten: ReadonlySet<string>,
): Promise<string[]> {
  const orders = await queryRows<{ id: number; key: string }>(
    db,
    withJson(
      `SELECT o.id, o.plant_number || '/' || o.parts_log_number AS key FROM parts_orders o
       JOIN jsonb_to_recordset($json::jsonb) AS input(plant_number text, parts_log_number text)
         ON o.plant_number = input.plant_number AND o.parts_log_number = input.parts_log_number`,
      rows.map((row) => ({ plant_number: row.plantNumber, parts_log_number: row.partsLogNumber })),
    ),
  );
  const orderIdOf = new Map(orders.map((order) => [order.key, Number(order.id)]));
  const newOrderIds = [...inserted].map((key) => orderIdOf.get(key)!);
  // Submitted orders carry their plant-side request id, as a submit gives one (routes/parts-orders.ts).
  if (newOrderIds.length > 0)
    await db.execute(
      withList(`UPDATE parts_orders SET vantage_parts_request_id = ${PARTS_REQUEST_ID_OFFSET} + id WHERE id IN ${IDS}`, newOrderIds),
    );

  const storedIds = rows
    .map((row) => keyOf(row.plantNumber, row.partsLogNumber))
    .filter((key) => !inserted.has(key))
    .map((key) => orderIdOf.get(key)!);
  const stored = new Map<number, string[]>();
  if (storedIds.length > 0) {
    const items = await queryRows<Parameters<typeof partText>[0] & { parts_order_id: number }>(
      db,
      withList(
        `SELECT parts_order_id, category_number AS "categoryNumber", commodity_number AS "commodityNumber", part_number AS "partNumber",
           part_description AS "partDescription", notes, billing_code AS "billingCode", unit_of_measure AS "unitOfMeasure", quantity,
           received_date::text AS "receivedDate", is_correct AS "isCorrect", incorrect_part_message AS "incorrectPartMessage"
         FROM parts_order_items WHERE parts_order_id IN ${IDS} ORDER BY id`,
        storedIds,
      ),
    );
    for (const item of items) stored.set(Number(item.parts_order_id), [...(stored.get(Number(item.parts_order_id)) ?? []), partText(item)]);
  }

  const changed: string[] = [];
  const replaced: number[] = [];
  const newItems: object[] = [];
  for (const row of rows) {
    const key = keyOf(row.plantNumber, row.partsLogNumber);
    const orderId = orderIdOf.get(key)!;
    const wanted = row.items.map(partText);
    const current = stored.get(orderId) ?? [];
    if (current.length === wanted.length && wanted.every((text, index) => current[index] === text)) continue;
    changed.push(key);
    replaced.push(orderId);
    for (const item of row.items)
      newItems.push({ parts_order_id: orderId, combined_part_number: combinedPartNumberOf(item), ...partColumns(item) });
  }
  // An order inserted just now has nothing to delete.
  const storedOrders = new Set(storedIds);
  const deleted = replaced.filter((id) => storedOrders.has(id));
  if (deleted.length > 0) await db.execute(withList(`DELETE FROM parts_order_items WHERE parts_order_id IN ${IDS}`, deleted));
  if (newItems.length > 0) {
    await db.execute(
      withJson(
        `INSERT INTO parts_order_items (parts_order_id, category_number, commodity_number, part_number, combined_part_number, part_description,
           notes, billing_code, unit_of_measure, quantity, received_date, is_correct, incorrect_part_message)
         SELECT parts_order_id, category_number, commodity_number, part_number, combined_part_number, part_description,
           notes, billing_code, unit_of_measure, quantity, received_date, is_correct, incorrect_part_message
         FROM jsonb_to_recordset($json::jsonb) AS input(parts_order_id integer, category_number text, commodity_number text, part_number text,
           combined_part_number text, part_description text, notes text, billing_code text, unit_of_measure text, quantity integer,
           received_date date, is_correct boolean, incorrect_part_message text, ordinal integer)
         ORDER BY ordinal`,
        newItems.map((item, ordinal) => ({ ...item, ordinal })),
      ),
    );
    // As a submit does: a submitted order's items carry their plant-side line item id.
    await db.execute(
      withList(
        `UPDATE parts_order_items SET vantage_parts_request_line_item_id = id WHERE vantage_parts_request_line_item_id IS NULL AND parts_order_id IN ${IDS}`,
        replaced,
      ),
    );
  }
  const touched = changed.filter((key) => !rewritten.has(key)).map((key) => orderIdOf.get(key)!);
  if (touched.length > 0) await db.execute(withList(`UPDATE parts_orders SET row_version = row_version + 1 WHERE id IN ${IDS}`, touched));
  return changed;
}

/** Moves the parts order ids past the log numbers of `rows` that an id could spell (see SPELLABLE_LOG_NUMBER_MAX). */
async function keepIdsAboveLogNumbers(db: Database, rows: readonly PartsOrderImportRow[]) {
  const highest = Math.max(0, ...rows.filter((row) => /^\d{1,9}$/.test(row.partsLogNumber)).map((row) => Number(row.partsLogNumber)));
  if (highest === 0 || highest > SPELLABLE_LOG_NUMBER_MAX) return;
  await db.execute(
    sql`SELECT setval(sequence, greatest(coalesce(pg_sequence_last_value(sequence::regclass), 0), ${highest}::bigint))
        FROM (SELECT pg_get_serial_sequence('parts_orders', 'id') AS sequence) AS serial`,
  );
}

/**
 * Submitted parts orders by plant and parts log number, with their items, receipts and shipping. A new or changed order
 * moves its sync position (migration 0007's triggers, for the order and for its items), so the devices that keep its
 * retailer's or plant's parts order list get it.
 */
export const partsOrdersKind = defineKind<PartsOrderImportRow, PartsOrderReferences>({
  description: 'Submitted parts orders by plant and parts log number, with items, receipts and shipping.',
  columns: PARTS_ORDER_IMPORT_COLUMNS,
  schema: PartsOrderImportRow,
  keyField: 'partsLogNumber',
  keyOf: (row) => keyOf(row.plantNumber, row.partsLogNumber),
  loadReferences: async (db) => {
    const homes = await db.select({ id: t.homes.id, serialNumber: t.homes.serialNumber, plantNumber: t.homes.plantNumber }).from(t.homes);
    const workOrders = await queryRows<{ id: number; work_order_id: number }>(
      db,
      sql`SELECT id, vantage_work_order_id AS work_order_id FROM service_requests WHERE vantage_work_order_id IS NOT NULL`,
    );
    const made = await queryRows<{ key: string }>(
      db,
      sql`SELECT o.plant_number || '/' || o.parts_log_number AS key FROM parts_orders AS o
          WHERE o.parts_log_number IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM import_fingerprints AS print WHERE print.kind = ${PARTS_ORDERS_KIND} AND print.natural_key = o.plant_number || '/' || o.parts_log_number)`,
    );
    const staged = await db
      .select({ id: t.partsOrders.id, plantNumber: t.partsOrders.plantNumber })
      .from(t.partsOrders)
      .where(isNull(t.partsOrders.vantagePartsRequestId));
    return {
      homes: new Map(homes.map((home) => [home.serialNumber.toUpperCase(), home])),
      retailers: new Set(
        (await db.select({ retailerNumber: t.retailers.retailerNumber }).from(t.retailers)).map((retailer) => retailer.retailerNumber),
      ),
      stagedLogNumbers: new Set(staged.map((order) => keyOf(order.plantNumber, partsLogNumberOf(order.id)))),
      plants: new Set((await db.select({ plantNumber: t.plants.plantNumber }).from(t.plants)).map((plant) => plant.plantNumber)),
      units: await loadUnits(db),
      workOrders: new Map(workOrders.map((order) => [Number(order.work_order_id), Number(order.id)])),
      madeInHomeSite: new Set(made.map((order) => order.key)),
    };
  },
  check: (row, { refs }) => {
    const issues: RowIssue[] = [];
    if (refs.madeInHomeSite.has(keyOf(row.plantNumber, row.partsLogNumber)))
      issues.push({
        field: 'partsLogNumber',
        message: `Parts order ${row.partsLogNumber} of plant ${row.plantNumber} was made in HomeSite: an import cannot take it over.`,
      });
    if (refs.stagedLogNumbers.has(keyOf(row.plantNumber, row.partsLogNumber)))
      issues.push({
        field: 'partsLogNumber',
        message: `HomeSite gives ${row.partsLogNumber} to a parts order of plant ${row.plantNumber} staged in the app when it is submitted.`,
      });
    if (!refs.plants.has(row.plantNumber)) issues.push({ field: 'plantNumber', message: doesNotExist('plant', row.plantNumber) });
    if (!refs.retailers.has(row.retailerNumber))
      issues.push({ field: 'retailerNumber', message: doesNotExist('retailer', row.retailerNumber) });
    if (row.serialNumber !== undefined) {
      const home = refs.homes.get(row.serialNumber);
      if (!home) issues.push({ field: 'serialNumber', message: doesNotExist('home', row.serialNumber) });
      else if (home.plantNumber !== row.plantNumber)
        issues.push({
          field: 'serialNumber',
          message: `Home ${row.serialNumber} was built at plant ${home.plantNumber}, not ${row.plantNumber}.`,
        });
    }
    if (row.workOrderId !== undefined && !refs.workOrders.has(row.workOrderId))
      issues.push({ field: 'workOrderId', message: doesNotExist('work order', String(row.workOrderId)) });
    issues.push(...unitIssues(row.items, refs.units, 'items'));
    return issues;
  },
  write: async (db, rows, { refs }) => {
    const written = await upsertRows(
      db,
      {
        table: 'parts_orders',
        input: ORDER_COLUMNS,
        // Submitted on its order day, as far as HomeSite can tell.
        insert: [...names(ORDER_COLUMNS), ['submitted_at', `(input.order_date)::timestamp AT TIME ZONE 'UTC'`]],
        conflict: '("plant_number", "parts_log_number")',
        update: names(ORDER_COLUMNS).filter((name) => name !== 'plant_number' && name !== 'parts_log_number'),
        onChange: ['"row_version" = target."row_version" + 1'],
        key: `target.plant_number || '/' || target.parts_log_number`,
      },
      rows.map((row) => orderRow(row, refs)),
    );
    await keepIdsAboveLogNumbers(db, rows);
    const inserted = new Set(written.filter((order) => order.inserted).map((order) => order.key));
    const rewritten = new Set(written.map((order) => order.key));
    return countWrites(written, await syncItems(db, rows, inserted, rewritten));
  },
});
