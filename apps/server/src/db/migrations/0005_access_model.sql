CREATE TABLE "role_grants" (
	"role_id" integer NOT NULL,
	"module" text NOT NULL,
	"resource" text NOT NULL,
	"operation" text NOT NULL,
	CONSTRAINT "role_grants_role_id_module_resource_operation_pk" PRIMARY KEY("role_id","module","resource","operation")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "roles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"is_staff" boolean DEFAULT false NOT NULL,
	CONSTRAINT "roles_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "user_offices" (
	"user_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	CONSTRAINT "user_offices_user_id_office_id_pk" PRIMARY KEY("user_id","office_id")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"module" text NOT NULL,
	"record_type" text NOT NULL,
	"record_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"version" integer,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"comment" text,
	"request_id" uuid
);
--> statement-breakpoint
CREATE TABLE "domain_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "domain_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"record_type" text NOT NULL,
	"record_id" integer NOT NULL,
	"actor_id" integer,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "company_memberships" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_memberships_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"party_id" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"is_new_company" boolean DEFAULT false NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_id" integer,
	"reason" text
);
--> statement-breakpoint
ALTER TABLE "parties" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "selected_office_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "yard_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "role_grants" ADD CONSTRAINT "role_grants_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_offices" ADD CONSTRAINT "user_offices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_offices" ADD CONSTRAINT "user_offices_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_memberships" ADD CONSTRAINT "company_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_memberships" ADD CONSTRAINT "company_memberships_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_memberships" ADD CONSTRAINT "company_memberships_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_offices_office_idx" ON "user_offices" USING btree ("office_id");--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "audit_events_record_idx" ON "audit_events" USING btree ("record_type","record_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","action","at");--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "domain_events_pending_idx" ON "domain_events" USING btree ("id") WHERE "domain_events"."dispatched_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "company_memberships_user_idx" ON "company_memberships" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "company_memberships_status_idx" ON "company_memberships" USING btree ("status","requested_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_selected_office_id_offices_id_fk" FOREIGN KEY ("selected_office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Data: the four roles (their grants are kept in step with the code by seedAccessModel at start-up), the corporate
-- office, and today's users moved onto them: is_admin -> carrier administrator at TSX, everyone else -> customer.
INSERT INTO "roles" ("code", "name", "is_staff") VALUES
	('CUSTOMER', 'Customer', false),
	('CARRIER_STAFF_BRANCH', 'Carrier staff (branch)', true),
	('CARRIER_STAFF_CORPORATE', 'Carrier staff (corporate)', true),
	('CARRIER_ADMIN', 'Carrier administrator', true)
ON CONFLICT ("code") DO NOTHING;--> statement-breakpoint
INSERT INTO "offices" ("code", "name", "is_corporate") VALUES ('TSX', 'Lading Corporate Office, Mumbai', true)
ON CONFLICT ("code") DO NOTHING;--> statement-breakpoint
INSERT INTO "user_roles" ("user_id", "role_id")
SELECT u."id", r."id" FROM "users" u JOIN "roles" r ON r."code" = CASE WHEN u."is_admin" THEN 'CARRIER_ADMIN' ELSE 'CUSTOMER' END;--> statement-breakpoint
INSERT INTO "user_offices" ("user_id", "office_id")
SELECT u."id", o."id" FROM "users" u JOIN "offices" o ON o."code" = 'TSX' WHERE u."is_admin";--> statement-breakpoint
UPDATE "users" SET "selected_office_id" = (SELECT "id" FROM "offices" WHERE "code" = 'TSX') WHERE "is_admin";--> statement-breakpoint
INSERT INTO "company_memberships" ("user_id", "party_id", "status", "decided_at")
SELECT "id", "party_id", 'APPROVED', now() FROM "users" WHERE "party_id" IS NOT NULL;--> statement-breakpoint
INSERT INTO "audit_events" ("at", "actor_id", "module", "record_type", "record_id", "action", "from_status", "to_status", "version", "changes", "comment")
SELECT "at", "actor_id", CASE WHEN "action" IN ('APPROVED', 'RETURNED', 'ISSUED') THEN 'ADMIN' ELSE 'CP' END, 'BILL_OF_LADING', "bl_id", "action", "from_status", "to_status", "version", "changes", "comment"
FROM "bl_history" ORDER BY "id";
