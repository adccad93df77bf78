import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, syncXid } from './columns';

/* Delta sync (issue 10): rows that left a synced list. */

/**
 * A row that left a synced list: deleted, or moved out of a retailer's or plant's scope. Written by the triggers of
 * migration 0007 with the scope the row had, so a device that kept it hears of it in its next delta (server/sync/).
 */
export const syncTombstones = pgTable(
  'sync_tombstones',
  {
    /** The synced table: 'service_requests', 'parts_orders', 'warranty_cards', 'parts_catalog'. */
    source: text('source').notNull(),
    rowId: integer('row_id').notNull(),
    retailerNumber: text('retailer_number'),
    plantNumber: text('plant_number'),
    syncXid: syncXid(),
    createdAt: createdAt(),
  },
  (t) => [index('sync_tombstones_source_idx').on(t.source, t.syncXid, t.rowId)],
);

/**
 * Rows to write again because data they show changed elsewhere (a plant's or retail center's name, a retail center's
 * zone): one row per table to touch, queued by the triggers of migration 0022 and worked off in short batches by
 * server/sync/restamp.ts, so that a rename commits at once and no device's delta waits on it.
 */
export const syncRestamps = pgTable('sync_restamps', {
  id: serial('id').primaryKey(),
  /** The synced table to write again: 'service_requests', 'parts_orders', 'warranty_cards', 'quotes', … */
  tableName: text('table_name').notNull(),
  /** 'plant_number' or 'retailer_number': of the row itself, or of its home for warranty cards. */
  columnName: text('column_name').notNull(),
  value: text('value').notNull(),
  /** Rows up to this id are written again already. */
  afterId: integer('after_id').notNull().default(0),
  createdAt: createdAt(),
});
