ALTER TABLE "sessions" ADD COLUMN "grant_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Keep the grant each live session already had, so signing out still revokes it after the upgrade.
UPDATE "sessions" SET "grant_ids" = ARRAY["grant_id"] WHERE "grant_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" DROP COLUMN "grant_id";