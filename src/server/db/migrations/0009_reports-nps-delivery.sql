CREATE TABLE "nps_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"retailer_number" text NOT NULL,
	"home_id" integer,
	"plant_number" text NOT NULL,
	"serial_number" text NOT NULL,
	"customer_first_name" text DEFAULT '' NOT NULL,
	"customer_last_name" text DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"recommend" smallint NOT NULL,
	"six_month_complete_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_order_billings" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_request_id" integer NOT NULL,
	"billing_code" text NOT NULL,
	"amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"invoice_date" date NOT NULL,
	"paid_date" date,
	"check_number" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submitted_surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_type" smallint NOT NULL,
	"home_id" integer NOT NULL,
	"plant_number" text NOT NULL,
	"serial_number" text NOT NULL,
	"retailer_number" text NOT NULL,
	"submitted_by_user_id" integer,
	"submitted_by" text NOT NULL,
	"submit_date" timestamp with time zone DEFAULT now() NOT NULL,
	"row_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"submitted_survey_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"answer" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"submitted_survey_id" integer NOT NULL,
	"image_file_name" text NOT NULL,
	"image_upload_id" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"row_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_attachments_image_file_name_unique" UNIQUE("image_file_name")
);
--> statement-breakpoint
CREATE TABLE "survey_question_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_type" smallint NOT NULL,
	"title" text NOT NULL,
	"sequence" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_type" smallint NOT NULL,
	"placement" text NOT NULL,
	"group_id" integer,
	"question_text" text NOT NULL,
	"question_type" smallint NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"sequence" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nps_responses" ADD CONSTRAINT "nps_responses_retailer_number_retailers_retailer_number_fk" FOREIGN KEY ("retailer_number") REFERENCES "public"."retailers"("retailer_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nps_responses" ADD CONSTRAINT "nps_responses_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nps_responses" ADD CONSTRAINT "nps_responses_plant_number_plants_plant_number_fk" FOREIGN KEY ("plant_number") REFERENCES "public"."plants"("plant_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_billings" ADD CONSTRAINT "service_order_billings_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submitted_surveys" ADD CONSTRAINT "submitted_surveys_home_id_homes_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."homes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submitted_surveys" ADD CONSTRAINT "submitted_surveys_plant_number_plants_plant_number_fk" FOREIGN KEY ("plant_number") REFERENCES "public"."plants"("plant_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submitted_surveys" ADD CONSTRAINT "submitted_surveys_retailer_number_retailers_retailer_number_fk" FOREIGN KEY ("retailer_number") REFERENCES "public"."retailers"("retailer_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submitted_surveys" ADD CONSTRAINT "submitted_surveys_submitted_by_user_id_users_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_submitted_survey_id_submitted_surveys_id_fk" FOREIGN KEY ("submitted_survey_id") REFERENCES "public"."submitted_surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_question_id_survey_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."survey_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_attachments" ADD CONSTRAINT "survey_attachments_submitted_survey_id_submitted_surveys_id_fk" FOREIGN KEY ("submitted_survey_id") REFERENCES "public"."submitted_surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_questions" ADD CONSTRAINT "survey_questions_group_id_survey_question_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."survey_question_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nps_responses_retailer_date_idx" ON "nps_responses" USING btree ("retailer_number","six_month_complete_date");--> statement-breakpoint
CREATE INDEX "service_order_billings_request_idx" ON "service_order_billings" USING btree ("service_request_id");--> statement-breakpoint
CREATE INDEX "service_order_billings_paid_idx" ON "service_order_billings" USING btree ("paid_date");--> statement-breakpoint
CREATE UNIQUE INDEX "submitted_surveys_home_type_idx" ON "submitted_surveys" USING btree ("home_id","survey_type");--> statement-breakpoint
CREATE INDEX "submitted_surveys_retailer_idx" ON "submitted_surveys" USING btree ("retailer_number");--> statement-breakpoint
CREATE INDEX "submitted_surveys_plant_idx" ON "submitted_surveys" USING btree ("plant_number");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_answers_survey_question_idx" ON "survey_answers" USING btree ("submitted_survey_id","question_id");--> statement-breakpoint
CREATE INDEX "survey_attachments_survey_idx" ON "survey_attachments" USING btree ("submitted_survey_id");--> statement-breakpoint
CREATE INDEX "survey_questions_type_idx" ON "survey_questions" USING btree ("survey_type","sequence");