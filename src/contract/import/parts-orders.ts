import * as v from 'valibot';
import { PARTS_ORDER_STATUSES, SHIP_TO_TYPES, STAGED_ORDER_STATUS } from '../parts-orders';
import {
  choiceCell,
  dateCell,
  digitsCell,
  emailCell,
  importColumns,
  integerCell,
  INTEGER_MAX,
  optional,
  required,
  stateCell,
  textCell,
  zipCodeCell,
} from './cells';
import { jsonCell } from './quotes';
import { SHIP_TO_STREET_MAX } from './ship-to-locations';
import { PartsItemImport, serialNumberCell, WORK_ORDER_ITEMS_MAX } from './work-orders';

/*
 * Import kind `parts-orders`: submitted parts orders of a source system (spec 3 §3 Parts order), with their items,
 * receipts (each item's received date and correct mark) and shipping (carrier, tracking number, expected ship day,
 * ship-to address). Natural key: the plant number and the parts log number. A staged order (status Active) is a
 * draft on a retailer's device, which no source system has: refused.
 */

/** Every status but the staged one. */
export const IMPORTED_PARTS_ORDER_STATUSES = PARTS_ORDER_STATUSES.filter((status) => status !== STAGED_ORDER_STATUS);

const partsOrderColumns = {
  plantNumber: required(digitsCell(6)),
  /** The source's parts log number at the plant, e.g. 045112. Digits at or above WORK_ORDER_NUMBER_START's… see docs/import.md. */
  partsLogNumber: required(textCell(20, { pattern: [/^[A-Za-z0-9-]+$/, 'Must be letters, digits or dashes.'] })),
  retailerNumber: required(digitsCell(10)),
  /** A customer order's home, which must be on file at the plant; empty: a stock order (serial 999999). */
  serialNumber: optional(serialNumberCell),
  /** The work order (its workOrderId) the parts were ordered for, which must be on file; default none. */
  workOrderId: optional(integerCell(1, INTEGER_MAX)),
  status: required(choiceCell(IMPORTED_PARTS_ORDER_STATUSES)),
  orderDate: required(dateCell),
  expectedShipDate: optional(dateCell),
  /** The carrier, e.g. UPS Ground. */
  viaDescription: optional(textCell(60), ''),
  trackingNumber: optional(textCell(60), ''),
  /** Retailer (a ship-to location of the retailer) or Home Address; default Retailer. */
  shipToType: optional(choiceCell(SHIP_TO_TYPES), 'Retailer'),
  shipToName: required(textCell(80)),
  shipToStreet: optional(textCell(SHIP_TO_STREET_MAX), ''),
  shipToCity: optional(textCell(60), ''),
  shipToState: optional(stateCell, ''),
  shipToZipCode: optional(zipCodeCell, ''),
  /** Where the plant mails about the order; default none. */
  serviceEmail: optional(emailCell(254), ''),
  /** 1 to 200 parts items. */
  items: required(
    jsonCell(
      v.pipe(
        v.array(PartsItemImport, 'Must be a list of parts items.'),
        v.minLength(1, 'A submitted parts order has at least one item.'),
        v.maxLength(WORK_ORDER_ITEMS_MAX, `Can have at most ${WORK_ORDER_ITEMS_MAX} parts items.`),
      ),
    ),
  ),
};

export const PartsOrderImportRow = v.pipe(
  v.object(partsOrderColumns),
  v.forward(
    v.check((row) => row.expectedShipDate === undefined || row.expectedShipDate >= row.orderDate, 'Must be on or after the order date.'),
    ['expectedShipDate'],
  ),
  v.forward(
    v.check((row) => row.shipToType !== 'Home Address' || row.serialNumber !== undefined, 'A stock order ships to a retailer.'),
    ['shipToType'],
  ),
);
export type PartsOrderImportRow = v.InferOutput<typeof PartsOrderImportRow>;
export const PARTS_ORDER_IMPORT_COLUMNS = importColumns(partsOrderColumns);
