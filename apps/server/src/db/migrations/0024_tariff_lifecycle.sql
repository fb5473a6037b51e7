CREATE TABLE "quotation_tariffs" (
	"quotation_id" integer NOT NULL,
	"tariff_id" integer NOT NULL,
	CONSTRAINT "quotation_tariffs_quotation_id_tariff_id_pk" PRIMARY KEY("quotation_id","tariff_id")
);
--> statement-breakpoint
ALTER TABLE "tariffs" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "quotation_tariffs" ADD CONSTRAINT "quotation_tariffs_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_tariffs" ADD CONSTRAINT "quotation_tariffs_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotation_tariffs_tariff_idx" ON "quotation_tariffs" USING btree ("tariff_id");--> statement-breakpoint
-- Quotations priced before this migration did not record their tariffs: link each priced quotation to the tariffs of
-- its lane and size-types whose validity covers its cargo ready date (at most one each: validities never overlapped),
-- so that no tariff that may have priced one can be deleted.
INSERT INTO "quotation_tariffs" ("quotation_id", "tariff_id")
SELECT DISTINCT q."id", t."id"
FROM "quotations" q
JOIN "quotation_equipment" e ON e."quotation_id" = q."id"
JOIN "tariffs" t ON t."pol_id" = q."pol_id" AND t."pod_id" = q."pod_id" AND t."iso_code" = e."iso_code"
  AND q."cargo_ready_date" BETWEEN t."valid_from" AND t."valid_to"
WHERE q."total_amount" IS NOT NULL;
