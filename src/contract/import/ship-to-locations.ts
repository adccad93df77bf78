import * as v from 'valibot';
import { digitsCell, importColumns, integerCell, optional, required, SMALLINT_MAX, stateCell, textCell, zipCodeCell } from './cells';

/*
 * Import kind `ship-to-locations`: where a retailer has parts shipped (spec 3 §3 Ship-to location), by retailer number
 * and position: the retail center itself at position 1, then a second lot or a warehouse. The parts order screen
 * offers them in that order.
 */

/** A parts order keeps both address lines as one street line of at most this many characters (contract/parts-orders.ts). */
export const SHIP_TO_STREET_MAX = 120;

const shipToColumns = {
  retailerNumber: required(digitsCell(10)),
  /** 1 for the retail center itself, then 2, 3…: the order the parts order screen offers them in. */
  position: required(integerCell(1, SMALLINT_MAX)),
  /** The name the screen shows, e.g. Valley View Homes - Lot 2. */
  name: required(textCell(80)),
  address1: required(textCell(80)),
  address2: optional(textCell(80), ''),
  city: required(textCell(60)),
  state: required(stateCell),
  zipCode: required(zipCodeCell),
};

export const ShipToLocationImportRow = v.pipe(
  v.object(shipToColumns),
  v.forward(
    v.check(
      (row) => [row.address1, row.address2].filter(Boolean).join(' ').length <= SHIP_TO_STREET_MAX,
      `address1 and address2 together can be no longer than ${SHIP_TO_STREET_MAX} characters.`,
    ),
    ['address2'],
  ),
);
export type ShipToLocationImportRow = v.InferOutput<typeof ShipToLocationImportRow>;
export const SHIP_TO_LOCATION_IMPORT_COLUMNS = importColumns(shipToColumns);
