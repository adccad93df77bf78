import * as v from 'valibot';

/*
 * Orders (spec 2 §2 Orders list, §3 Order). GET {api}/order answers the user's orders (retailer, or a plant user's
 * facilities); ?longSerialNumber= and ?plantNumber=&serialNumber= narrow it to one home. Delta sync as every kept
 * list; rows are named by `orderId`. Copying an order into Build A Quote is PUT {mchQuoteApi}/copyiseriesquote.
 * basePrice, optionPrice and invoiceTotal are answered to price viewers only (View_Pricing, spec 2 §6); for anyone else
 * they are absent, and a screen shows nothing for them (issue 22 §2).
 */

/** spec 2 §3 Order (list). */
export const SalesOrder = v.object({
  orderId: v.number(),
  orderNumber: v.string(),
  customer: v.string(),
  retailerNumber: v.string(),
  retailerName: v.string(),
  plantNumber: v.string(),
  plantName: v.string(),
  quoteNumber: v.string(),
  modelNumber: v.string(),
  modelDesc: v.string(),
  longSerialNumber: v.string(),
  serialNumber: v.string(),
  orderDate: v.string(),
  shippedDate: v.string(),
  status: v.string(),
  mdm: v.string(),
  scheduledProductionDate: v.string(),
  yardDate: v.string(),
  scheduledOfflineDate: v.string(),
  estimatedOfflineWeekOf: v.string(),
  scheduledShipDate: v.string(),
  hudLabelLeft: v.string(),
  hudLabelRight: v.string(),
  hudLabelTriple: v.string(),
  hudLabel4: v.string(),
  hudLabel5: v.string(),
  hudLabel6: v.string(),
  hudLabel7: v.string(),
  hudLabel8: v.string(),
  quoteCreator: v.string(),
  firstValidation: v.string(),
  secondRSOValidation: v.string(),
  docsReceived: v.string(),
  purchaseOrderNumber: v.string(),
  basePrice: v.optional(v.number()),
  optionPrice: v.optional(v.number()),
  squareFootage: v.number(),
  invoiceTotal: v.optional(v.number()),
});
export type SalesOrder = v.InferOutput<typeof SalesOrder>;

/** Narrowing of GET {api}/order to one home (spec 2 §7). */
export const OrderLookupQuery = v.object({
  longSerialNumber: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,30}$/, 'longSerialNumber must be a serial number.'))),
  plantNumber: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'Plant number must be digits.'))),
  serialNumber: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,30}$/, 'serialNumber must be a serial number.'))),
});

/**
 * PUT {mchQuoteApi}/copyiseriesquote (spec 2 §7): an order, or a quote of the older system, copied into a new Build A
 * Quote quote at today's pricing, without custom options and options no longer available.
 */
export const CopyOrderInput = v.union([
  v.object({
    orderNumber: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,20}$/, 'orderNumber must be an order number.')),
    plantNumber: v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'Plant number must be digits.')),
  }),
  v.object({
    quoteNumber: v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'quoteNumber must be digits.')),
    plantNumber: v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'Plant number must be digits.')),
  }),
]);
export type CopyOrderInput = v.InferOutput<typeof CopyOrderInput>;

export const ORDER_MESSAGES = {
  notFound: 'Order was not found.',
  copyConfirm:
    "Pricing will be reset to today's pricing. Custom options and options no longer available will not be copied. Do you want to continue?",
} as const;
