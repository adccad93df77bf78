-- A record's day of change is the organisation's business day, not the database's UTC day: after 6–7 pm in the US the
-- two differ, and a change made in the evening was dated tomorrow. The server writes this function anew at start for
-- its ORG_TIME_ZONE (business-day.ts matchDatabaseBusinessDay); America/Chicago is the default zone.
CREATE FUNCTION "homesite_business_day"() RETURNS date LANGUAGE sql STABLE AS $$ SELECT (now() AT TIME ZONE 'America/Chicago')::date $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "service_requests_changed_on"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.changed_on := least(coalesce(greatest(NEW.request_date, NEW.start_date, NEW.end_date, NEW.performed_date), homesite_business_day()), homesite_business_day());
  ELSIF NEW.row_version IS DISTINCT FROM OLD.row_version THEN
    NEW.changed_on := homesite_business_day();
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "parts_orders_changed_on"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.changed_on := least(greatest(NEW.order_date, NEW.expected_ship_date), homesite_business_day());
  ELSIF NEW.row_version IS DISTINCT FROM OLD.row_version THEN
    NEW.changed_on := homesite_business_day();
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "warranty_cards_changed_on"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.changed_on := least(coalesce(greatest(NEW.sold_date, (SELECT max(r.changed_on) FROM service_requests r WHERE r.home_id = NEW.home_id)), homesite_business_day()), homesite_business_day());
    NEW.has_open_work_order := EXISTS (SELECT 1 FROM service_requests r WHERE r.home_id = NEW.home_id AND r.status NOT IN ('G', 'N', 'P', 'X', 'Z'));
  ELSIF NEW.row_version IS DISTINCT FROM OLD.row_version THEN
    NEW.changed_on := homesite_business_day();
  END IF;
  RETURN NEW;
END;
$$;
