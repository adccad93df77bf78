import { QUOTE_DELETED } from '../../../contract';
import { HUD_LABEL_COLUMNS, ORDER_IMPORT_COLUMNS, OrderImportRow } from '../../../contract/import';
import * as t from '../../db/schema';
import { defineKind, doesNotExist, type RowIssue } from '../kind';
import { countWrites, upsertRows, type InputColumn } from '../write';
import { homePlants, wrongPlantOfHome } from './inventory';

interface OrderReferences {
  /** Retailer names by number (an order's dba by default). */
  retailers: Map<string, string>;
  plants: Set<string>;
  quotes: Map<string, { retailerNumber: string; plantNumber: string; status: string }>;
  /** The plant of each home on file, by serial number. */
  homes: Map<string, string>;
}

const ORDER_COLUMNS: readonly InputColumn[] = [
  ['order_number', 'text'],
  ['retailer_number', 'text'],
  ['plant_number', 'text'],
  ['customer', 'text'],
  ['model_number', 'text'],
  ['model_desc', 'text'],
  ['serial_number', 'text'],
  ['long_serial_number', 'text'],
  ['order_date', 'date'],
  ['shipped_date', 'date'],
  ['status', 'text'],
  ['mdm', 'text'],
  ['scheduled_production_date', 'date'],
  ['yard_date', 'date'],
  ['scheduled_offline_date', 'date'],
  ['estimated_offline_week_of', 'date'],
  ['scheduled_ship_date', 'date'],
  ['hud_labels', 'jsonb'],
  ['quote_creator', 'text'],
  ['first_validation', 'date'],
  ['second_rso_validation', 'date'],
  ['docs_received', 'date'],
  ['purchase_order_number', 'text'],
  ['base_price', 'numeric'],
  ['option_price', 'numeric'],
  ['square_footage', 'integer'],
  ['invoice_total', 'numeric'],
  ['ordered_by', 'text'],
  ['sales_rep', 'text'],
  ['sales_note', 'text'],
  ['sold_to', 'text'],
  ['address1', 'text'],
  ['dba', 'text'],
  ['financed_by', 'text'],
  ['run_number', 'text'],
  ['phone', 'text'],
  ['fax', 'text'],
];
const names = (columns: readonly InputColumn[]) => columns.map(([name]) => name);

/** As the orders list reads them back: eight labels (left, right, triple, 4–8), '' for a missing one; none at all when every one is empty. */
function hudLabels(row: OrderImportRow): string[] {
  const labels = HUD_LABEL_COLUMNS.map((column) => row[column]);
  return labels.some((label) => label !== '') ? labels : [];
}

const orderRow = (row: OrderImportRow, refs: OrderReferences) => ({
  order_number: row.orderNumber,
  quote_number: row.quoteNumber,
  retailer_number: row.retailerNumber,
  plant_number: row.plantNumber,
  customer: row.customer,
  model_number: row.modelNumber,
  model_desc: row.modelDesc,
  serial_number: row.serialNumber,
  long_serial_number: row.longSerialNumber,
  order_date: row.orderDate,
  shipped_date: row.shippedDate ?? null,
  status: row.status,
  mdm: row.csm,
  scheduled_production_date: row.scheduledProductionDate ?? null,
  yard_date: row.yardDate ?? null,
  scheduled_offline_date: row.scheduledOfflineDate ?? null,
  estimated_offline_week_of: row.estimatedOfflineWeekOf ?? null,
  scheduled_ship_date: row.scheduledShipDate ?? null,
  hud_labels: hudLabels(row),
  quote_creator: row.quoteCreator,
  first_validation: row.firstValidation ?? null,
  second_rso_validation: row.secondRsoValidation ?? null,
  docs_received: row.docsReceived ?? null,
  purchase_order_number: row.purchaseOrderNumber,
  base_price: row.basePrice,
  option_price: row.optionPrice,
  square_footage: row.squareFootage,
  invoice_total: row.invoiceTotal,
  ordered_by: row.orderedBy,
  sales_rep: row.salesRep,
  sales_note: row.salesNote,
  sold_to: row.soldTo,
  address1: row.address1,
  dba: row.dba ?? refs.retailers.get(row.retailerNumber)!,
  financed_by: row.financedBy,
  run_number: row.runNumber,
  phone: row.phone,
  fax: row.fax,
});

/**
 * Sales orders by order number, each joined to the quote it was placed from. The order's detail report is found by its
 * quote at the order's plant, so an order must be at its quote's retailer and plant, and its quote not deleted. A changed order moves its sync
 * position (migration 0008's triggers): the devices that keep the orders list get it, and an order moved to another
 * retailer or plant reaches the first one's devices as removed.
 */
export const ordersKind = defineKind<OrderImportRow, OrderReferences>({
  description: 'Sales orders by order number, each placed from a quote.',
  columns: ORDER_IMPORT_COLUMNS,
  schema: OrderImportRow,
  keyField: 'orderNumber',
  keyOf: (row) => row.orderNumber,
  loadReferences: async (db) => ({
    retailers: new Map(
      (await db.select({ retailerNumber: t.retailers.retailerNumber, name: t.retailers.name }).from(t.retailers)).map((retailer) => [
        retailer.retailerNumber,
        retailer.name,
      ]),
    ),
    plants: new Set((await db.select({ plantNumber: t.plants.plantNumber }).from(t.plants)).map((plant) => plant.plantNumber)),
    quotes: new Map(
      (
        await db
          .select({
            quoteNumber: t.quotes.quoteNumber,
            retailerNumber: t.quotes.retailerNumber,
            plantNumber: t.quotes.plantNumber,
            status: t.quotes.status,
          })
          .from(t.quotes)
      ).map(({ quoteNumber, ...quote }) => [quoteNumber, quote]),
    ),
    homes: await homePlants(db),
  }),
  check: (row, { refs }) => {
    const issues: RowIssue[] = [];
    if (!refs.retailers.has(row.retailerNumber))
      issues.push({ field: 'retailerNumber', message: doesNotExist('retailer', row.retailerNumber) });
    if (!refs.plants.has(row.plantNumber)) issues.push({ field: 'plantNumber', message: doesNotExist('plant', row.plantNumber) });
    const quote = refs.quotes.get(row.quoteNumber);
    if (!quote) issues.push({ field: 'quoteNumber', message: doesNotExist('quote', row.quoteNumber) });
    else if (quote.retailerNumber !== row.retailerNumber || quote.plantNumber !== row.plantNumber) {
      issues.push({
        field: 'quoteNumber',
        message: `Quote ${row.quoteNumber} is of retailer ${quote.retailerNumber} at plant ${quote.plantNumber}: an order is at its quote's retailer and plant.`,
      });
    } else if (quote.status === QUOTE_DELETED) {
      issues.push({
        field: 'quoteNumber',
        message: `Quote ${row.quoteNumber} is deleted: an order is placed from a quote that is not (its detail report is the quote's).`,
      });
    }
    issues.push(...wrongPlantOfHome(refs.homes, 'longSerialNumber', row.longSerialNumber, row.plantNumber));
    return issues;
  },
  write: async (db, rows, { refs }) => {
    const written = await upsertRows(
      db,
      {
        table: 'sales_orders',
        input: [...ORDER_COLUMNS, ['quote_number', 'text']],
        insert: [...names(ORDER_COLUMNS), ['quote_id', 'quotes.id']],
        from: 'JOIN quotes ON quotes.quote_number = input.quote_number',
        conflict: '("order_number")',
        update: [...names(ORDER_COLUMNS).filter((name) => name !== 'order_number'), 'quote_id'],
        key: 'target.order_number',
      },
      rows.map((row) => orderRow(row, refs)),
    );
    return countWrites(written);
  },
});
