import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
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
