import { SHIP_TO_LOCATION_IMPORT_COLUMNS, ShipToLocationImportRow } from '../../../contract/import';
import * as t from '../../db/schema';
import { defineKind, doesNotExist } from '../kind';
import { countWrites, upsertRows } from '../write';

const keyOf = (retailerNumber: string, position: number) => `${retailerNumber}/${position}`;

/**
 * Ship-to locations by retailer number and position (retailer_ship_to_locations). The parts order screen reads them
 * fresh on every visit (routes/parts-orders.ts), so a changed location reaches devices with the next load; a parts
 * order keeps the address it was given, as it does when a location is changed in any other way.
 */
export const shipToLocationsKind = defineKind<ShipToLocationImportRow, { retailers: Set<string> }>({
  description: 'Where retailers have parts shipped, by retailer number and position (1: the retail center).',
  columns: SHIP_TO_LOCATION_IMPORT_COLUMNS,
  schema: ShipToLocationImportRow,
  keyField: 'position',
  keyOf: (row) => keyOf(row.retailerNumber, row.position),
  loadReferences: async (db) => ({
    retailers: new Set(
      (await db.select({ retailerNumber: t.retailers.retailerNumber }).from(t.retailers)).map((retailer) => retailer.retailerNumber),
    ),
  }),
  check: (row, { refs }) =>
    refs.retailers.has(row.retailerNumber) ? [] : [{ field: 'retailerNumber', message: doesNotExist('retailer', row.retailerNumber) }],
  write: async (db, rows) =>
    countWrites(
      await upsertRows(
        db,
        {
          table: 'retailer_ship_to_locations',
          input: [
            ['retailer_number', 'text'],
            ['position', 'smallint'],
            ['name', 'text'],
            ['address1', 'text'],
            ['address2', 'text'],
            ['city', 'text'],
            ['state', 'text'],
            ['zip_code', 'text'],
          ],
          insert: ['retailer_number', 'position', 'name', 'address1', 'address2', 'city', 'state', 'zip_code'],
          conflict: '("retailer_number", "position")',
          update: ['name', 'address1', 'address2', 'city', 'state', 'zip_code'],
          key: `target.retailer_number || '/' || target.position`,
        },
        rows.map((row) => ({
          retailer_number: row.retailerNumber,
          position: row.position,
          name: row.name,
          address1: row.address1,
          address2: row.address2,
          city: row.city,
          state: row.state,
          zip_code: row.zipCode,
        })),
      ),
    ),
});
