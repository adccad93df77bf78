-- Every read of warranty cards by position is of a scope now (migration 0024): the plain (sync_xid, id) index only drew
-- the planner to walk every card and filter the scope (cards lie on disk in about that order), where the scope's own
-- (plant_number | retailer_number, sync_xid, id) index reads the scope's cards alone.
DROP INDEX "warranty_cards_sync_idx";
