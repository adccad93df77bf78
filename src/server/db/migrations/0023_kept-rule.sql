ALTER TABLE "service_requests" ADD COLUMN "changed_on" date DEFAULT current_date NOT NULL;--> statement-breakpoint
ALTER TABLE "parts_orders" ADD COLUMN "changed_on" date DEFAULT current_date NOT NULL;--> statement-breakpoint
-- The kept-list rule (contract/kept-lists.ts): a closed work order or parts order stays on devices while it changed in
-- the last KEEP_CLOSED_DAYS. changed_on is that day. A row made here is changed the day it is made; an imported one
-- the last day its own dates tell (never later than today); any write after that moves row_version, and with it
-- changed_on. A re-stamp for sync (a rename) moves neither: it is not a change of the record.
UPDATE "service_requests" SET "changed_on" = least(coalesce(greatest("request_date", "start_date", "end_date", "performed_date", ("submitted_at" at time zone 'UTC')::date), ("created_at" at time zone 'UTC')::date), current_date);--> statement-breakpoint
UPDATE "parts_orders" o SET "changed_on" = least(greatest(o."order_date", o."expected_ship_date", (SELECT max(i."received_date") FROM "parts_order_items" i WHERE i."parts_order_id" = o."id")), current_date);--> statement-breakpoint
CREATE FUNCTION "service_requests_changed_on"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.changed_on := least(coalesce(greatest(NEW.request_date, NEW.start_date, NEW.end_date, NEW.performed_date), current_date), current_date);
  ELSIF NEW.row_version IS DISTINCT FROM OLD.row_version THEN
    NEW.changed_on := current_date;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "service_requests_changed_on" BEFORE INSERT OR UPDATE ON "service_requests" FOR EACH ROW EXECUTE FUNCTION "service_requests_changed_on"();--> statement-breakpoint
CREATE FUNCTION "parts_orders_changed_on"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.changed_on := least(greatest(NEW.order_date, NEW.expected_ship_date), current_date);
  ELSIF NEW.row_version IS DISTINCT FROM OLD.row_version THEN
    NEW.changed_on := current_date;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "parts_orders_changed_on" BEFORE INSERT OR UPDATE ON "parts_orders" FOR EACH ROW EXECUTE FUNCTION "parts_orders_changed_on"();
