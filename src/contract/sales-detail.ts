import * as v from 'valibot';

/*
 * Order, quote and home invoice detail (spec 2 §2, §3 Order detail, §7 Detail reports). GET {api}/Reports/Sales/
 * ?plantNumber&quoteNumber&orderNumber answers an order's detail (orderNumber given) or a quote's (orderNumber '0' or
 * empty); ?serialNumber answers the home invoice. Prices are zero unless the user is a price viewer (View_Pricing):
 * the server leaves them out, the Show Pricing toggle only shows what was sent. Unlike the lists (orders, leads,
 * inventory), where a price viewer's fields are absent for anyone else, a report keeps its money fields as zeros and
 * says so in `pricingIncluded`: its screen decides from that flag alone whether there is a pricing section to show,
 * and its every row has the same shape. GET {api}/reports/homeInvoice/pricing
 * ?dealerNumber&facilityNumber&quoteNumber is the invoice with pricing as a PDF (403 without View_Pricing).
 */

export const SalesOption = v.object({
  optionNumber: v.string(),
  optionDesc: v.string(),
  optionQty: v.number(),
  optionPrice: v.number(),
});
export type SalesOption = v.InferOutput<typeof SalesOption>;

export const SalesCategory = v.object({
  categoryDesc: v.string(),
  categorySeq: v.number(),
  categoryID: v.number(),
  plantNumber: v.string(),
  options: v.array(SalesOption),
});
export type SalesCategory = v.InferOutput<typeof SalesCategory>;

export const SalesSummary = v.object({
  baseCostOfHome: v.number(),
  surchargeAmount: v.number(),
  optionsTotal: v.number(),
  shippingHandlingDestCharges: v.number(),
  freightCharge: v.number(),
  associationDues: v.number(),
  mhiDues: v.number(),
  vipAmount: v.number(),
  partnerAssistanceAmount: v.number(),
});
export type SalesSummary = v.InferOutput<typeof SalesSummary>;

/** spec 2 §3 Order detail (the same shape for a quote and a home invoice). */
export const SalesDetail = v.object({
  retailCustomer: v.string(),
  address1: v.string(),
  brandCode: v.string(),
  /** The logo's key (lib/formats brandLogo): 'default' when the brand has none. */
  brandLogo: v.string(),
  modelDesc: v.string(),
  modelNumber: v.string(),
  fullSerialNumber: v.string(),
  serialNumber: v.string(),
  quoteNumber: v.string(),
  quoteDate: v.string(),
  orderNumber: v.string(),
  orderDate: v.string(),
  orderedBy: v.string(),
  squareFootage: v.number(),
  poNumber: v.string(),
  salesRep: v.string(),
  salesNote: v.string(),
  to: v.string(),
  dba: v.string(),
  financedBy: v.string(),
  runNumber: v.string(),
  phone: v.string(),
  fax: v.string(),
  invoiceTotalAmount: v.number(),
  /** Whether prices were sent (the user is a price viewer). */
  pricingIncluded: v.boolean(),
  plantNumber: v.string(),
  retailerNumber: v.string(),
  summary: SalesSummary,
  categoryDetails: v.array(SalesCategory),
});
export type SalesDetail = v.InferOutput<typeof SalesDetail>;

const Digits = (name: string, max: number) => v.pipe(v.string(), v.regex(new RegExp(`^\\d{1,${max}}$`), `${name} must be digits.`));
const Serial = v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,30}$/, 'serialNumber must be a serial number.'));

export const SalesDetailQuery = v.union([
  v.object({ serialNumber: Serial }),
  v.object({
    plantNumber: Digits('plantNumber', 6),
    quoteNumber: Digits('quoteNumber', 12),
    orderNumber: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{0,20}$/, 'orderNumber must be an order number.'))),
  }),
]);

export const InvoicePdfQuery = v.object({
  dealerNumber: Digits('dealerNumber', 10),
  facilityNumber: Digits('facilityNumber', 6),
  quoteNumber: Digits('quoteNumber', 12),
});

/** spec 2 §2: scroll offset 60, plus 25 for jump-to anchors. */
export const DETAIL_SCROLL_OFFSET = 60;
export const DETAIL_ANCHOR_EXTRA_OFFSET = 25;

export const SALES_DETAIL_MESSAGES = {
  notFound: 'The report was not found.',
  invoiceNotAuthorized: 'Could not download invoice: Not authorized',
  invoiceUnexpected: 'Could not download invoice: An unexpected error occurred.',
} as const;
