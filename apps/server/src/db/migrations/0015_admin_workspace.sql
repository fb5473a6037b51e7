ALTER TABLE "parties" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "users_search_trgm" ON "users" USING gin (lower("email"::text || ' ' || "first_name" || ' ' || "last_name") gin_trgm_ops);