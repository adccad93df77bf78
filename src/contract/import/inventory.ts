import * as v from 'valibot';
import { choiceCell, dateCell, digitsCell, importColumns, optional, required, stateCell, textCell } from './cells';
import { homeSerialCell } from './orders';
import { amountCell } from './quotes';

/*
 * Import kind `inventory`: the homes in retailers' stock by serial number (spec 2 §3 Inventory item). A home is in
 * one retailer's stock at a time: a row naming another retailer moves it there.
 */

export const INVENTORY_TYPES = ['New', 'Used'] as const;

const inventoryColumns = {
  serialNumber: required(homeSerialCell(40)),
  retailerNumber: required(digitsCell(10)),
  /** The plant that built it. */
  plantNumber: required(digitsCell(6)),
  /** The retailer's stock number. */
  stockNumber: required(textCell(20)),
  type: required(choiceCell(INVENTORY_TYPES)),
  /** The sections as the list shows them, e.g. Single, Double, Triple. */
  sectionsDescription: required(textCell(20)),
  modelNumber: required(textCell(20)),
  modelName: required(textCell(60)),
  invoiceAmount: optional(amountCell, 0),
  /** The registration (title) state. */
  registrationState: optional(stateCell, ''),
  /** Who holds title: the retailer or its floor-plan lender. */
  owner: optional(textCell(60), ''),
  /** The work-sheet order number. */
  wso: optional(textCell(20), ''),
  /** The day the home came into stock; its age counts from it. */
  stockedDate: required(dateCell),
  salesDate: optional(dateCell),
  poNumber: optional(textCell(20), ''),
};

export const InventoryImportRow = v.pipe(
  v.object(inventoryColumns),
  v.forward(
    v.check((home) => home.salesDate === undefined || home.salesDate >= home.stockedDate, 'Must be on or after the stocked date.'),
    ['salesDate'],
  ),
);
export type InventoryImportRow = v.InferOutput<typeof InventoryImportRow>;
export const INVENTORY_IMPORT_COLUMNS = importColumns(inventoryColumns);
