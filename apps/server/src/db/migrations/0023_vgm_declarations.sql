CREATE TABLE "vgm_declarations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vgm_declarations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"container_id" integer NOT NULL,
	"method" text NOT NULL,
	"verified_gross_mass" numeric(14, 2) NOT NULL,
	"weighing_date" date NOT NULL,
	"weighing_party" text NOT NULL,
	"authorised_signatory" text NOT NULL,
	"declared_by_id" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vgm_declarations_booking_container" UNIQUE("booking_id","container_id"),
	CONSTRAINT "vgm_declarations_method_check" CHECK ("vgm_declarations"."method" in ('SM1', 'SM2')),
	CONSTRAINT "vgm_declarations_mass_positive" CHECK ("vgm_declarations"."verified_gross_mass" > 0),
	CONSTRAINT "vgm_declarations_version_positive" CHECK ("vgm_declarations"."version" > 0)
);
--> statement-breakpoint
ALTER TABLE "bl_containers" ADD COLUMN "vgm_declared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vgm_declarations" ADD CONSTRAINT "vgm_declarations_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vgm_declarations" ADD CONSTRAINT "vgm_declarations_container_id_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."containers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vgm_declarations" ADD CONSTRAINT "vgm_declarations_declared_by_id_users_id_fk" FOREIGN KEY ("declared_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vgm_declarations_container_idx" ON "vgm_declarations" USING btree ("container_id");