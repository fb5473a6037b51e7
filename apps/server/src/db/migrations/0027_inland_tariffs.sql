CREATE TABLE "quotation_inland_tariffs" (
	"quotation_id" integer NOT NULL,
	"inland_tariff_id" integer NOT NULL,
	CONSTRAINT "quotation_inland_tariffs_quotation_id_inland_tariff_id_pk" PRIMARY KEY("quotation_id","inland_tariff_id")
);
--> statement-breakpoint
CREATE TABLE "inland_tariffs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inland_tariffs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mode" text NOT NULL,
	"port_id" integer NOT NULL,
	"station_id" integer,
	"from_km" integer,
	"to_km" integer,
	"iso_code" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inland_tariffs_mode_fields" CHECK (("inland_tariffs"."mode" = 'RAIL' and "inland_tariffs"."station_id" is not null and "inland_tariffs"."from_km" is null and "inland_tariffs"."to_km" is null)
        or ("inland_tariffs"."mode" = 'DOOR' and "inland_tariffs"."station_id" is null and "inland_tariffs"."from_km" >= 0 and "inland_tariffs"."to_km" > "inland_tariffs"."from_km"))
);
--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "inland_on_request" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "quotation_inland_tariffs" ADD CONSTRAINT "quotation_inland_tariffs_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_inland_tariffs" ADD CONSTRAINT "quotation_inland_tariffs_inland_tariff_id_inland_tariffs_id_fk" FOREIGN KEY ("inland_tariff_id") REFERENCES "public"."inland_tariffs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inland_tariffs" ADD CONSTRAINT "inland_tariffs_port_id_ports_id_fk" FOREIGN KEY ("port_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inland_tariffs" ADD CONSTRAINT "inland_tariffs_station_id_railway_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."railway_stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inland_tariffs" ADD CONSTRAINT "inland_tariffs_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotation_inland_tariffs_tariff_idx" ON "quotation_inland_tariffs" USING btree ("inland_tariff_id");--> statement-breakpoint
CREATE INDEX "inland_tariffs_lookup_idx" ON "inland_tariffs" USING btree ("port_id","mode","iso_code","valid_from");