ALTER TABLE "users" ADD COLUMN "tokens_not_before" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "token_kept_jti" text;