import * as v from 'valibot';
import { dateCell, digitsCell, importColumns, INTEGER_MAX, integerCell, optional, phoneCell, required, textCell } from './cells';
import { amountCell } from './quotes';

/*
 * Import kind `orders`: sales orders by order number (spec 2 §3 Order), each placed from a quote (import `quotes`
 * first), whose latest revision the order's detail report shows.
 */

/** A home's serial number, e.g. CLW031200TNA, as the homes kind takes it: letters, digits, dashes, stored in capitals. */
export const homeSerialCell = (max: number) =>
  v.pipe(
    textCell(max, { pattern: [/^[A-Za-z0-9-]+$/, 'Must be letters, digits or dashes.'] }),
    v.transform((serial) => serial.toUpperCase()),
  );

/** The order's HUD label columns, left to right, as the orders list names them (spec 2 §3). */
export const HUD_LABEL_COLUMNS = [
  'hudLabelLeft',
  'hudLabelRight',
  'hudLabelTriple',
  'hudLabel4',
  'hudLabel5',
  'hudLabel6',
  'hudLabel7',
  'hudLabel8',
] as const;

const hudLabelCell = optional(textCell(20), '');
const optionalText = (max: number) => optional(textCell(max), '');

const orderColumns = {
  /** Letters, digits or dashes, e.g. 910-120400 (what copying an order into Build A Quote takes). */
  orderNumber: required(textCell(20, { pattern: [/^[A-Za-z0-9-]+$/, 'Must be letters, digits or dashes.'] })),
  /** The quote the order was placed from: of the same retailer and plant. */
  quoteNumber: required(digitsCell(12)),
  retailerNumber: required(digitsCell(10)),
  plantNumber: required(digitsCell(6)),
  customer: required(textCell(100)),
  modelNumber: required(textCell(20)),
  modelDesc: required(textCell(100)),
  /** The short serial number (plant prefix and six digits, e.g. CLW031200); empty until the home is built. */
  serialNumber: optional(homeSerialCell(30), ''),
  /** The full serial number, e.g. CLW031200TNA. */
  longSerialNumber: optional(homeSerialCell(30), ''),
  orderDate: required(dateCell),
  shippedDate: optional(dateCell),
  /** e.g. Ordered, In Production, Scheduled, Shipped, Delivered. */
  status: required(textCell(40)),
  /** The customer sales manager (CSM). */
  csm: optionalText(60),
  scheduledProductionDate: optional(dateCell),
  yardDate: optional(dateCell),
  scheduledOfflineDate: optional(dateCell),
  estimatedOfflineWeekOf: optional(dateCell),
  scheduledShipDate: optional(dateCell),
  hudLabelLeft: hudLabelCell,
  hudLabelRight: hudLabelCell,
  hudLabelTriple: hudLabelCell,
  hudLabel4: hudLabelCell,
  hudLabel5: hudLabelCell,
  hudLabel6: hudLabelCell,
  hudLabel7: hudLabelCell,
  hudLabel8: hudLabelCell,
  quoteCreator: optionalText(100),
  firstValidation: optional(dateCell),
  secondRsoValidation: optional(dateCell),
  docsReceived: optional(dateCell),
  purchaseOrderNumber: optionalText(20),
  basePrice: optional(amountCell, 0),
  optionPrice: optional(amountCell, 0),
  squareFootage: optional(integerCell(0, INTEGER_MAX), 0),
  invoiceTotal: optional(amountCell, 0),
  /** The detail report's header (spec 2 §3 Order detail). */
  orderedBy: optionalText(100),
  salesRep: optionalText(60),
  salesNote: optional(textCell(500, { multiline: true }), ''),
  /** The customer the home is sold to; the report shows `customer` when empty. */
  soldTo: optionalText(100),
  address1: optionalText(80),
  /** The retailer's trading name; the retailer's name when empty. */
  dba: optional(textCell(60)),
  financedBy: optionalText(60),
  runNumber: optionalText(20),
  phone: optional(phoneCell, ''),
  fax: optional(phoneCell, ''),
};

export const OrderImportRow = v.pipe(
  v.object(orderColumns),
  v.forward(
    v.check((order) => order.shippedDate === undefined || order.shippedDate >= order.orderDate, 'Must be on or after the order date.'),
    ['shippedDate'],
  ),
);
export type OrderImportRow = v.InferOutput<typeof OrderImportRow>;
export const ORDER_IMPORT_COLUMNS = importColumns(orderColumns);
