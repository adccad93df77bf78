import { boolean, date, index, integer, pgTable, primaryKey, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/* Retail centers, plants and the homes they build and sell (spec 1 §3, spec 3 §3). */

/** Retail centers (spec 1 §3 Retailer) with the homeowner-portal metadata of spec 3 §3. */
export const retailers = pgTable('retailers', {
  retailerNumber: text('retailer_number').primaryKey(),
  name: text('name').notNull(),
  /** 'C' is company-owned (spec 1 §9), 'I' independent. */
  retailerType: text('retailer_type').notNull(),
  address1: text('address1').notNull().default(''),
  city: text('city').notNull(),
  state: text('state').notNull(),
  zipCode: text('zip_code').notNull().default(''),
  phone: text('phone').notNull().default(''),
  /** Its IANA time zone, whose day is the business day of its records; null: from its address (contract/time-zones.ts). */
  timeZone: text('time_zone'),
  webEnabled: boolean('web_enabled').notNull().default(true),
  portalMetadataId: integer('portal_metadata_id'),
  developerName: text('developer_name').notNull().default(''),
  businessUnit: text('business_unit').notNull().default(''),
  businessUnitNumber: text('business_unit_number').notNull().default(''),
  deployWorkflow: boolean('deploy_workflow').notNull().default(false),
  deployDispatch: boolean('deploy_dispatch').notNull().default(false),
  deployPortal: boolean('deploy_portal').notNull().default(false),
  partnerPortal: boolean('partner_portal').notNull().default(false),
  createdAt: createdAt(),
});

/** Plants, which the spec also calls facilities (spec 1 §3 Facility). */
export const plants = pgTable('plants', {
  plantNumber: text('plant_number').primaryKey(),
  name: text('name').notNull(),
  printName: text('print_name').notNull(),
  /** First three letters of every serial number built at this plant. */
  serialPrefix: text('serial_prefix').notNull(),
  marketingUrlRetail: text('marketing_url_retail').notNull(),
  marketingUrlIndependent: text('marketing_url_independent').notNull(),
  address1: text('address1').notNull().default(''),
  city: text('city').notNull(),
  state: text('state').notNull(),
  zipCode: text('zip_code').notNull().default(''),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  /** Its IANA time zone, whose day is the business day of its records; null: from its address (contract/time-zones.ts). */
  timeZone: text('time_zone'),
  createdAt: createdAt(),
});

/**
 * The plants that serve a retail center (ship it homes, take its service calls). My Facilities and
 * My Plants list the plants of the user's current retailer.
 */
export const retailerPlants = pgTable(
  'retailer_plants',
  {
    retailerNumber: text('retailer_number')
      .notNull()
      .references(() => retailers.retailerNumber, { onDelete: 'cascade' }),
    plantNumber: text('plant_number')
      .notNull()
      .references(() => plants.plantNumber, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.retailerNumber, t.plantNumber] }), index('retailer_plants_plant_idx').on(t.plantNumber)],
);

/** A manufactured home: built at a plant, sold through a retailer, possibly to a homeowner. */
export const homes = pgTable(
  'homes',
  {
    id: serial('id').primaryKey(),
    /** e.g. CLW012345TNAB: plant prefix, six digits, state built for, one letter per section. */
    serialNumber: text('serial_number').notNull().unique(),
    plantNumber: text('plant_number')
      .notNull()
      .references(() => plants.plantNumber),
    retailerNumber: text('retailer_number')
      .notNull()
      .references(() => retailers.retailerNumber),
    modelNumber: text('model_number').notNull(),
    modelName: text('model_name').notNull(),
    sections: smallint('sections').notNull(),
    squareFootage: integer('square_footage').notNull(),
    bedrooms: smallint('bedrooms').notNull(),
    bathrooms: smallint('bathrooms').notNull(),
    manufacturedDate: date('manufactured_date', { mode: 'string' }).notNull(),
    soldDate: date('sold_date', { mode: 'string' }),
    homeownerFirstName: text('homeowner_first_name'),
    homeownerLastName: text('homeowner_last_name'),
    homeownerEmail: text('homeowner_email'),
    homeownerPhone: text('homeowner_phone'),
    address1: text('address1'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    rowVersion: integer('row_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('homes_retailer_idx').on(t.retailerNumber), index('homes_plant_idx').on(t.plantNumber)],
);
