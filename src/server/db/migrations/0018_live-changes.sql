-- Live changes (server/sync/live.ts): every write to a delta-synced list tells the listening instances which table
-- changed and in which transaction — never what changed. Statement-level, and PostgreSQL folds equal notifications of
-- one transaction into one, so a bulk write costs one notification per table. Delivered at commit, to every instance.
CREATE FUNCTION "sync_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('homesite_sync', TG_TABLE_NAME || ' ' || (pg_current_xact_id()::text));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "service_requests_sync_notify" AFTER INSERT OR UPDATE OR DELETE ON "service_requests" FOR EACH STATEMENT EXECUTE FUNCTION "sync_notify"();--> statement-breakpoint
CREATE TRIGGER "parts_orders_sync_notify" AFTER INSERT OR UPDATE OR DELETE ON "parts_orders" FOR EACH STATEMENT EXECUTE FUNCTION "sync_notify"();--> statement-breakpoint
CREATE TRIGGER "warranty_cards_sync_notify" AFTER INSERT OR UPDATE OR DELETE ON "warranty_cards" FOR EACH STATEMENT EXECUTE FUNCTION "sync_notify"();--> statement-breakpoint
CREATE TRIGGER "parts_catalog_sync_notify" AFTER INSERT OR UPDATE OR DELETE ON "parts_catalog" FOR EACH STATEMENT EXECUTE FUNCTION "sync_notify"();--> statement-breakpoint
CREATE TRIGGER "quotes_sync_notify" AFTER INSERT OR UPDATE OR DELETE ON "quotes" FOR EACH STATEMENT EXECUTE FUNCTION "sync_notify"();--> statement-breakpoint
CREATE TRIGGER "sales_orders_sync_notify" AFTER INSERT OR UPDATE OR DELETE ON "sales_orders" FOR EACH STATEMENT EXECUTE FUNCTION "sync_notify"();--> statement-breakpoint
CREATE TRIGGER "leads_sync_notify" AFTER INSERT OR UPDATE OR DELETE ON "leads" FOR EACH STATEMENT EXECUTE FUNCTION "sync_notify"();--> statement-breakpoint
CREATE TRIGGER "inventory_homes_sync_notify" AFTER INSERT OR UPDATE OR DELETE ON "inventory_homes" FOR EACH STATEMENT EXECUTE FUNCTION "sync_notify"();--> statement-breakpoint
-- A stream ends with its session: a token signed out (by its jti), or a user whose profile changed (deactivated,
-- password changed, scope changed: profile_version moves with each), which the stream then checks again.
CREATE FUNCTION "session_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'revoked_tokens' THEN
    PERFORM pg_notify('homesite_sessions', 'jti ' || NEW.jti);
  ELSE
    PERFORM pg_notify('homesite_sessions', 'user ' || NEW.id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "revoked_tokens_session_notify" AFTER INSERT ON "revoked_tokens" FOR EACH ROW EXECUTE FUNCTION "session_notify"();--> statement-breakpoint
CREATE TRIGGER "users_session_notify" AFTER UPDATE ON "users" FOR EACH ROW WHEN (OLD.profile_version IS DISTINCT FROM NEW.profile_version) EXECUTE FUNCTION "session_notify"();
