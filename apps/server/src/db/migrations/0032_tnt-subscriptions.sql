CREATE TABLE "tracking_deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracking_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"ordering_key" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_status" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "tracking_deliveries_once" UNIQUE("subscription_id","event_id"),
	CONSTRAINT "tracking_deliveries_status_check" CHECK ("tracking_deliveries"."status" in ('PENDING', 'DELIVERED', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "tracking_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracking_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"scope" jsonb NOT NULL,
	"created_by_id" integer,
	"callback_url" text NOT NULL,
	"secret_sealed" jsonb NOT NULL,
	"event_types" text[],
	"shipment_event_type_codes" text[],
	"document_type_codes" text[],
	"document_reference" text,
	"equipment_event_type_codes" text[],
	"equipment_reference" text,
	"transport_event_type_codes" text[],
	"transport_call_reference" text,
	"transport_call_id" integer,
	"vessel_imo_number" text,
	"carrier_export_voyage_number" text,
	"carrier_service_code" text,
	"un_location_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_subscriptions_subscription_id_unique" UNIQUE("subscription_id")
);
--> statement-breakpoint
ALTER TABLE "tracking_deliveries" ADD CONSTRAINT "tracking_deliveries_subscription_id_tracking_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."tracking_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_subscriptions" ADD CONSTRAINT "tracking_subscriptions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_subscriptions" ADD CONSTRAINT "tracking_subscriptions_transport_call_id_transport_calls_id_fk" FOREIGN KEY ("transport_call_id") REFERENCES "public"."transport_calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracking_deliveries_due_idx" ON "tracking_deliveries" USING btree ("next_attempt_at","id") WHERE "tracking_deliveries"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "tracking_deliveries_order_idx" ON "tracking_deliveries" USING btree ("subscription_id","ordering_key","event_id") WHERE "tracking_deliveries"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "tracking_subscriptions_scope_idx" ON "tracking_subscriptions" USING btree ("scope");--> statement-breakpoint
CREATE INDEX "tracking_events_feed_equipment_idx" ON "tracking_events" USING btree ("equipment_reference","created_at","id");--> statement-breakpoint
CREATE INDEX "tracking_events_feed_document_idx" ON "tracking_events" USING btree ("document_reference","created_at","id");--> statement-breakpoint
CREATE INDEX "tracking_events_voyage_idx" ON "tracking_events" USING btree ("voyage_id");--> statement-breakpoint
CREATE INDEX "tracking_events_port_idx" ON "tracking_events" USING btree ("port_id");