import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, sortableText, stamp, syncXid } from './columns';
import { homes, plants, retailers } from './organisation';
import { users } from './users';

/* Homeowners (issue 5): warranty cards (spec 3 §3 Warranty card). */

/** An insert writes DEFAULT (no value: NULL), which the BEFORE INSERT trigger replaces with the home's. */
const fromHome = () => sql`default`;

/**
 * A home's warranty card: at most one per home. The home gives the plant, retailer, serial, model and
 * manufactured date; the card holds the homeowner, the sale and the plant's build data. Phones are
 * stored as the spec's 3-digit area code and 7-digit number.
 *
 * The card keeps a copy of its home's plant and retail center, so that a scope's cards are found by the card's own
 * (scope, sync_xid, id) indexes (delta pages, issue 31 §4). A trigger of migration 0024 sets them from the home on every
 * insert and every change of the card's home, and the home's trigger carries them along when the home moves: no code
 * writes them, and an insert leaves them to the database.
 */
export const warrantyCards = pgTable(
  'warranty_cards',
  {
    id: serial('id').primaryKey(),
    homeId: integer('home_id')
      .notNull()
      .unique()
      .references(() => homes.id, { onDelete: 'cascade' }),
    plantNumber: text('plant_number')
      .notNull()
      .references(() => plants.plantNumber)
      .$default(fromHome),
    retailerNumber: text('retailer_number')
      .notNull()
      .references(() => retailers.retailerNumber)
      .$default(fromHome),
    /** I Incomplete, A Active, H Historical, anything else Archived (spec 3 §3). */
    statusCode: text('status_code').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    middleInitial: text('middle_initial').notNull().default(''),
    suffix: text('suffix').notNull().default(''),
    emailAddress: text('email_address').notNull().default(''),
    address1: text('address1').notNull().default(''),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    zip4: text('zip4').notNull().default(''),
    areaCode: text('area_code').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    cellAreaCode: text('cell_area_code').notNull().default(''),
    cellPhoneNumber: text('cell_phone_number').notNull().default(''),
    soldDate: date('sold_date', { mode: 'string' }),
    npsDate: date('nps_date', { mode: 'string' }),
    homeAddress1: text('home_address1').notNull().default(''),
    homeAddress2: text('home_address2').notNull().default(''),
    homeCity: text('home_city').notNull().default(''),
    homeState: text('home_state').notNull().default(''),
    homeZipCode: text('home_zip_code').notNull().default(''),
    homePhoneNumber: text('home_phone_number').notNull().default(''),
    homeAddress: text('home_address').notNull().default(''),
    thermalZone: text('thermal_zone').notNull().default(''),
    windZone: text('wind_zone').notNull().default(''),
    roofLoad: text('roof_load').notNull().default(''),
    orderNumber: text('order_number').notNull().default(''),
    purchaseOrderNumber: text('purchase_order_number').notNull().default(''),
    quoteNumber: text('quote_number').notNull().default(''),
    vantageAccountId: text('vantage_account_id').notNull().default(''),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    rowVersion: integer('row_version').notNull().default(0),
    /**
     * The kept-list rule (contract/kept-lists.ts, migration 0027): the day of the card's last change, or of the last
     * change of a work order of its home, and whether its home has an open work order; both kept by triggers.
     */
    changedOn: date('changed_on', { mode: 'string' })
      .notNull()
      .default(sql`current_date`),
    hasOpenWorkOrder: boolean('has_open_work_order').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
    syncXid: syncXid(),
  },
  (t) => [
    index('warranty_cards_status_idx').on(t.statusCode),
    index('warranty_cards_plant_sync_idx').on(t.plantNumber, t.syncXid, t.id),
    index('warranty_cards_retailer_sync_idx').on(t.retailerNumber, t.syncXid, t.id),
    // A device's first download reads the kept cards: of homes with an open work order, and those changed lately.
    index('warranty_cards_plant_open_sync_idx')
      .on(t.plantNumber, t.syncXid, t.id)
      .where(sql`has_open_work_order`),
    index('warranty_cards_retailer_open_sync_idx')
      .on(t.retailerNumber, t.syncXid, t.id)
      .where(sql`has_open_work_order`),
    index('warranty_cards_plant_changed_idx').on(t.plantNumber, t.changedOn),
    index('warranty_cards_retailer_changed_idx').on(t.retailerNumber, t.changedOn),
    // The server search's first screen (homeowners/search.ts, by last name) in any scope, walked, not sorted.
    index('warranty_cards_last_name_idx').on(sql`${sortableText(t.lastName)} asc nulls last`, t.id.desc().nullsFirst()),
  ],
);
