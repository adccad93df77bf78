import { NPS_RESPONSE_IMPORT_COLUMNS, NpsResponseImportRow } from '../../../contract/import';
import * as t from '../../db/schema';
import { defineKind, doesNotExist, type RowIssue } from '../kind';
import { countWrites, upsertRows, type InputColumn } from '../write';
import { homePlants, wrongPlantOfHome } from './inventory';

interface NpsReferences {
  retailers: Set<string>;
  plants: Set<string>;
  homes: Map<string, string>;
}

const NPS_COLUMNS: readonly InputColumn[] = [
  ['serial_number', 'text'],
  ['six_month_complete_date', 'date'],
  ['retailer_number', 'text'],
  ['plant_number', 'text'],
  ['recommend', 'smallint'],
  ['customer_first_name', 'text'],
  ['customer_last_name', 'text'],
  ['comments', 'text'],
];
const names = (columns: readonly InputColumn[]) => columns.map(([name]) => name);
const npsKey = (row: { serialNumber: string; sixMonthCompleteDate: string }) => `${row.serialNumber} ${row.sixMonthCompleteDate}`;

/**
 * Completed NPS calls by serial number and completion day. A call about a home on file is linked to it (as the
 * seeded calls are: the NPS detail's vantageAssetId); one about a home sold before the homes on file is kept without.
 */
export const npsResponsesKind = defineKind<NpsResponseImportRow, NpsReferences>({
  description: 'Completed six-month NPS calls by serial number and day.',
  columns: NPS_RESPONSE_IMPORT_COLUMNS,
  schema: NpsResponseImportRow,
  keyField: 'serialNumber',
  keyOf: npsKey,
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
        table: 'nps_responses',
        input: NPS_COLUMNS,
        insert: [...names(NPS_COLUMNS), ['home_id', '(SELECT homes.id FROM homes WHERE homes.serial_number = input.serial_number)']],
        conflict: '("serial_number", "six_month_complete_date")',
        // home_id too: a call imported before its home is linked by the next import after the home's.
        update: [...names(NPS_COLUMNS).filter((name) => name !== 'serial_number' && name !== 'six_month_complete_date'), 'home_id'],
        key: `target.serial_number || ' ' || target.six_month_complete_date::text`,
      },
      rows.map((row) => ({
        serial_number: row.serialNumber,
        six_month_complete_date: row.sixMonthCompleteDate,
        retailer_number: row.retailerNumber,
        plant_number: row.plantNumber,
        recommend: row.recommend,
        customer_first_name: row.customerFirstName,
        customer_last_name: row.customerLastName,
        comments: row.comments,
      })),
    );
    return countWrites(written);
  },
});
