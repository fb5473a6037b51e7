CREATE TABLE "carrier_services" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "carrier_services_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"frequency_days" smallint DEFAULT 7 NOT NULL,
	"voyage_suffix" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrier_services_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "service_calls" (
	"service_id" integer NOT NULL,
	"sequence" smallint NOT NULL,
	"port_id" integer NOT NULL,
	"terminal_name" text,
	"day_offset" smallint NOT NULL,
	"port_stay_hours" smallint DEFAULT 24 NOT NULL,
	CONSTRAINT "service_calls_service_id_sequence_pk" PRIMARY KEY("service_id","sequence")
);
--> statement-breakpoint
CREATE TABLE "service_cut_offs" (
	"service_id" integer NOT NULL,
	"code" text NOT NULL,
	"hours_before_departure" smallint NOT NULL,
	CONSTRAINT "service_cut_offs_service_id_code_pk" PRIMARY KEY("service_id","code")
);
--> statement-breakpoint
CREATE TABLE "service_vessels" (
	"service_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"vessel_id" integer NOT NULL,
	CONSTRAINT "service_vessels_service_id_position_pk" PRIMARY KEY("service_id","position")
);
--> statement-breakpoint
CREATE TABLE "transport_call_cut_offs" (
	"transport_call_id" integer NOT NULL,
	"code" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "transport_call_cut_offs_transport_call_id_code_pk" PRIMARY KEY("transport_call_id","code")
);
--> statement-breakpoint
CREATE TABLE "transport_calls" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transport_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"voyage_id" integer NOT NULL,
	"sequence" smallint NOT NULL,
	"port_id" integer NOT NULL,
	"terminal_name" text,
	"planned_arrival" timestamp with time zone NOT NULL,
	"planned_departure" timestamp with time zone NOT NULL,
	"eta" timestamp with time zone NOT NULL,
	"etd" timestamp with time zone NOT NULL,
	"ata" timestamp with time zone,
	"atd" timestamp with time zone,
	"status" text DEFAULT 'SCHEDULED' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "transport_calls_voyage_sequence_unique" UNIQUE("voyage_id","sequence"),
	CONSTRAINT "transport_calls_status_check" CHECK ("transport_calls"."status" in ('SCHEDULED', 'OMITTED', 'ARRIVED', 'DEPARTED'))
);
--> statement-breakpoint
CREATE TABLE "vessels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vessels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"imo_number" text NOT NULL,
	"name" text NOT NULL,
	"flag" text NOT NULL,
	"call_sign" text,
	"operator_carrier_code" text NOT NULL,
	"teu_capacity" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vessels_imo_number_unique" UNIQUE("imo_number")
);
--> statement-breakpoint
CREATE TABLE "voyages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "voyages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"service_id" integer NOT NULL,
	"vessel_id" integer NOT NULL,
	"carrier_voyage_number" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voyages_service_number_unique" UNIQUE("service_id","carrier_voyage_number")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "voyage_id" integer;--> statement-breakpoint
ALTER TABLE "ports" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "service_calls" ADD CONSTRAINT "service_calls_service_id_carrier_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."carrier_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_calls" ADD CONSTRAINT "service_calls_port_id_ports_id_fk" FOREIGN KEY ("port_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_cut_offs" ADD CONSTRAINT "service_cut_offs_service_id_carrier_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."carrier_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_vessels" ADD CONSTRAINT "service_vessels_service_id_carrier_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."carrier_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_vessels" ADD CONSTRAINT "service_vessels_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_call_cut_offs" ADD CONSTRAINT "transport_call_cut_offs_transport_call_id_transport_calls_id_fk" FOREIGN KEY ("transport_call_id") REFERENCES "public"."transport_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_calls" ADD CONSTRAINT "transport_calls_voyage_id_voyages_id_fk" FOREIGN KEY ("voyage_id") REFERENCES "public"."voyages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_calls" ADD CONSTRAINT "transport_calls_port_id_ports_id_fk" FOREIGN KEY ("port_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voyages" ADD CONSTRAINT "voyages_service_id_carrier_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."carrier_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voyages" ADD CONSTRAINT "voyages_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transport_calls_port_etd_idx" ON "transport_calls" USING btree ("port_id","etd");--> statement-breakpoint
CREATE INDEX "transport_calls_port_eta_idx" ON "transport_calls" USING btree ("port_id","eta");--> statement-breakpoint
CREATE INDEX "voyages_vessel_idx" ON "voyages" USING btree ("vessel_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_voyage_id_voyages_id_fk" FOREIGN KEY ("voyage_id") REFERENCES "public"."voyages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_voyage_idx" ON "bookings" USING btree ("voyage_id");