CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_user_id" integer,
	"actor_name" text,
	"target_user_id" integer,
	"target_name" text,
	"retailer_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"client_address" text,
	"request_id" text
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"sealed_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "one_time_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_because" text,
	CONSTRAINT "one_time_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "password_reset_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"client_address" text,
	"requested_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "one_time_links" ADD CONSTRAINT "one_time_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "audit_events_retailers_idx" ON "audit_events" USING gin ("retailer_numbers");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."sent_at" is null and "mail_outbox"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "one_time_links_open_idx" ON "one_time_links" USING btree ("user_id") WHERE "one_time_links"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "password_reset_requests_user_time_idx" ON "password_reset_requests" USING btree ("user_name","requested_at");--> statement-breakpoint
CREATE INDEX "password_reset_requests_address_time_idx" ON "password_reset_requests" USING btree ("client_address","requested_at");--> statement-breakpoint
-- Imported users were given a hash no password matches, and no password date; from now on they have no password at
-- all (null), which an invitation's link sets. Users who set a password have a date.
UPDATE "users" SET "password_hash" = NULL WHERE "password_last_changed" IS NULL;
--> statement-breakpoint
-- Queued mail wakes the mailers of every instance at commit (server/mail/mailer.ts); they poll besides.
CREATE FUNCTION "mail_outbox_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('homesite_mail', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "mail_outbox_notify" AFTER INSERT ON "mail_outbox" FOR EACH STATEMENT EXECUTE FUNCTION "mail_outbox_notify"();
