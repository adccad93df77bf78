import * as v from 'valibot';
import {
  decimalCell,
  digitsCell,
  emailCell,
  importColumns,
  optional,
  phoneCell,
  required,
  stateCell,
  textCell,
  timeZoneCell,
  urlCell,
  withZoneOfAddress,
  zipCodeCell,
} from './cells';

/** A service rate of numeric(12, 2). */
const rateCell = optional(decimalCell(0, 9_999_999_999.99, 2));

/** Import kind `plants`: plants, which the spec also calls facilities (spec 1 §3 Facility), with their service rates (spec 3 §3). */
const plantColumns = {
  plantNumber: required(digitsCell(6)),
  name: required(textCell(60)),
  /** The name on printed documents; the name when empty. */
  printName: optional(textCell(100)),
  /** The first three letters of every serial number built at the plant. */
  serialPrefix: required(
    v.pipe(
      textCell(3, { pattern: [/^[A-Za-z]{3}$/, 'Must be three letters.'] }),
      v.transform((prefix) => prefix.toUpperCase()),
    ),
  ),
  marketingUrlRetail: optional(urlCell(300), ''),
  marketingUrlIndependent: optional(urlCell(300), ''),
  address1: optional(textCell(60), ''),
  city: required(textCell(40)),
  state: required(stateCell),
  zipCode: optional(zipCodeCell, ''),
  /** Its IANA time zone, whose day its records are dated by; empty: the zone its state and ZIP code tell. */
  timeZone: optional(timeZoneCell),
  phone: optional(phoneCell),
  email: optional(emailCell(100), ''),
  mileageRate: rateCell,
  oneManServiceRate: rateCell,
  twoManServiceRate: rateCell,
  driverRate: rateCell,
};

export const PlantImportRow = withZoneOfAddress(v.object(plantColumns));
export type PlantImportRow = v.InferOutput<typeof PlantImportRow>;
export const PLANT_IMPORT_COLUMNS = importColumns(plantColumns);
export const PLANT_RATE_COLUMNS = ['mileageRate', 'oneManServiceRate', 'twoManServiceRate', 'driverRate'] as const;
