CREATE TABLE "plant_service_rates" (
	"plant_number" text PRIMARY KEY NOT NULL,
	"mileage_rate" numeric(12, 2) DEFAULT 0 NOT NULL,
	"one_man_service_rate" numeric(12, 2) DEFAULT 0 NOT NULL,
	"two_man_service_rate" numeric(12, 2) DEFAULT 0 NOT NULL,
	"driver_rate" numeric(12, 2) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_request_id" integer NOT NULL,
	"content_document_id" text NOT NULL,
	"attachment_type" smallint NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"row_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_attachments_content_document_id_unique" UNIQUE("content_document_id")
);
--> statement-breakpoint
CREATE TABLE "service_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_request_id" integer NOT NULL,
	"sequence" integer NOT NULL,
	"problem_description" text NOT NULL,
	"determined_cause" text NOT NULL,
	"action_taken" text NOT NULL,
	"declined_reason" text DEFAULT '' NOT NULL,
	"service_request_code" text DEFAULT '' NOT NULL,
	"parts_cost" numeric(12, 2) DEFAULT 0 NOT NULL,
	"labor_hours" numeric(8, 2) DEFAULT 0 NOT NULL,
	"hourly_labor_rate" numeric(12, 2) DEFAULT 0 NOT NULL,
	"is_two_man" boolean DEFAULT false NOT NULL,
	"row_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_parts" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_request_id" integer NOT NULL,
	"category_number" text DEFAULT '' NOT NULL,
	"commodity_number" text DEFAULT '' NOT NULL,
	"part_number" text DEFAULT '' NOT NULL,
	"part_description" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"billing_code" text NOT NULL,
	"unit_of_measure" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"received_date" date,
	"is_correct" boolean,
	"incorrect_part_message" text DEFAULT '' NOT NULL,
	"row_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_request_number" text DEFAULT '' NOT NULL,
	"vantage_work_order_id" integer,
	"vantage_work_order_number" text,
	"home_id" integer NOT NULL,
	"plant_number" text NOT NULL,
	"retailer_number" text NOT NULL,
	"serial_number" text NOT NULL,
	"vantage_case_origin" text DEFAULT '' NOT NULL,
	"case_subject" text DEFAULT '' NOT NULL,
	"case_description" text DEFAULT '' NOT NULL,
	"request_type" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'Unsubmitted' NOT NULL,
	"request_date" date,
	"scheduled_date" date,
	"performed_date" date,
	"start_date" date,
	"end_date" date,
	"technician" text DEFAULT '' NOT NULL,
	"trip_time" numeric(8, 2) DEFAULT 0 NOT NULL,
	"mileage" numeric(8, 2) DEFAULT 0 NOT NULL,
	"other_costs" numeric(12, 2) DEFAULT 0 NOT NULL,
	"mileage_rate" numeric(12, 2) DEFAULT 0 NOT NULL,
	"one_man_service_rate" numeric(12, 2) DEFAULT 0 NOT NULL,
	"two_man_service_rate" numeric(12, 2) DEFAULT 0 NOT NULL,
	"driver_rate" numeric(12, 2) DEFAULT 0 NOT NULL,
	"total_service_cost" numeric(12, 2) DEFAULT 0 NOT NULL,
	"total_combined_cost" numeric(12, 2) DEFAULT 0 NOT NULL,
	"signature_on_file" boolean DEFAULT false NOT NULL,
	"is_under_warranty" boolean DEFAULT false NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_by_user_id" integer,
	"submitted_at" timestamp with time zone,
	"row_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_requests_vantage_work_order_id_unique" UNIQUE("vantage_work_order_id")
);
--> statement-breakpoint
CREATE TABLE "units_of_measure" (
	"abbreviation" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plant_service_rates" ADD CONSTRAINT "plant_service_rates_plant_number_plants_plant_number_fk" FOREIGN KEY ("plant_number") REFERENCES "public"."plants"("plant_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_attachments" ADD CONSTRAINT "service_attachments_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_items" ADD CONSTRAINT "service_items_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_parts" ADD CONSTRAINT "service_parts_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_plant_number_plants_plant_number_fk" FOREIGN KEY ("plant_number") REFERENCES "public"."plants"("plant_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_retailer_number_retailers_retailer_number_fk" FOREIGN KEY ("retailer_number") REFERENCES "public"."retailers"("retailer_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_attachments_request_idx" ON "service_attachments" USING btree ("service_request_id");--> statement-breakpoint
CREATE INDEX "service_items_request_idx" ON "service_items" USING btree ("service_request_id");--> statement-breakpoint
CREATE INDEX "service_parts_request_idx" ON "service_parts" USING btree ("service_request_id");--> statement-breakpoint
CREATE INDEX "service_requests_retailer_idx" ON "service_requests" USING btree ("retailer_number");--> statement-breakpoint
CREATE INDEX "service_requests_plant_idx" ON "service_requests" USING btree ("plant_number");--> statement-breakpoint
CREATE INDEX "service_requests_home_idx" ON "service_requests" USING btree ("home_id");