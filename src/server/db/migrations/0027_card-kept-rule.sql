ALTER TABLE "warranty_cards" ADD COLUMN "changed_on" date DEFAULT current_date NOT NULL;--> statement-breakpoint
ALTER TABLE "warranty_cards" ADD COLUMN "has_open_work_order" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The kept-list rule of warranty cards (contract/kept-lists.ts): a device keeps the cards of homes with an open work
-- order, and those changed in the last KEEP_CLOSED_DAYS, where a card changes with its own writes and with every change
-- of a work order of its home (changed_on moves forward to that work order's). An imported card is as old as its sold
-- date and its home's work orders tell. The triggers below keep both columns; a re-stamp for sync moves neither.
UPDATE "warranty_cards" SET "changed_on" = least(coalesce("sold_date", ("created_at" at time zone 'UTC')::date), current_date);--> statement-breakpoint
UPDATE "warranty_cards" c SET "changed_on" = greatest(c."changed_on", r."changed_on"), "has_open_work_order" = r."open"
FROM (SELECT "home_id", max("changed_on") AS "changed_on", bool_or("status" NOT IN ('G', 'N', 'P', 'X', 'Z')) AS "open" FROM "service_requests" GROUP BY "home_id") r
WHERE c."home_id" = r."home_id";--> statement-breakpoint
CREATE FUNCTION "warranty_cards_changed_on"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.changed_on := least(coalesce(greatest(NEW.sold_date, (SELECT max(r.changed_on) FROM service_requests r WHERE r.home_id = NEW.home_id)), current_date), current_date);
    NEW.has_open_work_order := EXISTS (SELECT 1 FROM service_requests r WHERE r.home_id = NEW.home_id AND r.status NOT IN ('G', 'N', 'P', 'X', 'Z'));
  ELSIF NEW.row_version IS DISTINCT FROM OLD.row_version THEN
    NEW.changed_on := current_date;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "warranty_cards_changed_on" BEFORE INSERT OR UPDATE ON "warranty_cards" FOR EACH ROW EXECUTE FUNCTION "warranty_cards_changed_on"();--> statement-breakpoint
-- One statement's work orders at a time (an import writes thousands): their homes' cards move forward to their latest
-- change and learn whether an open work order is left. A card is written only when one of the two moves.
CREATE FUNCTION "service_requests_touch_cards"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  homes integer[];
  days date[];
BEGIN
  -- The homes whose work orders this statement wrote, with the day of change (NULL for a home a work order left).
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.home_id), array_agg(n.changed_on) INTO homes, days FROM new_rows n;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(t.home_id), array_agg(t.changed_on) INTO homes, days FROM (
      SELECT n.home_id, n.changed_on FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.changed_on IS DISTINCT FROM o.changed_on OR n.status IS DISTINCT FROM o.status OR n.home_id IS DISTINCT FROM o.home_id
      UNION ALL
      SELECT o.home_id, NULL FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.home_id IS DISTINCT FROM o.home_id
    ) t;
  ELSE
    SELECT array_agg(o.home_id), array_agg(NULL::date) INTO homes, days FROM old_rows o;
  END IF;
  IF homes IS NULL THEN RETURN NULL; END IF;
  UPDATE warranty_cards c
  SET changed_on = greatest(c.changed_on, h.changed_on), has_open_work_order = h.open
  FROM (
    SELECT t.home_id, max(t.changed_on) AS changed_on,
      EXISTS (SELECT 1 FROM service_requests r WHERE r.home_id = t.home_id AND r.status NOT IN ('G', 'N', 'P', 'X', 'Z')) AS open
    FROM unnest(homes, days) AS t(home_id, changed_on) WHERE t.home_id IS NOT NULL GROUP BY t.home_id
  ) h
  WHERE c.home_id = h.home_id AND (c.changed_on < h.changed_on OR c.has_open_work_order IS DISTINCT FROM h.open);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "service_requests_touch_cards_insert" AFTER INSERT ON "service_requests" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "service_requests_touch_cards"();--> statement-breakpoint
CREATE TRIGGER "service_requests_touch_cards_update" AFTER UPDATE ON "service_requests" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "service_requests_touch_cards"();--> statement-breakpoint
CREATE TRIGGER "service_requests_touch_cards_delete" AFTER DELETE ON "service_requests" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "service_requests_touch_cards"();--> statement-breakpoint
CREATE INDEX "warranty_cards_plant_open_sync_idx" ON "warranty_cards" USING btree ("plant_number","sync_xid","id") WHERE has_open_work_order;--> statement-breakpoint
CREATE INDEX "warranty_cards_retailer_open_sync_idx" ON "warranty_cards" USING btree ("retailer_number","sync_xid","id") WHERE has_open_work_order;--> statement-breakpoint
CREATE INDEX "warranty_cards_plant_changed_idx" ON "warranty_cards" USING btree ("plant_number","changed_on");--> statement-breakpoint
CREATE INDEX "warranty_cards_retailer_changed_idx" ON "warranty_cards" USING btree ("retailer_number","changed_on");
