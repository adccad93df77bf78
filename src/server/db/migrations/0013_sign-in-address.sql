ALTER TABLE "login_attempts" ADD COLUMN "client_address" text;--> statement-breakpoint
CREATE INDEX "login_attempts_address_time_idx" ON "login_attempts" USING btree ("client_address","attempted_at");