ALTER TABLE "login_failures" RENAME COLUMN "username" TO "account_key";--> statement-breakpoint
DROP INDEX "login_failures_username_at_idx";--> statement-breakpoint
CREATE INDEX "login_failures_account_at_idx" ON "login_failures" USING btree ("account_key","at");--> statement-breakpoint
-- Counters were kept per typed identifier; they are per account now, so the old ones (at most a day old) go.
DELETE FROM "login_failures";
