DROP TABLE "bl_history" CASCADE;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_admin";