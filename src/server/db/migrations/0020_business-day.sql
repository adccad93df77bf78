ALTER TABLE "plants" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "retailers" ADD COLUMN "time_zone" text;