ALTER TABLE "users" ADD COLUMN "token_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- One clock (issue 22 §4): a password change ends older tokens by a counter the tokens carry, not by a time. Tokens
-- issued before this carry no generation and count as 0: where a password change still refuses some of them (one
-- within a token's 12-hour lifetime), they stay refused, but the one that made the change (token_kept_jti).
UPDATE "users" SET "token_generation" = 1 WHERE "tokens_not_before" > now() - interval '12 hours';--> statement-breakpoint
-- Instances of the previous version, during a rolling upgrade, mark a password change with tokens_not_before only:
-- it counts as a new generation all the same (this version sets both, to the same value).
CREATE FUNCTION "users_token_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.tokens_not_before IS DISTINCT FROM OLD.tokens_not_before THEN
    NEW.token_generation := OLD.token_generation + 1;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_token_generation" BEFORE UPDATE OF "tokens_not_before" ON "users" FOR EACH ROW EXECUTE FUNCTION "users_token_generation"();
