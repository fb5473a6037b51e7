CREATE INDEX "bills_of_lading_office_status_idx" ON "bills_of_lading" USING btree ("issuing_office_id","status");--> statement-breakpoint
CREATE INDEX "bills_of_lading_number_trgm" ON "bills_of_lading" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_office_status_idx" ON "bookings" USING btree ("office_id","status");--> statement-breakpoint
CREATE INDEX "bookings_number_trgm" ON "bookings" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_party_idx" ON "users" USING btree ("party_id");