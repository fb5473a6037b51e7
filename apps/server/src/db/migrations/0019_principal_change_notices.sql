-- Principal change notices (issue 11): the app keeps the principal of a recently seen access token in memory
-- (modules/access/principal-cache.ts) instead of reading it on every request. Every committed change to what a
-- principal is made of raises a NOTIFY on lading_principal, whichever path or process wrote it, so every instance
-- forgets what it kept: 'user:<id>' for one user, 'grant:<id>' for the tokens of one grant, '*' for everyone.
-- Every pooled connection LISTENs, so the writing process hears its own notice before its COMMIT returns.
CREATE OR REPLACE FUNCTION "notify_principal_user_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('lading_principal', 'user:' || OLD.user_id);
  ELSE
    PERFORM pg_notify('lading_principal', 'user:' || NEW.user_id);
    IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
      PERFORM pg_notify('lading_principal', 'user:' || OLD.user_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_principal_users_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lading_principal', 'user:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_principal_everyone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lading_principal', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A token or grant that ends before it expires (logout, revocation, a replayed refresh token): its grant's tokens.
CREATE OR REPLACE FUNCTION "notify_principal_grant_end"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.type = 'Grant' THEN
    PERFORM pg_notify('lading_principal', 'grant:' || OLD.id);
  ELSIF OLD.grant_id IS NOT NULL THEN
    PERFORM pg_notify('lading_principal', 'grant:' || OLD.grant_id);
  ELSE
    PERFORM pg_notify('lading_principal', '*');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_principal_change" AFTER UPDATE OF "email", "is_active", "party_id", "yard_id", "selected_office_id" ON "users"
  FOR EACH ROW WHEN (
    OLD."email" IS DISTINCT FROM NEW."email" OR OLD."is_active" IS DISTINCT FROM NEW."is_active"
    OR OLD."party_id" IS DISTINCT FROM NEW."party_id" OR OLD."yard_id" IS DISTINCT FROM NEW."yard_id"
    OR OLD."selected_office_id" IS DISTINCT FROM NEW."selected_office_id"
  ) EXECUTE FUNCTION "notify_principal_users_change"();
--> statement-breakpoint
CREATE TRIGGER "users_principal_delete" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "notify_principal_users_change"();
--> statement-breakpoint
CREATE TRIGGER "user_roles_principal_change" AFTER INSERT OR UPDATE OR DELETE ON "user_roles"
  FOR EACH ROW EXECUTE FUNCTION "notify_principal_user_change"();
--> statement-breakpoint
CREATE TRIGGER "user_offices_principal_change" AFTER INSERT OR UPDATE OR DELETE ON "user_offices"
  FOR EACH ROW EXECUTE FUNCTION "notify_principal_user_change"();
--> statement-breakpoint
CREATE TRIGGER "company_memberships_principal_change" AFTER INSERT OR UPDATE OR DELETE ON "company_memberships"
  FOR EACH ROW EXECUTE FUNCTION "notify_principal_user_change"();
--> statement-breakpoint
CREATE TRIGGER "roles_principal_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_principal_everyone"();
--> statement-breakpoint
CREATE TRIGGER "role_grants_principal_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_grants"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_principal_everyone"();
--> statement-breakpoint
CREATE TRIGGER "offices_principal_change" AFTER UPDATE OR DELETE OR TRUNCATE ON "offices"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_principal_everyone"();
--> statement-breakpoint
-- Expired rows (the daily clean-up) are refused by expiry already: only an early end is a notice.
CREATE TRIGGER "oidc_payloads_principal_end" AFTER DELETE ON "oidc_payloads"
  FOR EACH ROW WHEN (
    OLD."type" IN ('AccessToken', 'Grant') AND (OLD."expires_at" IS NULL OR OLD."expires_at" > now())
  ) EXECUTE FUNCTION "notify_principal_grant_end"();
--> statement-breakpoint
CREATE TRIGGER "oidc_payloads_principal_truncate" AFTER TRUNCATE ON "oidc_payloads"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_principal_everyone"();
