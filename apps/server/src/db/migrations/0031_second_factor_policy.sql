ALTER TABLE "roles" ADD COLUMN "requires_second_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "enrolment_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Existing databases: every role granting an ADMIN permission requires a second factor (decision 023); new ones get it from the seed.
UPDATE "roles" SET "requires_second_factor" = true WHERE EXISTS (SELECT 1 FROM "role_grants" g WHERE g."role_id" = "roles"."id" AND g."module" = 'ADMIN');
