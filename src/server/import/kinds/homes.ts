import { ownerAddressLine } from '../../../contract';
import { formatPhoneDigits, HOME_IMPORT_COLUMNS, HomeImportRow } from '../../../contract/import';
import * as t from '../../db/schema';
import { defineKind, doesNotExist, type RowIssue } from '../kind';
import { countWrites, upsertRows, type InputColumn } from '../write';

interface HomeReferences {
  plants: Set<string>;
  retailers: Set<string>;
}

/** The home's own columns, which every row writes. */
const HOME_COLUMNS: readonly InputColumn[] = [
  ['serial_number', 'text'],
  ['plant_number', 'text'],
  ['retailer_number', 'text'],
  ['model_number', 'text'],
  ['model_name', 'text'],
  ['sections', 'smallint'],
  ['square_footage', 'integer'],
  ['bedrooms', 'smallint'],
  ['bathrooms', 'smallint'],
  ['manufactured_date', 'date'],
  ['sold_date', 'date'],
  ['address1', 'text'],
  ['city', 'text'],
  ['state', 'text'],
  ['zip_code', 'text'],
];
/** The homeowner the home carries a copy of (the warranty card is where it is kept), written by rows with a warranty status. */
const HOMEOWNER_COLUMNS: readonly InputColumn[] = [
  ['homeowner_first_name', 'text'],
  ['homeowner_last_name', 'text'],
  ['homeowner_email', 'text'],
  ['homeowner_phone', 'text'],
];
const CARD_COLUMNS: readonly InputColumn[] = [
  ['status_code', 'text'],
  ['first_name', 'text'],
  ['last_name', 'text'],
  ['middle_initial', 'text'],
  ['suffix', 'text'],
  ['email_address', 'text'],
  ['address1', 'text'],
  ['address2', 'text'],
  ['city', 'text'],
  ['state', 'text'],
  ['zip_code', 'text'],
  ['zip4', 'text'],
  ['area_code', 'text'],
  ['phone_number', 'text'],
  ['cell_area_code', 'text'],
  ['cell_phone_number', 'text'],
  ['sold_date', 'date'],
  ['nps_date', 'date'],
  ['home_address1', 'text'],
  ['home_address2', 'text'],
  ['home_city', 'text'],
  ['home_state', 'text'],
  ['home_zip_code', 'text'],
  ['home_phone_number', 'text'],
  ['home_address', 'text'],
  ['thermal_zone', 'text'],
  ['wind_zone', 'text'],
  ['roof_load', 'text'],
  ['order_number', 'text'],
  ['purchase_order_number', 'text'],
  ['quote_number', 'text'],
  ['vantage_account_id', 'text'],
];
const names = (columns: readonly InputColumn[]) => columns.map(([name]) => name);

const homeRow = (row: HomeImportRow) => ({
  serial_number: row.serialNumber,
  plant_number: row.plantNumber,
  retailer_number: row.retailerNumber,
  model_number: row.modelNumber,
  model_name: row.modelName,
  sections: row.sections,
  square_footage: row.squareFootage,
  bedrooms: row.bedrooms,
  bathrooms: row.bathrooms,
  manufactured_date: row.manufacturedDate,
  sold_date: row.soldDate ?? null,
  address1: row.address1 ?? null,
  city: row.city ?? null,
  state: row.state ?? null,
  zip_code: row.zipCode ?? null,
});

/** As a saved warranty card leaves the home (routes/homeowners.ts copyOwnerToHome): e-mail null when empty, the phone as (865) 555-0123. */
const homeownerRow = (row: HomeImportRow) => ({
  homeowner_first_name: row.ownerFirstName ?? null,
  homeowner_last_name: row.ownerLastName ?? null,
  homeowner_email: row.ownerEmail ?? null,
  homeowner_phone: row.ownerPhone === undefined ? null : formatPhoneDigits(row.ownerPhone),
});

/**
 * The warranty card as the warranty form saves one (spec 3 §4, §5): phones as a 3-digit area code and 7 digits, the
 * home's address in its fields and as one line; the owner's address is their mailing address, or the home's.
 */
function cardRow(row: HomeImportRow) {
  const site = { address1: row.address1 ?? '', city: row.city ?? '', state: row.state ?? '', zipCode: row.zipCode ?? '' };
  const mailedElsewhere = row.ownerAddress1 !== undefined;
  const owner = mailedElsewhere
    ? { address1: row.ownerAddress1 ?? '', city: row.ownerCity ?? '', state: row.ownerState ?? '', zipCode: row.ownerZipCode ?? '' }
    : site;
  const phone = row.ownerPhone ?? '';
  const cell = row.ownerCellPhone ?? '';
  return {
    serial_number: row.serialNumber,
    status_code: row.warrantyStatus,
    first_name: row.ownerFirstName ?? '',
    last_name: row.ownerLastName ?? '',
    middle_initial: row.ownerMiddleInitial ?? '',
    suffix: row.ownerSuffix ?? '',
    email_address: row.ownerEmail ?? '',
    address1: owner.address1,
    address2: mailedElsewhere ? (row.ownerAddress2 ?? '') : '',
    city: owner.city,
    state: owner.state,
    zip_code: owner.zipCode,
    zip4: row.ownerZip4 ?? '',
    area_code: phone.slice(0, 3),
    phone_number: phone.slice(3),
    cell_area_code: cell.slice(0, 3),
    cell_phone_number: cell.slice(3),
    sold_date: row.soldDate ?? null,
    nps_date: row.npsDate ?? null,
    home_address1: site.address1,
    home_address2: '',
    home_city: site.city,
    home_state: site.state,
    home_zip_code: site.zipCode,
    home_phone_number: row.homePhone ?? '',
    home_address: site.address1 === '' ? '' : ownerAddressLine(site),
    thermal_zone: row.thermalZone ?? '',
    wind_zone: row.windZone ?? '',
    roof_load: row.roofLoad ?? '',
    order_number: row.orderNumber ?? '',
    purchase_order_number: row.purchaseOrderNumber ?? '',
    quote_number: row.quoteNumber ?? '',
    vantage_account_id: row.vantageAccountId ?? '',
  };
}

const homeUpsert = (columns: readonly InputColumn[]) => ({
  table: 'homes',
  input: columns,
  insert: names(columns),
  conflict: '("serial_number")',
  update: names(columns).filter((name) => name !== 'serial_number'),
  onChange: ['"row_version" = target."row_version" + 1'],
  key: 'target.serial_number',
});

/**
 * Homes by serial number, with their homeowner and warranty card. A row with a warrantyStatus writes the homeowner (on
 * the home and on its card, one card per home); a row without one leaves the home's homeowner and card as they are.
 * A changed home or card moves its sync position (migration 0007's triggers), so devices that keep the homeowner
 * list get it, and a home moved to another retailer reaches the first retailer's devices as removed.
 */
export const homesKind = defineKind<HomeImportRow, HomeReferences>({
  description: 'Homes by serial number, with their homeowner and warranty card.',
  columns: HOME_IMPORT_COLUMNS,
  schema: HomeImportRow,
  keyField: 'serialNumber',
  keyOf: (row) => row.serialNumber,
  loadReferences: async (db) => ({
    plants: new Set((await db.select({ plantNumber: t.plants.plantNumber }).from(t.plants)).map((plant) => plant.plantNumber)),
    retailers: new Set(
      (await db.select({ retailerNumber: t.retailers.retailerNumber }).from(t.retailers)).map((retailer) => retailer.retailerNumber),
    ),
  }),
  check: (row, { refs }) => {
    const issues: RowIssue[] = [];
    if (!refs.plants.has(row.plantNumber)) issues.push({ field: 'plantNumber', message: doesNotExist('plant', row.plantNumber) });
    if (!refs.retailers.has(row.retailerNumber))
      issues.push({ field: 'retailerNumber', message: doesNotExist('retailer', row.retailerNumber) });
    return issues;
  },
  write: async (db, rows) => {
    const owned = rows.filter((row) => row.warrantyStatus !== undefined);
    const unowned = rows.filter((row) => row.warrantyStatus === undefined);
    const homesWritten = [
      ...(await upsertRows(db, homeUpsert(HOME_COLUMNS), unowned.map(homeRow))),
      ...(await upsertRows(
        db,
        homeUpsert([...HOME_COLUMNS, ...HOMEOWNER_COLUMNS]),
        owned.map((row) => ({ ...homeRow(row), ...homeownerRow(row) })),
      )),
    ];
    const cardsWritten = await upsertRows(
      db,
      {
        table: 'warranty_cards',
        input: [['serial_number', 'text'], ...CARD_COLUMNS],
        insert: [['home_id', 'homes.id'], ...names(CARD_COLUMNS)],
        from: 'JOIN homes ON homes.serial_number = input.serial_number',
        conflict: '("home_id")',
        update: names(CARD_COLUMNS),
        onChange: ['"row_version" = target."row_version" + 1', '"updated_at" = now()'],
        key: '(SELECT serial_number FROM homes WHERE homes.id = target.home_id)',
      },
      owned.map(cardRow),
    );
    return countWrites(
      homesWritten,
      cardsWritten.map((card) => card.key),
    );
  },
});
