CREATE TABLE "bl_late_acceptances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bl_late_acceptances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bl_id" integer NOT NULL,
	"cut_off" text NOT NULL,
	"reason" text NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"granted_by_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bl_late_acceptances_cut_off_check" CHECK ("bl_late_acceptances"."cut_off" in ('DCO', 'VCO'))
);
--> statement-breakpoint
ALTER TABLE "bl_late_acceptances" ADD CONSTRAINT "bl_late_acceptances_bl_id_bills_of_lading_id_fk" FOREIGN KEY ("bl_id") REFERENCES "public"."bills_of_lading"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bl_late_acceptances" ADD CONSTRAINT "bl_late_acceptances_granted_by_id_users_id_fk" FOREIGN KEY ("granted_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bl_late_acceptances_bill_idx" ON "bl_late_acceptances" USING btree ("bl_id","cut_off");