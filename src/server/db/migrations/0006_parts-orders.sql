CREATE TABLE "catalog_categories" (
	"category_number" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_commodities" (
	"category_number" text NOT NULL,
	"commodity_number" text NOT NULL,
	"description" text NOT NULL,
	"image_filename" text DEFAULT '' NOT NULL,
	CONSTRAINT "catalog_commodities_category_number_commodity_number_pk" PRIMARY KEY("category_number","commodity_number")
);
--> statement-breakpoint
CREATE TABLE "catalog_images" (
	"file_name" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parts_catalog" (
	"id" serial PRIMARY KEY NOT NULL,
	"plant_number" text NOT NULL,
	"category_number" text NOT NULL,
	"commodity_number" text NOT NULL,
	"sub_part_number" text DEFAULT '' NOT NULL,
	"sub_part_description" text DEFAULT '' NOT NULL,
	"part_number" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"friendly_description" text DEFAULT '' NOT NULL,
	"corporate_description" text NOT NULL,
	"unit_of_measure" text NOT NULL,
	"image_filename" text DEFAULT '' NOT NULL,
	"approved" boolean NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parts_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"parts_order_id" integer NOT NULL,
	"category_number" text DEFAULT '' NOT NULL,
	"commodity_number" text DEFAULT '' NOT NULL,
	"part_number" text DEFAULT '' NOT NULL,
	"combined_part_number" text DEFAULT '' NOT NULL,
	"part_description" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"billing_code" text NOT NULL,
	"unit_of_measure" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"received_date" date,
	"is_correct" boolean,
	"incorrect_part_message" text DEFAULT '' NOT NULL,
	"vantage_parts_request_line_item_id" integer,
	"row_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parts_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"retailer_number" text NOT NULL,
	"plant_number" text NOT NULL,
	"home_id" integer,
	"long_serial_number" text DEFAULT '' NOT NULL,
	"serial_number" text NOT NULL,
	"service_request_id" integer,
	"status" text DEFAULT 'Active' NOT NULL,
	"order_date" date NOT NULL,
	"expected_ship_date" date,
	"via_description" text DEFAULT '' NOT NULL,
	"tracking_number" text DEFAULT '' NOT NULL,
	"ship_to_type" text DEFAULT 'Retailer' NOT NULL,
	"ship_to_address_name" text DEFAULT '' NOT NULL,
	"ship_to_street_address1" text DEFAULT '' NOT NULL,
	"ship_to_city" text DEFAULT '' NOT NULL,
	"ship_to_state" text DEFAULT '' NOT NULL,
	"ship_to_zipcode" text DEFAULT '' NOT NULL,
	"vantage_parts_request_id" integer,
	"parts_log_number" text,
	"is_closed" boolean DEFAULT false NOT NULL,
	"service_email" text DEFAULT '' NOT NULL,
	"created_by_user_id" integer,
	"submitted_at" timestamp with time zone,
	"row_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parts_orders_vantage_parts_request_id_unique" UNIQUE("vantage_parts_request_id")
);
--> statement-breakpoint
CREATE TABLE "retailer_ship_to_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"retailer_number" text NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"address1" text NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text NOT NULL,
	CONSTRAINT "retailer_ship_to_locations_position" UNIQUE("retailer_number","position")
);
--> statement-breakpoint
ALTER TABLE "catalog_commodities" ADD CONSTRAINT "catalog_commodities_category_number_catalog_categories_category_number_fk" FOREIGN KEY ("category_number") REFERENCES "public"."catalog_categories"("category_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts_catalog" ADD CONSTRAINT "parts_catalog_plant_number_plants_plant_number_fk" FOREIGN KEY ("plant_number") REFERENCES "public"."plants"("plant_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts_order_items" ADD CONSTRAINT "parts_order_items_parts_order_id_parts_orders_id_fk" FOREIGN KEY ("parts_order_id") REFERENCES "public"."parts_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts_orders" ADD CONSTRAINT "parts_orders_retailer_number_retailers_retailer_number_fk" FOREIGN KEY ("retailer_number") REFERENCES "public"."retailers"("retailer_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts_orders" ADD CONSTRAINT "parts_orders_plant_number_plants_plant_number_fk" FOREIGN KEY ("plant_number") REFERENCES "public"."plants"("plant_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts_orders" ADD CONSTRAINT "parts_orders_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts_orders" ADD CONSTRAINT "parts_orders_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts_orders" ADD CONSTRAINT "parts_orders_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retailer_ship_to_locations" ADD CONSTRAINT "retailer_ship_to_locations_retailer_number_retailers_retailer_number_fk" FOREIGN KEY ("retailer_number") REFERENCES "public"."retailers"("retailer_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parts_catalog_plant_idx" ON "parts_catalog" USING btree ("plant_number","category_number","commodity_number");--> statement-breakpoint
CREATE INDEX "parts_order_items_order_idx" ON "parts_order_items" USING btree ("parts_order_id");--> statement-breakpoint
CREATE INDEX "parts_orders_retailer_idx" ON "parts_orders" USING btree ("retailer_number");--> statement-breakpoint
CREATE INDEX "parts_orders_plant_idx" ON "parts_orders" USING btree ("plant_number");--> statement-breakpoint
CREATE INDEX "parts_orders_home_idx" ON "parts_orders" USING btree ("home_id");--> statement-breakpoint
CREATE UNIQUE INDEX "parts_orders_plant_log_key" ON "parts_orders" USING btree ("plant_number","parts_log_number");--> statement-breakpoint
-- Every update of an order moves updated_at (touch_updated_at of migration 0004): the parts list's ETag counts on it.
CREATE TRIGGER "parts_orders_touch_updated_at" BEFORE UPDATE ON "parts_orders" FOR EACH ROW EXECUTE FUNCTION "touch_updated_at"();
