DROP INDEX "bills_of_lading_created_by_idx";--> statement-breakpoint
DROP INDEX "bills_of_lading_status_idx";--> statement-breakpoint
CREATE INDEX "bills_of_lading_owner_updated_idx" ON "bills_of_lading" USING btree ("created_by_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "bills_of_lading_office_updated_idx" ON "bills_of_lading" USING btree ("issuing_office_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "bills_of_lading_status_updated_idx" ON "bills_of_lading" USING btree ("status","updated_at","id");--> statement-breakpoint
CREATE INDEX "bills_of_lading_updated_idx" ON "bills_of_lading" USING btree ("updated_at","id");