CREATE TABLE "corporate_parts" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_number" text NOT NULL,
	"commodity_number" text NOT NULL,
	"part_number" text NOT NULL,
	"sub_part_number" text DEFAULT '' NOT NULL,
	"sub_part_description" text DEFAULT '' NOT NULL,
	"corporate_description" text NOT NULL,
	"unit_of_measure" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driver_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	CONSTRAINT "driver_types_description_unique" UNIQUE("description")
);
--> statement-breakpoint
CREATE TABLE "drivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_number" text NOT NULL,
	"driver_type_id" integer NOT NULL,
	"updated_by_user_id" integer,
	"row_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drivers_employee_number_unique" UNIQUE("employee_number")
);
--> statement-breakpoint
CREATE TABLE "hbg_employees" (
	"employee_number" text PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"job_title" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learn_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learn_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"sub_category_id" integer NOT NULL,
	"display_name" text NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learn_sub_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"display_name" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parts_catalog_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"requested_parts_catalog_id" integer NOT NULL,
	"previous_parts_catalog_id" integer,
	"plant_number" text NOT NULL,
	"requested_by_user_id" integer,
	"requested_by_user" text NOT NULL,
	"request_date" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by_user_id" integer,
	"reviewed_by" text DEFAULT '' NOT NULL,
	"review_date" timestamp with time zone,
	"approved" boolean,
	"comment" text DEFAULT '' NOT NULL,
	"reverted_date" timestamp with time zone,
	"row_version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "corporate_parts" ADD CONSTRAINT "corporate_parts_category_number_catalog_categories_category_number_fk" FOREIGN KEY ("category_number") REFERENCES "public"."catalog_categories"("category_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_employee_number_hbg_employees_employee_number_fk" FOREIGN KEY ("employee_number") REFERENCES "public"."hbg_employees"("employee_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_driver_type_id_driver_types_id_fk" FOREIGN KEY ("driver_type_id") REFERENCES "public"."driver_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_documents" ADD CONSTRAINT "learn_documents_sub_category_id_learn_sub_categories_id_fk" FOREIGN KEY ("sub_category_id") REFERENCES "public"."learn_sub_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learn_sub_categories" ADD CONSTRAINT "learn_sub_categories_category_id_learn_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."learn_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts_catalog_history" ADD CONSTRAINT "parts_catalog_history_requested_parts_catalog_id_parts_catalog_id_fk" FOREIGN KEY ("requested_parts_catalog_id") REFERENCES "public"."parts_catalog"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts_catalog_history" ADD CONSTRAINT "parts_catalog_history_previous_parts_catalog_id_parts_catalog_id_fk" FOREIGN KEY ("previous_parts_catalog_id") REFERENCES "public"."parts_catalog"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts_catalog_history" ADD CONSTRAINT "parts_catalog_history_plant_number_plants_plant_number_fk" FOREIGN KEY ("plant_number") REFERENCES "public"."plants"("plant_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts_catalog_history" ADD CONSTRAINT "parts_catalog_history_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts_catalog_history" ADD CONSTRAINT "parts_catalog_history_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "corporate_parts_key" ON "corporate_parts" USING btree ("category_number","commodity_number","part_number","sub_part_number");--> statement-breakpoint
CREATE INDEX "hbg_employees_name_idx" ON "hbg_employees" USING btree (lower("last_name"),lower("first_name"));--> statement-breakpoint
CREATE INDEX "learn_documents_sub_category_idx" ON "learn_documents" USING btree ("sub_category_id");--> statement-breakpoint
CREATE INDEX "learn_sub_categories_category_idx" ON "learn_sub_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "parts_catalog_history_plant_idx" ON "parts_catalog_history" USING btree ("plant_number","request_date");--> statement-breakpoint
CREATE INDEX "parts_catalog_history_requested_idx" ON "parts_catalog_history" USING btree ("requested_parts_catalog_id");