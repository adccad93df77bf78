CREATE TABLE "homes" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial_number" text NOT NULL,
	"plant_number" text NOT NULL,
	"retailer_number" text NOT NULL,
	"model_number" text NOT NULL,
	"model_name" text NOT NULL,
	"sections" smallint NOT NULL,
	"square_footage" integer NOT NULL,
	"bedrooms" smallint NOT NULL,
	"bathrooms" smallint NOT NULL,
	"manufactured_date" date NOT NULL,
	"sold_date" date,
	"homeowner_first_name" text,
	"homeowner_last_name" text,
	"homeowner_email" text,
	"homeowner_phone" text,
	"address1" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"row_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homes_serial_number_unique" UNIQUE("serial_number")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"state" text NOT NULL,
	"claim" text NOT NULL,
	"response_status" integer,
	"response_content_type" text,
	"response_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "idempotency_keys_user_key" UNIQUE NULLS NOT DISTINCT("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "log_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"format" text NOT NULL,
	"message" text NOT NULL,
	"exception" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plants" (
	"plant_number" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"print_name" text NOT NULL,
	"serial_prefix" text NOT NULL,
	"marketing_url_retail" text NOT NULL,
	"marketing_url_independent" text NOT NULL,
	"address1" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retailers" (
	"retailer_number" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"retailer_type" text NOT NULL,
	"address1" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"web_enabled" boolean DEFAULT true NOT NULL,
	"portal_metadata_id" integer,
	"developer_name" text DEFAULT '' NOT NULL,
	"business_unit" text DEFAULT '' NOT NULL,
	"business_unit_number" text DEFAULT '' NOT NULL,
	"deploy_workflow" boolean DEFAULT false NOT NULL,
	"deploy_dispatch" boolean DEFAULT false NOT NULL,
	"deploy_portal" boolean DEFAULT false NOT NULL,
	"partner_portal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revoked_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"retailer_number" text,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"priority" text NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terms_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"modified_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_plants" (
	"user_id" integer NOT NULL,
	"plant_number" text NOT NULL,
	CONSTRAINT "user_plants_user_id_plant_number_pk" PRIMARY KEY("user_id","plant_number")
);
--> statement-breakpoint
CREATE TABLE "user_retailers" (
	"user_id" integer NOT NULL,
	"retailer_number" text NOT NULL,
	CONSTRAINT "user_retailers_user_id_retailer_number_pk" PRIMARY KEY("user_id","retailer_number")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"password_last_changed" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_internal" boolean DEFAULT false NOT NULL,
	"is_plant_user" boolean DEFAULT false NOT NULL,
	"employee_id" text,
	"terms_acceptance_date" timestamp with time zone,
	"current_retailer_number" text,
	"row_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "homes" ADD CONSTRAINT "homes_plant_number_plants_plant_number_fk" FOREIGN KEY ("plant_number") REFERENCES "public"."plants"("plant_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homes" ADD CONSTRAINT "homes_retailer_number_retailers_retailer_number_fk" FOREIGN KEY ("retailer_number") REFERENCES "public"."retailers"("retailer_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_messages" ADD CONSTRAINT "log_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_retailer_number_retailers_retailer_number_fk" FOREIGN KEY ("retailer_number") REFERENCES "public"."retailers"("retailer_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_plants" ADD CONSTRAINT "user_plants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_plants" ADD CONSTRAINT "user_plants_plant_number_plants_plant_number_fk" FOREIGN KEY ("plant_number") REFERENCES "public"."plants"("plant_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_retailers" ADD CONSTRAINT "user_retailers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_retailers" ADD CONSTRAINT "user_retailers_retailer_number_retailers_retailer_number_fk" FOREIGN KEY ("retailer_number") REFERENCES "public"."retailers"("retailer_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_current_retailer_number_retailers_retailer_number_fk" FOREIGN KEY ("current_retailer_number") REFERENCES "public"."retailers"("retailer_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "homes_retailer_idx" ON "homes" USING btree ("retailer_number");--> statement-breakpoint
CREATE INDEX "homes_plant_idx" ON "homes" USING btree ("plant_number");--> statement-breakpoint
CREATE INDEX "login_attempts_user_time_idx" ON "login_attempts" USING btree ("user_name","attempted_at");--> statement-breakpoint
CREATE INDEX "user_retailers_retailer_idx" ON "user_retailers" USING btree ("retailer_number");--> statement-breakpoint
CREATE UNIQUE INDEX "users_user_name_lower_key" ON "users" USING btree (lower("user_name"));