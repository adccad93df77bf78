CREATE TABLE "sync_restamps" (
	"id" serial PRIMARY KEY NOT NULL,
	"table_name" text NOT NULL,
	"column_name" text NOT NULL,
	"value" text NOT NULL,
	"after_id" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A plant's or retail center's name or zone is shown in every record of it (joined on read), so a change of it syncs those
-- records again: they are queued here, one row per table, and written again in short batches by server/sync/restamp.ts
-- after the change commits (issue 31 §5). Rewriting them in the renaming transaction took 10.9 s for 200,000 work orders,
-- and every device's delta waited on it. Users' profiles are few: they are still bumped at once.
CREATE FUNCTION "sync_restamp_queue"("by_column" text, "matching" text, "tables" text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "sync_restamps" ("table_name", "column_name", "value") SELECT unnest("tables"), "by_column", "matching";
$$;
--> statement-breakpoint
CREATE FUNCTION "sync_restamps_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('homesite_restamp', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sync_restamps_notify" AFTER INSERT ON "sync_restamps" FOR EACH STATEMENT EXECUTE FUNCTION "sync_restamps_notify"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "plants_sync_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "sync_restamp_queue"('plant_number', NEW.plant_number,
    ARRAY['service_requests', 'parts_orders', 'warranty_cards', 'quotes', 'sales_orders', 'inventory_homes']);
  UPDATE "users" SET "profile_version" = "profile_version" + 1 WHERE "id" IN (SELECT p.user_id FROM "user_plants" p WHERE p.plant_number = NEW.plant_number);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "retailers_sync_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "sync_restamp_queue"('retailer_number', NEW.retailer_number, ARRAY['warranty_cards', 'sales_orders']);
  UPDATE "users" SET "profile_version" = "profile_version" + 1 WHERE "id" IN (SELECT r.user_id FROM "user_retailers" r WHERE r.retailer_number = NEW.retailer_number);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "retailers_zone_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "sync_restamp_queue"('retailer_number', NEW.retailer_number, ARRAY['warranty_cards', 'parts_orders']);
  UPDATE "users" SET "profile_version" = "profile_version" + 1 WHERE "id" IN (SELECT r.user_id FROM "user_retailers" r WHERE r.retailer_number = NEW.retailer_number);
  RETURN NULL;
END;
$$;
