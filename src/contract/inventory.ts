import * as v from 'valibot';

/**
 * spec 2 §3 Inventory item (the spec shows no screen; ours is a sortable, searchable list). GET {api}/Inventory answers
 * the retailer's (or a plant user's facilities') stock; delta sync as every kept list, rows named by `inventoryId`.
 * `serailNumber` is spelt as the spec spells it. `age` is days in stock, counted on the server's day of answering.
 * `invoiceAmount` is answered to price viewers only (View_Pricing, spec 2 §6), and absent for anyone else.
 */
export const InventoryItem = v.object({
  inventoryId: v.number(),
  plantNumber: v.string(),
  plantName: v.string(),
  type: v.string(),
  tdes: v.string(),
  reg: v.string(),
  retailerNumber: v.string(),
  serailNumber: v.string(),
  invoiceAmount: v.optional(v.number()),
  stockNumber: v.string(),
  modelNumber: v.string(),
  modelName: v.string(),
  owner: v.string(),
  wso: v.string(),
  /** The day the home came into stock; `age` counts from it. */
  stockedDate: v.string(),
  age: v.number(),
  salesDate: v.string(),
  poNumber: v.string(),
});
export type InventoryItem = v.InferOutput<typeof InventoryItem>;
