import { formatPhoneDigits, PLANT_IMPORT_COLUMNS, PLANT_RATE_COLUMNS, PlantImportRow } from '../../../contract/import';
import { defineKind } from '../kind';
import { countWrites, upsertRows } from '../write';

/** Plants (facilities) by plant number; a row with any service rate also writes the plant's rates (the others 0). */
export const plantsKind = defineKind<PlantImportRow>({
  description: 'Plants (facilities): name, serial prefix, address, marketing links, service rates.',
  columns: PLANT_IMPORT_COLUMNS,
  schema: PlantImportRow,
  keyField: 'plantNumber',
  keyOf: (row) => row.plantNumber,
  write: async (db, rows) => {
    const written = await upsertRows(
      db,
      {
        table: 'plants',
        input: [
          ['plant_number', 'text'],
          ['name', 'text'],
          ['print_name', 'text'],
          ['serial_prefix', 'text'],
          ['marketing_url_retail', 'text'],
          ['marketing_url_independent', 'text'],
          ['address1', 'text'],
          ['city', 'text'],
          ['state', 'text'],
          ['zip_code', 'text'],
          ['time_zone', 'text'],
          ['phone', 'text'],
          ['email', 'text'],
        ],
        insert: [
          'plant_number',
          'name',
          'print_name',
          'serial_prefix',
          'marketing_url_retail',
          'marketing_url_independent',
          'address1',
          'city',
          'state',
          'zip_code',
          'time_zone',
          'phone',
          'email',
        ],
        conflict: '("plant_number")',
        update: [
          'name',
          'print_name',
          'serial_prefix',
          'marketing_url_retail',
          'marketing_url_independent',
          'address1',
          'city',
          'state',
          'zip_code',
          'time_zone',
          'phone',
          'email',
        ],
        key: 'target.plant_number',
      },
      rows.map((row) => ({
        plant_number: row.plantNumber,
        name: row.name,
        print_name: row.printName ?? row.name,
        serial_prefix: row.serialPrefix,
        marketing_url_retail: row.marketingUrlRetail,
        marketing_url_independent: row.marketingUrlIndependent,
        address1: row.address1,
        city: row.city,
        state: row.state,
        zip_code: row.zipCode,
        time_zone: row.timeZone,
        phone: row.phone === undefined ? '' : formatPhoneDigits(row.phone),
        email: row.email,
      })),
    );
    const withRates = rows.filter((row) => PLANT_RATE_COLUMNS.some((column) => row[column] !== undefined));
    const ratesWritten = await upsertRows(
      db,
      {
        table: 'plant_service_rates',
        input: [
          ['plant_number', 'text'],
          ['mileage_rate', 'numeric'],
          ['one_man_service_rate', 'numeric'],
          ['two_man_service_rate', 'numeric'],
          ['driver_rate', 'numeric'],
        ],
        insert: ['plant_number', 'mileage_rate', 'one_man_service_rate', 'two_man_service_rate', 'driver_rate'],
        conflict: '("plant_number")',
        update: ['mileage_rate', 'one_man_service_rate', 'two_man_service_rate', 'driver_rate'],
        key: 'target.plant_number',
      },
      withRates.map((row) => ({
        plant_number: row.plantNumber,
        mileage_rate: row.mileageRate ?? 0,
        one_man_service_rate: row.oneManServiceRate ?? 0,
        two_man_service_rate: row.twoManServiceRate ?? 0,
        driver_rate: row.driverRate ?? 0,
      })),
    );
    return countWrites(
      written,
      ratesWritten.map((rate) => rate.key),
    );
  },
});
