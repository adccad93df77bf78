import { INVENTORY_IMPORT_COLUMNS, InventoryImportRow } from '../../../contract/import';
import type { Database } from '../../db/client';
import * as t from '../../db/schema';
import { defineKind, doesNotExist, type RowIssue } from '../kind';
import { countWrites, upsertRows, type InputColumn } from '../write';

interface InventoryReferences {
  retailers: Set<string>;
  plants: Set<string>;
  /** The plant of each home on file, by serial number. */
  homes: Map<string, string>;
}

/** The plant of each home on file, by serial number: a row of sales data that names a home must agree with it. */
export const homePlants = async (db: Database) =>
  new Map(
    (await db.select({ serialNumber: t.homes.serialNumber, plantNumber: t.homes.plantNumber }).from(t.homes)).map((home) => [
      home.serialNumber,
      home.plantNumber,
    ]),
  );

/**
 * A serial number that names a home on file must be of the row's plant (the plant that built it). A serial number
 * not on file is taken: a home being built, or one of retail stock that came from elsewhere, has none yet.
 */
export function wrongPlantOfHome(homes: ReadonlyMap<string, string>, field: string, serialNumber: string, plantNumber: string): RowIssue[] {
  const builtAt = homes.get(serialNumber);
  return builtAt === undefined || builtAt === plantNumber
    ? []
    : [{ field, message: `Home ${serialNumber} was built at plant ${builtAt}, not ${plantNumber}.` }];
}

const INVENTORY_COLUMNS: readonly InputColumn[] = [
  ['serial_number', 'text'],
  ['retailer_number', 'text'],
  ['plant_number', 'text'],
  ['stock_number', 'text'],
  ['type', 'text'],
  ['tdes', 'text'],
  ['model_number', 'text'],
  ['model_name', 'text'],
  ['invoice_amount', 'numeric'],
  ['reg', 'text'],
  ['owner', 'text'],
  ['wso', 'text'],
  ['stocked_date', 'date'],
  ['sales_date', 'date'],
  ['po_number', 'text'],
];
const names = (columns: readonly InputColumn[]) => columns.map(([name]) => name);

/**
 * Inventory homes by serial number. A changed home moves its sync position (migration 0008's triggers): the devices
 * that keep the inventory list get it, and a home moved to another retailer's stock reaches the first retailer's
 * devices as removed.
 */
export const inventoryKind = defineKind<InventoryImportRow, InventoryReferences>({
  description: "Homes in retailers' stock (inventory) by serial number.",
  columns: INVENTORY_IMPORT_COLUMNS,
  schema: InventoryImportRow,
  keyField: 'serialNumber',
  keyOf: (row) => row.serialNumber,
  loadReferences: async (db) => ({
    retailers: new Set(
      (await db.select({ retailerNumber: t.retailers.retailerNumber }).from(t.retailers)).map((retailer) => retailer.retailerNumber),
    ),
    plants: new Set((await db.select({ plantNumber: t.plants.plantNumber }).from(t.plants)).map((plant) => plant.plantNumber)),
    homes: await homePlants(db),
  }),
  check: (row, { refs }) => {
    const issues: RowIssue[] = [];
    if (!refs.retailers.has(row.retailerNumber))
      issues.push({ field: 'retailerNumber', message: doesNotExist('retailer', row.retailerNumber) });
    if (!refs.plants.has(row.plantNumber)) issues.push({ field: 'plantNumber', message: doesNotExist('plant', row.plantNumber) });
    issues.push(...wrongPlantOfHome(refs.homes, 'serialNumber', row.serialNumber, row.plantNumber));
    return issues;
  },
  write: async (db, rows) => {
    const written = await upsertRows(
      db,
      {
        table: 'inventory_homes',
        input: INVENTORY_COLUMNS,
        insert: names(INVENTORY_COLUMNS),
        conflict: '("serial_number")',
        update: names(INVENTORY_COLUMNS).filter((name) => name !== 'serial_number'),
        key: 'target.serial_number',
      },
      rows.map((row) => ({
        serial_number: row.serialNumber,
        retailer_number: row.retailerNumber,
        plant_number: row.plantNumber,
        stock_number: row.stockNumber,
        type: row.type,
        tdes: row.sectionsDescription,
        model_number: row.modelNumber,
        model_name: row.modelName,
        invoice_amount: row.invoiceAmount,
        reg: row.registrationState,
        owner: row.owner,
        wso: row.wso,
        stocked_date: row.stockedDate,
        sales_date: row.salesDate ?? null,
        po_number: row.poNumber,
      })),
    );
    return countWrites(written);
  },
});
