CREATE TABLE "tracking_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracking_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"event_type" text NOT NULL,
	"code" text NOT NULL,
	"classifier" text NOT NULL,
	"event_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retracts_id" integer,
	"container_id" integer,
	"equipment_reference" text,
	"iso_equipment_code" text,
	"empty_indicator" text,
	"transshipment" boolean DEFAULT false NOT NULL,
	"port_id" integer,
	"facility_code" text,
	"facility_type_code" text,
	"voyage_id" integer,
	"transport_call_id" integer,
	"booking_id" integer,
	"bill_id" integer,
	"document_type_code" text,
	"document_reference" text,
	"reason" text,
	"source" text NOT NULL,
	"recorded_by_id" integer,
	CONSTRAINT "tracking_events_event_id_unique" UNIQUE("event_id"),
	CONSTRAINT "tracking_events_type_check" CHECK ("tracking_events"."event_type" in ('EQUIPMENT', 'TRANSPORT', 'SHIPMENT')),
	CONSTRAINT "tracking_events_classifier_check" CHECK ("tracking_events"."classifier" in ('ACT', 'EST', 'PLN')),
	CONSTRAINT "tracking_events_shipment_is_actual" CHECK ("tracking_events"."event_type" <> 'SHIPMENT' or "tracking_events"."classifier" = 'ACT')
);
--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_container_id_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."containers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_port_id_ports_id_fk" FOREIGN KEY ("port_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_voyage_id_voyages_id_fk" FOREIGN KEY ("voyage_id") REFERENCES "public"."voyages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_transport_call_id_transport_calls_id_fk" FOREIGN KEY ("transport_call_id") REFERENCES "public"."transport_calls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_bill_id_bills_of_lading_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills_of_lading"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracking_events_container_idx" ON "tracking_events" USING btree ("equipment_reference","event_at");--> statement-breakpoint
CREATE INDEX "tracking_events_booking_idx" ON "tracking_events" USING btree ("booking_id","event_at");--> statement-breakpoint
CREATE INDEX "tracking_events_bill_idx" ON "tracking_events" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "tracking_events_call_idx" ON "tracking_events" USING btree ("transport_call_id");--> statement-breakpoint
CREATE INDEX "tracking_events_created_idx" ON "tracking_events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tracking_events_retracts_idx" ON "tracking_events" USING btree ("retracts_id");--> statement-breakpoint
-- Events are append-only (decision 027): a correction is a new event retracting the old one, never a change.
CREATE FUNCTION "tracking_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'tracking_events is append-only: record a correcting event instead' USING ERRCODE = '55000';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tracking_events_no_change" BEFORE UPDATE OR DELETE ON "tracking_events"
  FOR EACH ROW EXECUTE FUNCTION "tracking_events_append_only"();
--> statement-breakpoint
CREATE TRIGGER "tracking_events_no_truncate" BEFORE TRUNCATE ON "tracking_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "tracking_events_append_only"();
