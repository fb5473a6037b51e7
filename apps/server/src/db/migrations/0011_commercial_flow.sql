CREATE SEQUENCE "public"."booking_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."quotation_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "quotation_charges" (
	"quotation_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"basis" text NOT NULL,
	"iso_code" text,
	"quantity" smallint NOT NULL,
	"unit_amount" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	CONSTRAINT "quotation_charges_quotation_id_position_pk" PRIMARY KEY("quotation_id","position")
);
--> statement-breakpoint
CREATE TABLE "quotation_equipment" (
	"quotation_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"iso_code" text NOT NULL,
	"quantity" smallint NOT NULL,
	"weight_per_unit" numeric(14, 2) NOT NULL,
	"weight_unit" text NOT NULL,
	CONSTRAINT "quotation_equipment_quotation_id_position_pk" PRIMARY KEY("quotation_id","position")
);
--> statement-breakpoint
CREATE TABLE "quotations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quotations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"status" text NOT NULL,
	"created_by_id" integer NOT NULL,
	"office_id" integer,
	"pol_id" integer NOT NULL,
	"pod_id" integer NOT NULL,
	"cargo_type" text NOT NULL,
	"hazard_class" text,
	"un_number" text,
	"hs_code_id" integer NOT NULL,
	"cargo_ready_date" date NOT NULL,
	"pickup" jsonb,
	"delivery" jsonb,
	"currency" text,
	"total_amount" numeric(14, 2),
	"valid_until" date,
	"rejection_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotations_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "tariff_charges" (
	"tariff_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"basis" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"hazardous_only" boolean DEFAULT false NOT NULL,
	CONSTRAINT "tariff_charges_tariff_id_position_pk" PRIMARY KEY("tariff_id","position")
);
--> statement-breakpoint
CREATE TABLE "tariffs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tariffs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pol_id" integer NOT NULL,
	"pod_id" integer NOT NULL,
	"iso_code" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"currency" text NOT NULL,
	"created_by_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "quotation_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "office_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "etd" date;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "eta" date;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "quotation_charges" ADD CONSTRAINT "quotation_charges_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_equipment" ADD CONSTRAINT "quotation_equipment_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_pol_id_ports_id_fk" FOREIGN KEY ("pol_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_pod_id_ports_id_fk" FOREIGN KEY ("pod_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_hs_code_id_hs_codes_id_fk" FOREIGN KEY ("hs_code_id") REFERENCES "public"."hs_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_charges" ADD CONSTRAINT "tariff_charges_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariffs" ADD CONSTRAINT "tariffs_pol_id_ports_id_fk" FOREIGN KEY ("pol_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariffs" ADD CONSTRAINT "tariffs_pod_id_ports_id_fk" FOREIGN KEY ("pod_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariffs" ADD CONSTRAINT "tariffs_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotations_created_by_idx" ON "quotations" USING btree ("created_by_id","created_at");--> statement-breakpoint
CREATE INDEX "quotations_office_status_idx" ON "quotations" USING btree ("office_id","status");--> statement-breakpoint
CREATE INDEX "tariffs_lane_idx" ON "tariffs" USING btree ("pol_id","pod_id","iso_code","valid_from");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_quotation_idx" ON "bookings" USING btree ("quotation_id");--> statement-breakpoint
-- Bookings made before: the office of their port of loading, or the corporate office.
UPDATE "bookings" b SET "office_id" = coalesce(
  (SELECT o."id" FROM "offices" o WHERE o."port_id" = b."pol_id" ORDER BY o."id" LIMIT 1),
  (SELECT o."id" FROM "offices" o WHERE o."is_corporate" ORDER BY o."id" LIMIT 1));
