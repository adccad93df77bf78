import { boolean, date, index, integer, jsonb, pgTable, serial, smallint, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money, stamp, syncXid } from './columns';
import { plants, retailers } from './organisation';
import { users } from './users';

/* Sales (spec 2 §3; issue 11): quotes, orders, leads and prospects, inventory. */

/**
 * A Build A Quote quote (spec 2 §3 Quote). `isMchQuote` is true for BAQ quotes; false marks a quote of the older
 * system, whose id is the characters of `mchQuoteId` after the first four (spec 2 §9). `productLineId` and
 * `modelNumber` are null until chosen (the viewing flow of spec 2 §4). Status 'Active' or 'Deleted' (deleted quotes
 * are kept, hidden from the list). The lock is who has the quote open (server/sales/quotes.ts decides its expiry).
 */
export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    quoteNumber: text('quote_number').notNull().unique(),
    retailerNumber: text('retailer_number')
      .notNull()
      .references(() => retailers.retailerNumber),
    plantNumber: text('plant_number')
      .notNull()
      .references(() => plants.plantNumber),
    productLineId: integer('product_line_id'),
    customer: text('customer').notNull(),
    modelNumber: text('model_number'),
    modelDesc: text('model_desc').notNull().default(''),
    status: text('status').notNull().default('Active'),
    /** The customer sales manager (CSM) handling the quote. */
    mdm: text('mdm').notNull().default(''),
    quoteDate: date('quote_date', { mode: 'string' }).notNull(),
    expirationDate: date('expiration_date', { mode: 'string' }).notNull(),
    revisionDate: date('revision_date', { mode: 'string' }).notNull(),
    isMchQuote: boolean('is_mch_quote').notNull().default(true),
    mchQuoteId: text('mch_quote_id').notNull().default(''),
    isModelActive: boolean('is_model_active').notNull().default(true),
    subOptionsValid: boolean('sub_options_valid').notNull().default(true),
    quoteStatusesId: smallint('quote_statuses_id').notNull().default(0),
    createdBy: text('created_by').notNull().default(''),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    lockedByUserId: integer('locked_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    lockedAt: stamp('locked_at'),
    /** The quote this one was duplicated or copied from, if any. */
    sourceQuoteId: integer('source_quote_id'),
    baseCostOfHome: money('base_cost_of_home'),
    surchargeAmount: money('surcharge_amount'),
    shippingHandlingDestCharges: money('shipping_handling_dest_charges'),
    freightCharge: money('freight_charge'),
    associationDues: money('association_dues'),
    mhiDues: money('mhi_dues'),
    vipAmount: money('vip_amount'),
    partnerAssistanceAmount: money('partner_assistance_amount'),
    squareFootage: integer('square_footage').notNull().default(0),
    brandCode: text('brand_code').notNull().default(''),
    rowVersion: integer('row_version').notNull().default(0),
    createdAt: createdAt(),
    syncXid: syncXid(),
  },
  (t) => [
    index('quotes_retailer_sync_idx').on(t.retailerNumber, t.syncXid, t.id),
    index('quotes_plant_sync_idx').on(t.plantNumber, t.syncXid, t.id),
  ],
);

/** A saved revision of a quote (spec 2 §3 Quote revision); its options are what Compare shows side by side. */
export const quoteRevisions = pgTable(
  'quote_revisions',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    revisionNumber: integer('revision_number').notNull(),
    revisionComments: text('revision_comments').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [unique('quote_revisions_number_key').on(t.quoteId, t.revisionNumber)],
);

/** An option chosen in a revision, under its category (spec 2 §3 Category, Option; Unavailable option). */
export const quoteOptions = pgTable(
  'quote_options',
  {
    id: serial('id').primaryKey(),
    revisionId: integer('revision_id')
      .notNull()
      .references(() => quoteRevisions.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull(),
    categoryDesc: text('category_desc').notNull(),
    categorySeq: smallint('category_seq').notNull(),
    optionNumber: text('option_number').notNull(),
    optionDesc: text('option_desc').notNull(),
    optionQty: integer('option_qty').notNull().default(1),
    optionPrice: money('option_price'),
    /** False when the option is no longer offered at the quote's plant (unavailableoptions). */
    available: boolean('available').notNull().default(true),
    /** Custom options are not copied into a new quote (spec 2 §8 confirmation). */
    custom: boolean('custom').notNull().default(false),
  },
  (t) => [index('quote_options_revision_idx').on(t.revisionId)],
);

/** An order placed from a quote (spec 2 §3 Order); its detail report shows the quote's latest revision. */
export const salesOrders = pgTable(
  'sales_orders',
  {
    id: serial('id').primaryKey(),
    orderNumber: text('order_number').notNull().unique(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id),
    retailerNumber: text('retailer_number')
      .notNull()
      .references(() => retailers.retailerNumber),
    plantNumber: text('plant_number')
      .notNull()
      .references(() => plants.plantNumber),
    customer: text('customer').notNull(),
    modelNumber: text('model_number').notNull(),
    modelDesc: text('model_desc').notNull(),
    serialNumber: text('serial_number').notNull().default(''),
    longSerialNumber: text('long_serial_number').notNull().default(''),
    orderDate: date('order_date', { mode: 'string' }).notNull(),
    shippedDate: date('shipped_date', { mode: 'string' }),
    status: text('status').notNull(),
    mdm: text('mdm').notNull().default(''),
    scheduledProductionDate: date('scheduled_production_date', { mode: 'string' }),
    yardDate: date('yard_date', { mode: 'string' }),
    scheduledOfflineDate: date('scheduled_offline_date', { mode: 'string' }),
    estimatedOfflineWeekOf: date('estimated_offline_week_of', { mode: 'string' }),
    scheduledShipDate: date('scheduled_ship_date', { mode: 'string' }),
    /** HUD label numbers: left, right, triple, 4 to 8 (spec 2 §3), in that order; '' when the home has fewer sections. */
    hudLabels: jsonb('hud_labels').$type<string[]>().notNull().default([]),
    quoteCreator: text('quote_creator').notNull().default(''),
    firstValidation: date('first_validation', { mode: 'string' }),
    secondRsoValidation: date('second_rso_validation', { mode: 'string' }),
    docsReceived: date('docs_received', { mode: 'string' }),
    purchaseOrderNumber: text('purchase_order_number').notNull().default(''),
    basePrice: money('base_price'),
    optionPrice: money('option_price'),
    squareFootage: integer('square_footage').notNull().default(0),
    invoiceTotal: money('invoice_total'),
    /** The printable header of the detail report (spec 2 §3 Order detail): sold-to, dba, financing, run, contacts. */
    orderedBy: text('ordered_by').notNull().default(''),
    salesRep: text('sales_rep').notNull().default(''),
    salesNote: text('sales_note').notNull().default(''),
    soldTo: text('sold_to').notNull().default(''),
    address1: text('address1').notNull().default(''),
    dba: text('dba').notNull().default(''),
    financedBy: text('financed_by').notNull().default(''),
    runNumber: text('run_number').notNull().default(''),
    phone: text('phone').notNull().default(''),
    fax: text('fax').notNull().default(''),
    createdAt: createdAt(),
    syncXid: syncXid(),
  },
  (t) => [
    index('sales_orders_retailer_sync_idx').on(t.retailerNumber, t.syncXid, t.id),
    index('sales_orders_plant_sync_idx').on(t.plantNumber, t.syncXid, t.id),
    index('sales_orders_serial_idx').on(t.serialNumber),
    index('sales_orders_long_serial_idx').on(t.longSerialNumber),
  ],
);

/** A prospect made from a lead (spec 2 §7 POST /crm/webapi/api/Prospects/Lead). */
export const prospects = pgTable('prospects', {
  id: serial('id').primaryKey(),
  retailerNumber: text('retailer_number')
    .notNull()
    .references(() => retailers.retailerNumber),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull().default(''),
  dayPhone: text('day_phone').notNull().default(''),
  address: text('address').notNull().default(''),
  city: text('city').notNull().default(''),
  state: text('state').notNull().default(''),
  zip: text('zip').notNull().default(''),
  comments: text('comments').notNull().default(''),
  createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * A sales lead (spec 2 §3 Lead). Status null is Unclaimed; C claimed, I inactive, P converted to prospect (§4).
 * `relocating` is 'Y' or 'N'.
 */
export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    independentLeadId: integer('independent_lead_id').notNull(),
    retailerNumber: text('retailer_number')
      .notNull()
      .references(() => retailers.retailerNumber),
    leadDate: stamp('lead_date').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    comments: text('comments').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zip: text('zip').notNull().default(''),
    email: text('email').notNull().default(''),
    dayPhone: text('day_phone').notNull().default(''),
    relocating: text('relocating').notNull().default('N'),
    relocatingCity: text('relocating_city').notNull().default(''),
    relocatingState: text('relocating_state').notNull().default(''),
    status: text('status'),
    friendlySource: text('friendly_source').notNull().default(''),
    claimedDate: stamp('claimed_date'),
    claimedByUserId: integer('claimed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    prospectId: integer('prospect_id').references(() => prospects.id, { onDelete: 'set null' }),
    /** The home the lead asked about, when it came from a quote or a model page. */
    quoteNumber: text('quote_number').notNull().default(''),
    plantNumber: text('plant_number').notNull().default(''),
    modelNumber: text('model_number').notNull().default(''),
    modelDesc: text('model_desc').notNull().default(''),
    basePrice: money('base_price'),
    optionPrice: money('option_price'),
    squareFootage: integer('square_footage').notNull().default(0),
    invoiceTotal: money('invoice_total'),
    rowVersion: integer('row_version').notNull().default(0),
    createdAt: createdAt(),
    syncXid: syncXid(),
  },
  (t) => [index('leads_retailer_sync_idx').on(t.retailerNumber, t.syncXid, t.id)],
);

/** A home in a retailer's stock (spec 2 §3 Inventory item); `age` is answered as days since `stockedDate`. */
export const inventoryHomes = pgTable(
  'inventory_homes',
  {
    id: serial('id').primaryKey(),
    retailerNumber: text('retailer_number')
      .notNull()
      .references(() => retailers.retailerNumber),
    plantNumber: text('plant_number')
      .notNull()
      .references(() => plants.plantNumber),
    /** 'New' or 'Used' stock, and the section count description (tdes), e.g. 'Double'. */
    type: text('type').notNull(),
    tdes: text('tdes').notNull(),
    /** The registration (title) state. */
    reg: text('reg').notNull().default(''),
    serialNumber: text('serial_number').notNull(),
    invoiceAmount: money('invoice_amount'),
    stockNumber: text('stock_number').notNull(),
    modelNumber: text('model_number').notNull(),
    modelName: text('model_name').notNull(),
    /** Who holds title: the retailer or its floor-plan lender. */
    owner: text('owner').notNull().default(''),
    /** The work-sheet order (wso) number. */
    wso: text('wso').notNull().default(''),
    stockedDate: date('stocked_date', { mode: 'string' }).notNull(),
    salesDate: date('sales_date', { mode: 'string' }),
    poNumber: text('po_number').notNull().default(''),
    createdAt: createdAt(),
    syncXid: syncXid(),
  },
  (t) => [
    index('inventory_homes_retailer_sync_idx').on(t.retailerNumber, t.syncXid, t.id),
    index('inventory_homes_plant_sync_idx').on(t.plantNumber, t.syncXid, t.id),
    // A home is in one retailer's stock at a time: the natural key of the inventory import.
    uniqueIndex('inventory_homes_serial_key').on(t.serialNumber),
  ],
);
