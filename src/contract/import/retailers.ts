import * as v from 'valibot';
import {
  booleanCell,
  choiceCell,
  digitsCell,
  importColumns,
  INTEGER_MAX,
  integerCell,
  listCell,
  optional,
  phoneCell,
  required,
  stateCell,
  textCell,
  timeZoneCell,
  withZoneOfAddress,
  zipCodeCell,
} from './cells';

/** Import kind `retailers`: retail centers (spec 1 §3 Retailer) with their homeowner-portal metadata and the plants that serve them. */
const retailerColumns = {
  retailerNumber: required(digitsCell(10)),
  name: required(textCell(60)),
  /** C company-owned, I independent (spec 1 §9). */
  retailerType: required(choiceCell(['C', 'I'])),
  address1: optional(textCell(60), ''),
  city: required(textCell(40)),
  state: required(stateCell),
  zipCode: optional(zipCodeCell, ''),
  /** Its IANA time zone, whose day its records are dated by; empty: the zone its state and ZIP code tell. */
  timeZone: optional(timeZoneCell),
  phone: optional(phoneCell),
  webEnabled: optional(booleanCell, true),
  partnerPortal: optional(booleanCell, false),
  portalMetadataId: optional(integerCell(1, INTEGER_MAX)),
  developerName: optional(textCell(60), ''),
  businessUnit: optional(textCell(60), ''),
  businessUnitNumber: optional(textCell(20), ''),
  deployWorkflow: optional(booleanCell, false),
  deployDispatch: optional(booleanCell, false),
  deployPortal: optional(booleanCell, false),
  /** The plants that serve the retail center (My Facilities, My Plants). */
  plants: optional(listCell(digitsCell(6)), []),
};

export const RetailerImportRow = withZoneOfAddress(v.object(retailerColumns));
export type RetailerImportRow = v.InferOutput<typeof RetailerImportRow>;
export const RETAILER_IMPORT_COLUMNS = importColumns(retailerColumns);
