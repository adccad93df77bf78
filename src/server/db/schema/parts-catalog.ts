import { boolean, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, createdAt, stamp, syncXid } from './columns';
import { plants } from './organisation';
import { users } from './users';

/* The parts catalog (issue 5) and its admin and change management (issue 13; spec 3 §2–§7). */

/** Categories of the corporate parts catalog (spec 3 §3 Category). */
export const catalogCategories = pgTable('catalog_categories', {
  categoryNumber: text('category_number').primaryKey(),
  description: text('description').notNull(),
});

/** Commodities of a category (spec 3 §3 Commodity), each with its illustration. */
export const catalogCommodities = pgTable(
  'catalog_commodities',
  {
    categoryNumber: text('category_number')
      .notNull()
      .references(() => catalogCategories.categoryNumber, { onDelete: 'cascade' }),
    commodityNumber: text('commodity_number').notNull(),
    description: text('description').notNull(),
    imageFilename: text('image_filename').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.categoryNumber, t.commodityNumber] })],
);

/**
 * A part in a plant's catalog (spec 3 §3 Part, §4 Parts catalog part): approved or pending, active or
 * not. One part number can have several rows: the approved one, a pending change, older inactive ones.
 */
export const partsCatalog = pgTable(
  'parts_catalog',
  {
    id: serial('id').primaryKey(),
    plantNumber: text('plant_number')
      .notNull()
      .references(() => plants.plantNumber, { onDelete: 'cascade' }),
    categoryNumber: text('category_number').notNull(),
    commodityNumber: text('commodity_number').notNull(),
    subPartNumber: text('sub_part_number').notNull().default(''),
    subPartDescription: text('sub_part_description').notNull().default(''),
    partNumber: text('part_number').notNull(),
    notes: text('notes').notNull().default(''),
    friendlyDescription: text('friendly_description').notNull().default(''),
    corporateDescription: text('corporate_description').notNull(),
    unitOfMeasure: text('unit_of_measure').notNull(),
    imageFilename: text('image_filename').notNull().default(''),
    approved: boolean('approved').notNull(),
    active: boolean('active').notNull().default(true),
    createdBy: text('created_by').notNull().default(''),
    createDate: stamp('create_date').notNull().defaultNow(),
    syncXid: syncXid(),
  },
  (t) => [
    index('parts_catalog_plant_idx').on(t.plantNumber, t.categoryNumber, t.commodityNumber),
    index('parts_catalog_plant_sync_idx').on(t.plantNumber, t.syncXid, t.id),
  ],
);

/** Images of the catalog, by file name (Images/PartsCatalogImages/{file}, spec 3 §3); the bytes live in the row. */
export const catalogImages = pgTable('catalog_images', {
  fileName: text('file_name').primaryKey(),
  contentType: text('content_type').notNull(),
  sha256: text('sha256').notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});

/**
 * The corporate parts list a plant's catalog is built from (spec 3 §7 GetPartsNotInCatalog): every part of every
 * category and commodity, with its corporate description and unit; a plant's catalog rows copy from it.
 */
export const corporateParts = pgTable(
  'corporate_parts',
  {
    id: serial('id').primaryKey(),
    categoryNumber: text('category_number')
      .notNull()
      .references(() => catalogCategories.categoryNumber, { onDelete: 'cascade' }),
    commodityNumber: text('commodity_number').notNull(),
    partNumber: text('part_number').notNull(),
    subPartNumber: text('sub_part_number').notNull().default(''),
    subPartDescription: text('sub_part_description').notNull().default(''),
    corporateDescription: text('corporate_description').notNull(),
    unitOfMeasure: text('unit_of_measure').notNull(),
  },
  (t) => [uniqueIndex('corporate_parts_key').on(t.categoryNumber, t.commodityNumber, t.partNumber, t.subPartNumber)],
);

/**
 * A change request of a plant's catalog and its outcome (spec 3 §3 Change history item): made when a plant submits a
 * part change (approved null: pending), reviewed by a change manager (approved true or false, with a comment), and
 * possibly reverted later (spec 3 §4 revert rules).
 */
export const partsCatalogHistory = pgTable(
  'parts_catalog_history',
  {
    id: serial('id').primaryKey(),
    requestedPartsCatalogId: integer('requested_parts_catalog_id')
      .notNull()
      .references(() => partsCatalog.id, { onDelete: 'cascade' }),
    previousPartsCatalogId: integer('previous_parts_catalog_id').references(() => partsCatalog.id, { onDelete: 'set null' }),
    plantNumber: text('plant_number')
      .notNull()
      .references(() => plants.plantNumber, { onDelete: 'cascade' }),
    requestedByUserId: integer('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    requestedByUser: text('requested_by_user').notNull(),
    requestDate: stamp('request_date').notNull().defaultNow(),
    reviewedByUserId: integer('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedBy: text('reviewed_by').notNull().default(''),
    reviewDate: stamp('review_date'),
    /** null while pending; true approved, false declined. */
    approved: boolean('approved'),
    comment: text('comment').notNull().default(''),
    revertedDate: stamp('reverted_date'),
    rowVersion: integer('row_version').notNull().default(0),
  },
  (t) => [
    index('parts_catalog_history_plant_idx').on(t.plantNumber, t.requestDate),
    index('parts_catalog_history_requested_idx').on(t.requestedPartsCatalogId),
  ],
);
