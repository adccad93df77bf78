import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, smallint, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, stamp, syncXid } from './columns';
import { homes, plants, retailers } from './organisation';
import { users } from './users';
import { serviceRequests } from './work-orders';

/* Parts orders (issue 5): ship-to locations, parts orders and their items (spec 3 §3, §4). */

/**
 * Where a retailer has parts shipped (spec 3 §3 Ship-to location, order 1): the retail center itself at
 * position 1, then a second lot or a warehouse. A customer order adds the home's address itself.
 */
export const retailerShipToLocations = pgTable(
  'retailer_ship_to_locations',
  {
    id: serial('id').primaryKey(),
    retailerNumber: text('retailer_number')
      .notNull()
      .references(() => retailers.retailerNumber, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    address1: text('address1').notNull(),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
  },
  (t) => [unique('retailer_ship_to_locations_position').on(t.retailerNumber, t.position)],
);

/**
 * A parts order (spec 3 §3, §4): staged while vantagePartsRequestId is null, then submitted and
 * read-only. A customer order names its home; a stock order has none and the serial 999999.
 */
export const partsOrders = pgTable(
  'parts_orders',
  {
    id: serial('id').primaryKey(),
    retailerNumber: text('retailer_number')
      .notNull()
      .references(() => retailers.retailerNumber),
    plantNumber: text('plant_number')
      .notNull()
      .references(() => plants.plantNumber),
    homeId: integer('home_id').references(() => homes.id),
    longSerialNumber: text('long_serial_number').notNull().default(''),
    serialNumber: text('serial_number').notNull(),
    serviceRequestId: integer('service_request_id').references(() => serviceRequests.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('Active'),
    orderDate: date('order_date', { mode: 'string' }).notNull(),
    expectedShipDate: date('expected_ship_date', { mode: 'string' }),
    viaDescription: text('via_description').notNull().default(''),
    trackingNumber: text('tracking_number').notNull().default(''),
    shipToType: text('ship_to_type').notNull().default('Retailer'),
    shipToAddressName: text('ship_to_address_name').notNull().default(''),
    shipToStreetAddress1: text('ship_to_street_address1').notNull().default(''),
    shipToCity: text('ship_to_city').notNull().default(''),
    shipToState: text('ship_to_state').notNull().default(''),
    shipToZipcode: text('ship_to_zipcode').notNull().default(''),
    vantagePartsRequestId: integer('vantage_parts_request_id').unique(),
    partsLogNumber: text('parts_log_number'),
    isClosed: boolean('is_closed').notNull().default(false),
    /** The day of its last change (insert, or a write that moves row_version): the kept-list rule (migration 0023). */
    changedOn: date('changed_on', { mode: 'string' })
      .notNull()
      .default(sql`current_date`),
    serviceEmail: text('service_email').notNull().default(''),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: stamp('submitted_at'),
    rowVersion: integer('row_version').notNull().default(0),
    createdAt: createdAt(),
    /** Set by a trigger on every update (migration 0006): with the row count, the list's ETag. */
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    syncXid: syncXid(),
  },
  (t) => [
    index('parts_orders_retailer_sync_idx').on(t.retailerNumber, t.syncXid, t.id),
    index('parts_orders_plant_sync_idx').on(t.plantNumber, t.syncXid, t.id),
    // A device's first download reads the kept rows (contract/kept-lists.ts): the open ones and those changed lately.
    index('parts_orders_retailer_open_sync_idx')
      .on(t.retailerNumber, t.syncXid, t.id)
      .where(sql`not is_closed`),
    index('parts_orders_plant_open_sync_idx')
      .on(t.plantNumber, t.syncXid, t.id)
      .where(sql`not is_closed`),
    index('parts_orders_retailer_changed_idx').on(t.retailerNumber, t.changedOn),
    index('parts_orders_plant_changed_idx').on(t.plantNumber, t.changedOn),
    index('parts_orders_retailer_idx').on(t.retailerNumber),
    index('parts_orders_plant_idx').on(t.plantNumber),
    index('parts_orders_home_idx').on(t.homeId),
    uniqueIndex('parts_orders_plant_log_key').on(t.plantNumber, t.partsLogNumber),
  ],
);

/** A parts item of a parts order (spec 3 §3 Parts item), the same fields as a request's parts item. */
export const partsOrderItems = pgTable(
  'parts_order_items',
  {
    id: serial('id').primaryKey(),
    partsOrderId: integer('parts_order_id')
      .notNull()
      .references(() => partsOrders.id, { onDelete: 'cascade' }),
    categoryNumber: text('category_number').notNull().default(''),
    commodityNumber: text('commodity_number').notNull().default(''),
    partNumber: text('part_number').notNull().default(''),
    combinedPartNumber: text('combined_part_number').notNull().default(''),
    partDescription: text('part_description').notNull(),
    notes: text('notes').notNull().default(''),
    billingCode: text('billing_code').notNull(),
    unitOfMeasure: text('unit_of_measure').notNull(),
    quantity: integer('quantity').notNull().default(1),
    receivedDate: date('received_date', { mode: 'string' }),
    isCorrect: boolean('is_correct'),
    incorrectPartMessage: text('incorrect_part_message').notNull().default(''),
    vantagePartsRequestLineItemId: integer('vantage_parts_request_line_item_id'),
    rowVersion: integer('row_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('parts_order_items_order_idx').on(t.partsOrderId)],
);
