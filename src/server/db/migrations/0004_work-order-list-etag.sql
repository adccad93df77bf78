ALTER TABLE "service_requests" ADD COLUMN "updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL;--> statement-breakpoint
-- Every update of a request moves updated_at, whichever code path wrote it: the list's ETag counts on it.
-- clock_timestamp(), not now(): two writes in one transaction must still differ from a read between them elsewhere.
CREATE FUNCTION "touch_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := clock_timestamp();
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "service_requests_touch_updated_at" BEFORE UPDATE ON "service_requests" FOR EACH ROW EXECUTE FUNCTION "touch_updated_at"();
