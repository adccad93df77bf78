CREATE TABLE "sync_tombstones" (
	"source" text NOT NULL,
	"row_id" integer NOT NULL,
	"retailer_number" text,
	"plant_number" text,
	"sync_xid" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parts_catalog" ADD COLUMN "sync_xid" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "parts_orders" ADD COLUMN "sync_xid" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "sync_xid" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "warranty_cards" ADD COLUMN "sync_xid" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL;--> statement-breakpoint
CREATE INDEX "sync_tombstones_source_idx" ON "sync_tombstones" USING btree ("source","sync_xid","row_id");--> statement-breakpoint
CREATE INDEX "parts_catalog_plant_sync_idx" ON "parts_catalog" USING btree ("plant_number","sync_xid","id");--> statement-breakpoint
CREATE INDEX "parts_orders_retailer_sync_idx" ON "parts_orders" USING btree ("retailer_number","sync_xid","id");--> statement-breakpoint
CREATE INDEX "parts_orders_plant_sync_idx" ON "parts_orders" USING btree ("plant_number","sync_xid","id");--> statement-breakpoint
CREATE INDEX "service_requests_retailer_sync_idx" ON "service_requests" USING btree ("retailer_number","sync_xid","id");--> statement-breakpoint
CREATE INDEX "service_requests_plant_sync_idx" ON "service_requests" USING btree ("plant_number","sync_xid","id");--> statement-breakpoint
CREATE INDEX "warranty_cards_sync_idx" ON "warranty_cards" USING btree ("sync_xid","id");--> statement-breakpoint
-- Delta sync (server/sync/): every update of a synced row records the writing transaction, whichever code path wrote it.
CREATE FUNCTION "sync_stamp"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.sync_xid := (pg_current_xact_id()::text)::bigint;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "service_requests_sync_stamp" BEFORE UPDATE ON "service_requests" FOR EACH ROW EXECUTE FUNCTION "sync_stamp"();--> statement-breakpoint
CREATE TRIGGER "parts_orders_sync_stamp" BEFORE UPDATE ON "parts_orders" FOR EACH ROW EXECUTE FUNCTION "sync_stamp"();--> statement-breakpoint
CREATE TRIGGER "warranty_cards_sync_stamp" BEFORE UPDATE ON "warranty_cards" FOR EACH ROW EXECUTE FUNCTION "sync_stamp"();--> statement-breakpoint
CREATE TRIGGER "parts_catalog_sync_stamp" BEFORE UPDATE ON "parts_catalog" FOR EACH ROW EXECUTE FUNCTION "sync_stamp"();--> statement-breakpoint
-- A row deleted, or moved to another retailer or plant, leaves a tombstone with the scope it had.
CREATE FUNCTION "sync_tombstone_scoped"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD.retailer_number IS DISTINCT FROM NEW.retailer_number OR OLD.plant_number IS DISTINCT FROM NEW.plant_number THEN
    INSERT INTO "sync_tombstones" ("source", "row_id", "retailer_number", "plant_number")
    VALUES (TG_TABLE_NAME, OLD.id, OLD.retailer_number, OLD.plant_number);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "service_requests_sync_tombstone" AFTER UPDATE OR DELETE ON "service_requests" FOR EACH ROW EXECUTE FUNCTION "sync_tombstone_scoped"();--> statement-breakpoint
CREATE TRIGGER "parts_orders_sync_tombstone" AFTER UPDATE OR DELETE ON "parts_orders" FOR EACH ROW EXECUTE FUNCTION "sync_tombstone_scoped"();--> statement-breakpoint
CREATE FUNCTION "sync_tombstone_plant"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD.plant_number IS DISTINCT FROM NEW.plant_number THEN
    INSERT INTO "sync_tombstones" ("source", "row_id", "plant_number") VALUES (TG_TABLE_NAME, OLD.id, OLD.plant_number);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "parts_catalog_sync_tombstone" AFTER UPDATE OR DELETE ON "parts_catalog" FOR EACH ROW EXECUTE FUNCTION "sync_tombstone_plant"();--> statement-breakpoint
-- A warranty card's scope is its home's.
CREATE FUNCTION "warranty_cards_sync_tombstone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD.home_id IS DISTINCT FROM NEW.home_id THEN
    INSERT INTO "sync_tombstones" ("source", "row_id", "retailer_number", "plant_number")
    SELECT 'warranty_cards', OLD.id, h.retailer_number, h.plant_number FROM "homes" h WHERE h.id = OLD.home_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "warranty_cards_sync_tombstone" AFTER UPDATE OR DELETE ON "warranty_cards" FOR EACH ROW EXECUTE FUNCTION "warranty_cards_sync_tombstone"();--> statement-breakpoint
-- Rows that show data of another table are written again when it changes: a home (homeowner, address, its
-- retailer), a plant's name, a retailer's name, a parts order's items (the list shows their count).
CREATE FUNCTION "homes_sync_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.retailer_number IS DISTINCT FROM NEW.retailer_number OR OLD.plant_number IS DISTINCT FROM NEW.plant_number THEN
    INSERT INTO "sync_tombstones" ("source", "row_id", "retailer_number", "plant_number")
    SELECT 'warranty_cards', c.id, OLD.retailer_number, OLD.plant_number FROM "warranty_cards" c WHERE c.home_id = NEW.id;
  END IF;
  UPDATE "warranty_cards" SET "sync_xid" = 0 WHERE "home_id" = NEW.id;
  UPDATE "service_requests" SET "sync_xid" = 0 WHERE "home_id" = NEW.id;
  UPDATE "parts_orders" SET "sync_xid" = 0 WHERE "home_id" = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "homes_sync_touch" AFTER UPDATE ON "homes" FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "homes_sync_touch"();--> statement-breakpoint
CREATE FUNCTION "plants_sync_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "service_requests" SET "sync_xid" = 0 WHERE "plant_number" = NEW.plant_number;
  UPDATE "parts_orders" SET "sync_xid" = 0 WHERE "plant_number" = NEW.plant_number;
  UPDATE "warranty_cards" SET "sync_xid" = 0 WHERE "home_id" IN (SELECT h.id FROM "homes" h WHERE h.plant_number = NEW.plant_number);
  UPDATE "users" SET "profile_version" = "profile_version" + 1 WHERE "id" IN (SELECT p.user_id FROM "user_plants" p WHERE p.plant_number = NEW.plant_number);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "plants_sync_touch" AFTER UPDATE ON "plants" FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION "plants_sync_touch"();--> statement-breakpoint
CREATE FUNCTION "retailers_sync_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "warranty_cards" SET "sync_xid" = 0 WHERE "home_id" IN (SELECT h.id FROM "homes" h WHERE h.retailer_number = NEW.retailer_number);
  UPDATE "users" SET "profile_version" = "profile_version" + 1 WHERE "id" IN (SELECT r.user_id FROM "user_retailers" r WHERE r.retailer_number = NEW.retailer_number);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "retailers_sync_touch" AFTER UPDATE ON "retailers" FOR EACH ROW
  WHEN (ROW(OLD.name, OLD.retailer_type, OLD.city, OLD.web_enabled) IS DISTINCT FROM ROW(NEW.name, NEW.retailer_type, NEW.city, NEW.web_enabled))
  EXECUTE FUNCTION "retailers_sync_touch"();--> statement-breakpoint
CREATE FUNCTION "parts_order_items_sync_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "parts_orders" SET "sync_xid" = 0 WHERE "id" = (CASE WHEN TG_OP = 'DELETE' THEN OLD.parts_order_id ELSE NEW.parts_order_id END);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "parts_order_items_sync_touch" AFTER INSERT OR UPDATE OR DELETE ON "parts_order_items" FOR EACH ROW EXECUTE FUNCTION "parts_order_items_sync_touch"();--> statement-breakpoint
-- Fast authentication (auth/session-cache.ts): a user's profile_version moves with every change of what their profile holds.
CREATE FUNCTION "users_profile_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.profile_version := OLD.profile_version + 1;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_profile_bump" BEFORE UPDATE ON "users" FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "users_profile_bump"();--> statement-breakpoint
CREATE FUNCTION "user_links_profile_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "users" SET "profile_version" = "profile_version" + 1 WHERE "id" = OLD.user_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE "users" SET "profile_version" = "profile_version" + 1 WHERE "id" = NEW.user_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "user_roles_profile_bump" AFTER INSERT OR UPDATE OR DELETE ON "user_roles" FOR EACH ROW EXECUTE FUNCTION "user_links_profile_bump"();--> statement-breakpoint
CREATE TRIGGER "user_retailers_profile_bump" AFTER INSERT OR UPDATE OR DELETE ON "user_retailers" FOR EACH ROW EXECUTE FUNCTION "user_links_profile_bump"();--> statement-breakpoint
CREATE TRIGGER "user_plants_profile_bump" AFTER INSERT OR UPDATE OR DELETE ON "user_plants" FOR EACH ROW EXECUTE FUNCTION "user_links_profile_bump"();--> statement-breakpoint
CREATE FUNCTION "roles_profile_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "profile_version" = "profile_version" + 1 WHERE "id" IN (SELECT ur.user_id FROM "user_roles" ur WHERE ur.role_id = NEW.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "roles_profile_bump" AFTER UPDATE ON "roles" FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "roles_profile_bump"();
