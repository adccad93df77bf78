CREATE TABLE "inventory_homes" (
	"id" serial PRIMARY KEY NOT NULL,
	"retailer_number" text NOT NULL,
	"plant_number" text NOT NULL,
	"type" text NOT NULL,
	"tdes" text NOT NULL,
	"reg" text DEFAULT '' NOT NULL,
	"serial_number" text NOT NULL,
	"invoice_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"stock_number" text NOT NULL,
	"model_number" text NOT NULL,
	"model_name" text NOT NULL,
	"owner" text DEFAULT '' NOT NULL,
	"wso" text DEFAULT '' NOT NULL,
	"stocked_date" date NOT NULL,
	"sales_date" date,
	"po_number" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sync_xid" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"independent_lead_id" integer NOT NULL,
	"retailer_number" text NOT NULL,
	"lead_date" timestamp with time zone NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"day_phone" text DEFAULT '' NOT NULL,
	"relocating" text DEFAULT 'N' NOT NULL,
	"relocating_city" text DEFAULT '' NOT NULL,
	"relocating_state" text DEFAULT '' NOT NULL,
	"status" text,
	"friendly_source" text DEFAULT '' NOT NULL,
	"claimed_date" timestamp with time zone,
	"claimed_by_user_id" integer,
	"prospect_id" integer,
	"quote_number" text DEFAULT '' NOT NULL,
	"plant_number" text DEFAULT '' NOT NULL,
	"model_number" text DEFAULT '' NOT NULL,
	"model_desc" text DEFAULT '' NOT NULL,
	"base_price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"option_price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"square_footage" integer DEFAULT 0 NOT NULL,
	"invoice_total" numeric(12, 2) DEFAULT 0 NOT NULL,
	"row_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sync_xid" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prospects" (
	"id" serial PRIMARY KEY NOT NULL,
	"retailer_number" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"day_phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"revision_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"category_desc" text NOT NULL,
	"category_seq" smallint NOT NULL,
	"option_number" text NOT NULL,
	"option_desc" text NOT NULL,
	"option_qty" integer DEFAULT 1 NOT NULL,
	"option_price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"custom" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"revision_number" integer NOT NULL,
	"revision_comments" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_revisions_number_key" UNIQUE("quote_id","revision_number")
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_number" text NOT NULL,
	"retailer_number" text NOT NULL,
	"plant_number" text NOT NULL,
	"product_line_id" integer,
	"customer" text NOT NULL,
	"model_number" text,
	"model_desc" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"mdm" text DEFAULT '' NOT NULL,
	"quote_date" date NOT NULL,
	"expiration_date" date NOT NULL,
	"revision_date" date NOT NULL,
	"is_mch_quote" boolean DEFAULT true NOT NULL,
	"mch_quote_id" text DEFAULT '' NOT NULL,
	"is_model_active" boolean DEFAULT true NOT NULL,
	"sub_options_valid" boolean DEFAULT true NOT NULL,
	"quote_statuses_id" smallint DEFAULT 0 NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"created_by_user_id" integer,
	"locked_by_user_id" integer,
	"locked_at" timestamp with time zone,
	"source_quote_id" integer,
	"base_cost_of_home" numeric(12, 2) DEFAULT 0 NOT NULL,
	"surcharge_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"shipping_handling_dest_charges" numeric(12, 2) DEFAULT 0 NOT NULL,
	"freight_charge" numeric(12, 2) DEFAULT 0 NOT NULL,
	"association_dues" numeric(12, 2) DEFAULT 0 NOT NULL,
	"mhi_dues" numeric(12, 2) DEFAULT 0 NOT NULL,
	"vip_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"partner_assistance_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"square_footage" integer DEFAULT 0 NOT NULL,
	"brand_code" text DEFAULT '' NOT NULL,
	"row_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sync_xid" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL,
	CONSTRAINT "quotes_quote_number_unique" UNIQUE("quote_number")
);
--> statement-breakpoint
CREATE TABLE "sales_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"quote_id" integer NOT NULL,
	"retailer_number" text NOT NULL,
	"plant_number" text NOT NULL,
	"customer" text NOT NULL,
	"model_number" text NOT NULL,
	"model_desc" text NOT NULL,
	"serial_number" text DEFAULT '' NOT NULL,
	"long_serial_number" text DEFAULT '' NOT NULL,
	"order_date" date NOT NULL,
	"shipped_date" date,
	"status" text NOT NULL,
	"mdm" text DEFAULT '' NOT NULL,
	"scheduled_production_date" date,
	"yard_date" date,
	"scheduled_offline_date" date,
	"estimated_offline_week_of" date,
	"scheduled_ship_date" date,
	"hud_labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quote_creator" text DEFAULT '' NOT NULL,
	"first_validation" date,
	"second_rso_validation" date,
	"docs_received" date,
	"purchase_order_number" text DEFAULT '' NOT NULL,
	"base_price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"option_price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"square_footage" integer DEFAULT 0 NOT NULL,
	"invoice_total" numeric(12, 2) DEFAULT 0 NOT NULL,
	"ordered_by" text DEFAULT '' NOT NULL,
	"sales_rep" text DEFAULT '' NOT NULL,
	"sales_note" text DEFAULT '' NOT NULL,
	"sold_to" text DEFAULT '' NOT NULL,
	"address1" text DEFAULT '' NOT NULL,
	"dba" text DEFAULT '' NOT NULL,
	"financed_by" text DEFAULT '' NOT NULL,
	"run_number" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"fax" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sync_xid" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL,
	CONSTRAINT "sales_orders_order_number_unique" UNIQUE("order_number")
);
--> statement-breakpoint
ALTER TABLE "inventory_homes" ADD CONSTRAINT "inventory_homes_retailer_number_retailers_retailer_number_fk" FOREIGN KEY ("retailer_number") REFERENCES "public"."retailers"("retailer_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_homes" ADD CONSTRAINT "inventory_homes_plant_number_plants_plant_number_fk" FOREIGN KEY ("plant_number") REFERENCES "public"."plants"("plant_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_retailer_number_retailers_retailer_number_fk" FOREIGN KEY ("retailer_number") REFERENCES "public"."retailers"("retailer_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_claimed_by_user_id_users_id_fk" FOREIGN KEY ("claimed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_retailer_number_retailers_retailer_number_fk" FOREIGN KEY ("retailer_number") REFERENCES "public"."retailers"("retailer_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_options" ADD CONSTRAINT "quote_options_revision_id_quote_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."quote_revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_revisions" ADD CONSTRAINT "quote_revisions_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_retailer_number_retailers_retailer_number_fk" FOREIGN KEY ("retailer_number") REFERENCES "public"."retailers"("retailer_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_plant_number_plants_plant_number_fk" FOREIGN KEY ("plant_number") REFERENCES "public"."plants"("plant_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_locked_by_user_id_users_id_fk" FOREIGN KEY ("locked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_retailer_number_retailers_retailer_number_fk" FOREIGN KEY ("retailer_number") REFERENCES "public"."retailers"("retailer_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_plant_number_plants_plant_number_fk" FOREIGN KEY ("plant_number") REFERENCES "public"."plants"("plant_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_homes_retailer_sync_idx" ON "inventory_homes" USING btree ("retailer_number","sync_xid","id");--> statement-breakpoint
CREATE INDEX "inventory_homes_plant_sync_idx" ON "inventory_homes" USING btree ("plant_number","sync_xid","id");--> statement-breakpoint
CREATE INDEX "leads_retailer_sync_idx" ON "leads" USING btree ("retailer_number","sync_xid","id");--> statement-breakpoint
CREATE INDEX "quote_options_revision_idx" ON "quote_options" USING btree ("revision_id");--> statement-breakpoint
CREATE INDEX "quotes_retailer_sync_idx" ON "quotes" USING btree ("retailer_number","sync_xid","id");--> statement-breakpoint
CREATE INDEX "quotes_plant_sync_idx" ON "quotes" USING btree ("plant_number","sync_xid","id");--> statement-breakpoint
CREATE INDEX "sales_orders_retailer_sync_idx" ON "sales_orders" USING btree ("retailer_number","sync_xid","id");--> statement-breakpoint
CREATE INDEX "sales_orders_plant_sync_idx" ON "sales_orders" USING btree ("plant_number","sync_xid","id");--> statement-breakpoint
CREATE INDEX "sales_orders_serial_idx" ON "sales_orders" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "sales_orders_long_serial_idx" ON "sales_orders" USING btree ("long_serial_number");--> statement-breakpoint
-- Delta sync of the sales lists (server/sync/delta.ts): the same stamp and tombstones as migration 0007.
CREATE TRIGGER "quotes_sync_stamp" BEFORE UPDATE ON "quotes" FOR EACH ROW EXECUTE FUNCTION "sync_stamp"();--> statement-breakpoint
CREATE TRIGGER "sales_orders_sync_stamp" BEFORE UPDATE ON "sales_orders" FOR EACH ROW EXECUTE FUNCTION "sync_stamp"();--> statement-breakpoint
CREATE TRIGGER "leads_sync_stamp" BEFORE UPDATE ON "leads" FOR EACH ROW EXECUTE FUNCTION "sync_stamp"();--> statement-breakpoint
CREATE TRIGGER "inventory_homes_sync_stamp" BEFORE UPDATE ON "inventory_homes" FOR EACH ROW EXECUTE FUNCTION "sync_stamp"();--> statement-breakpoint
CREATE TRIGGER "sales_orders_sync_tombstone" AFTER UPDATE OR DELETE ON "sales_orders" FOR EACH ROW EXECUTE FUNCTION "sync_tombstone_scoped"();--> statement-breakpoint
CREATE TRIGGER "leads_sync_tombstone" AFTER UPDATE OR DELETE ON "leads" FOR EACH ROW EXECUTE FUNCTION "sync_tombstone_scoped"();--> statement-breakpoint
CREATE TRIGGER "inventory_homes_sync_tombstone" AFTER UPDATE OR DELETE ON "inventory_homes" FOR EACH ROW EXECUTE FUNCTION "sync_tombstone_scoped"();--> statement-breakpoint
-- A deleted quote leaves the list (spec 2 §4 "Deleting marks the quote inactive and removes it from the list").
CREATE FUNCTION "quotes_sync_tombstone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD.retailer_number IS DISTINCT FROM NEW.retailer_number OR OLD.plant_number IS DISTINCT FROM NEW.plant_number
     OR (NEW.status = 'Deleted' AND OLD.status IS DISTINCT FROM 'Deleted') THEN
    INSERT INTO "sync_tombstones" ("source", "row_id", "retailer_number", "plant_number")
    VALUES ('quotes', OLD.id, OLD.retailer_number, OLD.plant_number);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "quotes_sync_tombstone" AFTER UPDATE OR DELETE ON "quotes" FOR EACH ROW EXECUTE FUNCTION "quotes_sync_tombstone"();--> statement-breakpoint
-- The quotes list shows the latest revision: a new revision writes its quote again.
CREATE FUNCTION "quote_revisions_sync_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "quotes" SET "sync_xid" = 0 WHERE "id" = (CASE WHEN TG_OP = 'DELETE' THEN OLD.quote_id ELSE NEW.quote_id END);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "quote_revisions_sync_touch" AFTER INSERT OR UPDATE OR DELETE ON "quote_revisions" FOR EACH ROW EXECUTE FUNCTION "quote_revisions_sync_touch"();--> statement-breakpoint
-- Plant and retailer names shown in the sales lists.
CREATE OR REPLACE FUNCTION "plants_sync_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "service_requests" SET "sync_xid" = 0 WHERE "plant_number" = NEW.plant_number;
  UPDATE "parts_orders" SET "sync_xid" = 0 WHERE "plant_number" = NEW.plant_number;
  UPDATE "warranty_cards" SET "sync_xid" = 0 WHERE "home_id" IN (SELECT h.id FROM "homes" h WHERE h.plant_number = NEW.plant_number);
  UPDATE "quotes" SET "sync_xid" = 0 WHERE "plant_number" = NEW.plant_number;
  UPDATE "sales_orders" SET "sync_xid" = 0 WHERE "plant_number" = NEW.plant_number;
  UPDATE "inventory_homes" SET "sync_xid" = 0 WHERE "plant_number" = NEW.plant_number;
  UPDATE "users" SET "profile_version" = "profile_version" + 1 WHERE "id" IN (SELECT p.user_id FROM "user_plants" p WHERE p.plant_number = NEW.plant_number);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "retailers_sync_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "warranty_cards" SET "sync_xid" = 0 WHERE "home_id" IN (SELECT h.id FROM "homes" h WHERE h.retailer_number = NEW.retailer_number);
  UPDATE "sales_orders" SET "sync_xid" = 0 WHERE "retailer_number" = NEW.retailer_number;
  UPDATE "users" SET "profile_version" = "profile_version" + 1 WHERE "id" IN (SELECT r.user_id FROM "user_retailers" r WHERE r.retailer_number = NEW.retailer_number);
  RETURN NULL;
END;
$$;
