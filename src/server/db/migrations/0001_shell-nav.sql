CREATE TABLE "feedback_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"retailer_number" text,
	"satisfaction" smallint NOT NULL,
	"works_well" text NOT NULL,
	"improve" text NOT NULL,
	"may_contact" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_note_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"release_note_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"category" text NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "release_note_items_position" UNIQUE("release_note_id","position")
);
--> statement-breakpoint
CREATE TABLE "release_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"release_date" date NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "release_notes_version_unique" UNIQUE("version")
);
--> statement-breakpoint
CREATE TABLE "retailer_plants" (
	"retailer_number" text NOT NULL,
	"plant_number" text NOT NULL,
	CONSTRAINT "retailer_plants_retailer_number_plant_number_pk" PRIMARY KEY("retailer_number","plant_number")
);
--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD CONSTRAINT "feedback_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD CONSTRAINT "feedback_responses_retailer_number_retailers_retailer_number_fk" FOREIGN KEY ("retailer_number") REFERENCES "public"."retailers"("retailer_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_note_items" ADD CONSTRAINT "release_note_items_release_note_id_release_notes_id_fk" FOREIGN KEY ("release_note_id") REFERENCES "public"."release_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retailer_plants" ADD CONSTRAINT "retailer_plants_retailer_number_retailers_retailer_number_fk" FOREIGN KEY ("retailer_number") REFERENCES "public"."retailers"("retailer_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retailer_plants" ADD CONSTRAINT "retailer_plants_plant_number_plants_plant_number_fk" FOREIGN KEY ("plant_number") REFERENCES "public"."plants"("plant_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retailer_plants_plant_idx" ON "retailer_plants" USING btree ("plant_number");