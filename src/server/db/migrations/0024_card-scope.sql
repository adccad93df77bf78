-- A warranty card keeps a copy of its home's plant and retail center (issue 31 §4): a scope's cards are then read by the
-- card's own (scope, sync_xid, id) index, where they were found through homes and every card was read and sorted.
ALTER TABLE "warranty_cards" ADD COLUMN "plant_number" text;--> statement-breakpoint
ALTER TABLE "warranty_cards" ADD COLUMN "retailer_number" text;--> statement-breakpoint
-- The backfill changes nothing a device shows, so it keeps every card's position: no device downloads its cards again.
ALTER TABLE "warranty_cards" DISABLE TRIGGER "warranty_cards_sync_stamp";--> statement-breakpoint
UPDATE "warranty_cards" c SET "plant_number" = h."plant_number", "retailer_number" = h."retailer_number" FROM "homes" h WHERE h."id" = c."home_id";--> statement-breakpoint
ALTER TABLE "warranty_cards" ENABLE TRIGGER "warranty_cards_sync_stamp";--> statement-breakpoint
ALTER TABLE "warranty_cards" ALTER COLUMN "plant_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "warranty_cards" ALTER COLUMN "retailer_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "warranty_cards" ADD CONSTRAINT "warranty_cards_plant_number_plants_plant_number_fk" FOREIGN KEY ("plant_number") REFERENCES "public"."plants"("plant_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranty_cards" ADD CONSTRAINT "warranty_cards_retailer_number_retailers_retailer_number_fk" FOREIGN KEY ("retailer_number") REFERENCES "public"."retailers"("retailer_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "warranty_cards_plant_sync_idx" ON "warranty_cards" USING btree ("plant_number","sync_xid","id");--> statement-breakpoint
CREATE INDEX "warranty_cards_retailer_sync_idx" ON "warranty_cards" USING btree ("retailer_number","sync_xid","id");--> statement-breakpoint
-- The copy is always the home's: set on insert and whenever the card's home or the copy itself changes (a write of
-- another value is overwritten), so no insert path (routes, imports, seeds, SQL) writes it. Other updates (a restamp's
-- sync_xid) read nothing.
CREATE FUNCTION "warranty_cards_scope"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.home_id IS DISTINCT FROM OLD.home_id
     OR NEW.plant_number IS DISTINCT FROM OLD.plant_number OR NEW.retailer_number IS DISTINCT FROM OLD.retailer_number THEN
    SELECT h.plant_number, h.retailer_number INTO NEW.plant_number, NEW.retailer_number FROM "homes" h WHERE h.id = NEW.home_id;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "warranty_cards_scope" BEFORE INSERT OR UPDATE ON "warranty_cards" FOR EACH ROW EXECUTE FUNCTION "warranty_cards_scope"();--> statement-breakpoint
-- A card moved out of a scope (its home moved, or it moved to another home) or deleted leaves a tombstone with the
-- scope it had, as work orders do: from its own columns, which a home deleted before its cards (ON DELETE CASCADE) still
-- has, where migration 0007 looked the home up.
DROP TRIGGER "warranty_cards_sync_tombstone" ON "warranty_cards";--> statement-breakpoint
DROP FUNCTION "warranty_cards_sync_tombstone"();--> statement-breakpoint
CREATE TRIGGER "warranty_cards_sync_tombstone" AFTER UPDATE OR DELETE ON "warranty_cards" FOR EACH ROW EXECUTE FUNCTION "sync_tombstone_scoped"();--> statement-breakpoint
-- A home's change syncs its records again (migration 0007); its cards take its plant and retail center in the same
-- statement, and leave their tombstones by their own trigger.
CREATE OR REPLACE FUNCTION "homes_sync_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "warranty_cards" SET "sync_xid" = 0, "plant_number" = NEW.plant_number, "retailer_number" = NEW.retailer_number
    WHERE "home_id" = NEW.id;
  UPDATE "service_requests" SET "sync_xid" = 0 WHERE "home_id" = NEW.id;
  UPDATE "parts_orders" SET "sync_xid" = 0 WHERE "home_id" = NEW.id;
  RETURN NULL;
END;
$$;
