ALTER TABLE "offices" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- A port served by two offices before the index: the corporate office (else the oldest office) keeps it, the others serve none until an administrator picks another port.
UPDATE "offices" o SET "port_id" = NULL, "version" = o."version" + 1 WHERE o."port_id" IS NOT NULL AND EXISTS (SELECT 1 FROM "offices" k WHERE k."port_id" = o."port_id" AND (k."is_corporate", -k."id") > (o."is_corporate", -o."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "offices_port_unique" ON "offices" USING btree ("port_id") WHERE port_id is not null;
