-- A retail center's or plant's zone, or the address it is read from when none is stored (contract/time-zones.ts), is in
-- the profiles of its users; a retail center's is also in its warranty cards and parts orders. A change of them, by the
-- admin page or an import alike, loads those profiles again and syncs those records again. Its own trigger: the
-- name's (migration 0007) also rewrites every work order of a plant, which its zone is not in.
CREATE FUNCTION "retailers_zone_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "warranty_cards" SET "sync_xid" = 0 WHERE "home_id" IN (SELECT h.id FROM "homes" h WHERE h.retailer_number = NEW.retailer_number);
  UPDATE "parts_orders" SET "sync_xid" = 0 WHERE "retailer_number" = NEW.retailer_number;
  UPDATE "users" SET "profile_version" = "profile_version" + 1 WHERE "id" IN (SELECT r.user_id FROM "user_retailers" r WHERE r.retailer_number = NEW.retailer_number);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "retailers_zone_touch" AFTER UPDATE ON "retailers" FOR EACH ROW
  WHEN (ROW(OLD.time_zone, OLD.state, OLD.zip_code) IS DISTINCT FROM ROW(NEW.time_zone, NEW.state, NEW.zip_code))
  EXECUTE FUNCTION "retailers_zone_touch"();--> statement-breakpoint
CREATE FUNCTION "plants_zone_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "profile_version" = "profile_version" + 1 WHERE "id" IN (SELECT p.user_id FROM "user_plants" p WHERE p.plant_number = NEW.plant_number);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "plants_zone_touch" AFTER UPDATE ON "plants" FOR EACH ROW
  WHEN (ROW(OLD.time_zone, OLD.state, OLD.zip_code) IS DISTINCT FROM ROW(NEW.time_zone, NEW.state, NEW.zip_code))
  EXECUTE FUNCTION "plants_zone_touch"();
