CREATE TABLE "bills_of_lading" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bills_of_lading_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"created_by_id" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"booking_id" integer,
	"pol_id" integer,
	"pod_id" integer,
	"vessel_name" text,
	"voyage_number" text,
	"issuing_office_id" integer,
	"bl_date" date,
	"bl_type" text,
	"load_discharge_terms" text,
	"load_type" text,
	"discharge_type" text,
	"payment_method" text,
	"cargo_category" text,
	"no_of_originals" smallint DEFAULT 3 NOT NULL,
	"no_of_originals_printed" smallint DEFAULT 0 NOT NULL,
	"no_of_copies" smallint DEFAULT 3 NOT NULL,
	"no_of_copies_printed" smallint DEFAULT 0 NOT NULL,
	"no_of_draft_printed" smallint DEFAULT 0 NOT NULL,
	"issued_by" text,
	"issued_on" timestamp with time zone,
	"delivery_agent" text,
	"released_at" text,
	"is_bl_surrendered" boolean DEFAULT false NOT NULL,
	"surrendered_on" timestamp with time zone,
	"surrendered_at" text,
	"surrendered_by" text,
	"surrender_remark" text,
	"shipped_on_board_date" date,
	"shipper_id" integer,
	"shipper_name_in_bl" text,
	"shipper_phone_no" text,
	"consignee_id" integer,
	"consignee_name_in_bl" text,
	"consignee_phone_no" text,
	"weight_unit_in_bl" text DEFAULT 'KG' NOT NULL,
	"description" text,
	"marks_and_nos" text,
	"no_of_packs" integer,
	"total_containers" integer DEFAULT 0 NOT NULL,
	"net_weight" numeric(14, 2),
	"net_weight_unit" text DEFAULT 'KG' NOT NULL,
	"gross_weight" numeric(14, 2),
	"gross_weight_unit" text DEFAULT 'KG' NOT NULL,
	"measurement" numeric(14, 2),
	"said_to_contain" text,
	"shipper_load_and_stow_count" boolean DEFAULT true NOT NULL,
	"one_door_open_container" boolean DEFAULT false NOT NULL,
	"docs_status" text,
	"hide_tare_weight" boolean DEFAULT false NOT NULL,
	"hide_total_weight" boolean DEFAULT false NOT NULL,
	"hide_cbm" boolean DEFAULT false NOT NULL,
	"review_comment" text,
	"approved_snapshot" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_of_lading_number_unique" UNIQUE("number"),
	CONSTRAINT "bills_of_lading_version_positive" CHECK ("bills_of_lading"."version" > 0)
);
--> statement-breakpoint
CREATE TABLE "bl_cargo_details" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bl_cargo_details_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bl_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"hs_code_id" integer,
	"hsn_code_add_on" text,
	"commodity" text,
	"package_type_id" integer,
	"package_details" text
);
--> statement-breakpoint
CREATE TABLE "bl_containers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bl_containers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bl_id" integer NOT NULL,
	"container_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"seal_no" text,
	"package_type_id" integer,
	"no_of_packs" integer,
	"net_weight" numeric(14, 2),
	"gross_weight" numeric(14, 2),
	"gross_weight_unit" text DEFAULT 'KG' NOT NULL,
	"measurement" numeric(14, 2),
	"vgm" numeric(14, 2),
	"vgm_method" text,
	CONSTRAINT "bl_containers_container" UNIQUE("bl_id","container_id")
);
--> statement-breakpoint
CREATE TABLE "bl_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bl_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bl_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"version" integer NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "bl_notify_parties" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bl_notify_parties_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bl_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"party_id" integer,
	"is_non_party" boolean DEFAULT false NOT NULL,
	"non_party" text DEFAULT '' NOT NULL,
	"party_name_in_bl" text,
	"address" text,
	"mobile" text,
	"email" text,
	CONSTRAINT "bl_notify_parties_position" UNIQUE("bl_id","position"),
	CONSTRAINT "bl_notify_parties_position_range" CHECK ("bl_notify_parties"."position" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"created_by_id" integer NOT NULL,
	"pol_id" integer,
	"pod_id" integer,
	"vessel_name" text,
	"voyage_number" text,
	"status" text DEFAULT 'CONFIRMED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "containers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "containers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"iso_code" text NOT NULL,
	"nickname" text NOT NULL,
	"tare_weight" numeric(14, 2) NOT NULL,
	CONSTRAINT "containers_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "offices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"is_corporate" boolean DEFAULT false NOT NULL,
	"port_id" integer,
	CONSTRAINT "offices_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "bills_of_lading" ADD CONSTRAINT "bills_of_lading_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills_of_lading" ADD CONSTRAINT "bills_of_lading_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills_of_lading" ADD CONSTRAINT "bills_of_lading_pol_id_ports_id_fk" FOREIGN KEY ("pol_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills_of_lading" ADD CONSTRAINT "bills_of_lading_pod_id_ports_id_fk" FOREIGN KEY ("pod_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills_of_lading" ADD CONSTRAINT "bills_of_lading_issuing_office_id_offices_id_fk" FOREIGN KEY ("issuing_office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills_of_lading" ADD CONSTRAINT "bills_of_lading_shipper_id_parties_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills_of_lading" ADD CONSTRAINT "bills_of_lading_consignee_id_parties_id_fk" FOREIGN KEY ("consignee_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bl_cargo_details" ADD CONSTRAINT "bl_cargo_details_bl_id_bills_of_lading_id_fk" FOREIGN KEY ("bl_id") REFERENCES "public"."bills_of_lading"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bl_cargo_details" ADD CONSTRAINT "bl_cargo_details_hs_code_id_hs_codes_id_fk" FOREIGN KEY ("hs_code_id") REFERENCES "public"."hs_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bl_cargo_details" ADD CONSTRAINT "bl_cargo_details_package_type_id_package_types_id_fk" FOREIGN KEY ("package_type_id") REFERENCES "public"."package_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bl_containers" ADD CONSTRAINT "bl_containers_bl_id_bills_of_lading_id_fk" FOREIGN KEY ("bl_id") REFERENCES "public"."bills_of_lading"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bl_containers" ADD CONSTRAINT "bl_containers_container_id_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."containers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bl_containers" ADD CONSTRAINT "bl_containers_package_type_id_package_types_id_fk" FOREIGN KEY ("package_type_id") REFERENCES "public"."package_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bl_history" ADD CONSTRAINT "bl_history_bl_id_bills_of_lading_id_fk" FOREIGN KEY ("bl_id") REFERENCES "public"."bills_of_lading"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bl_history" ADD CONSTRAINT "bl_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bl_notify_parties" ADD CONSTRAINT "bl_notify_parties_bl_id_bills_of_lading_id_fk" FOREIGN KEY ("bl_id") REFERENCES "public"."bills_of_lading"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bl_notify_parties" ADD CONSTRAINT "bl_notify_parties_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_pol_id_ports_id_fk" FOREIGN KEY ("pol_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_pod_id_ports_id_fk" FOREIGN KEY ("pod_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offices" ADD CONSTRAINT "offices_port_id_ports_id_fk" FOREIGN KEY ("port_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bills_of_lading_created_by_idx" ON "bills_of_lading" USING btree ("created_by_id","id");--> statement-breakpoint
CREATE INDEX "bills_of_lading_status_idx" ON "bills_of_lading" USING btree ("status");--> statement-breakpoint
CREATE INDEX "bills_of_lading_pol_idx" ON "bills_of_lading" USING btree ("pol_id");--> statement-breakpoint
CREATE INDEX "bills_of_lading_pod_idx" ON "bills_of_lading" USING btree ("pod_id");--> statement-breakpoint
CREATE INDEX "bills_of_lading_booking_idx" ON "bills_of_lading" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "bl_cargo_details_bl_idx" ON "bl_cargo_details" USING btree ("bl_id");--> statement-breakpoint
CREATE INDEX "bl_containers_bl_idx" ON "bl_containers" USING btree ("bl_id");--> statement-breakpoint
CREATE INDEX "bl_history_bl_idx" ON "bl_history" USING btree ("bl_id","at");--> statement-breakpoint
CREATE INDEX "bookings_created_by_idx" ON "bookings" USING btree ("created_by_id");