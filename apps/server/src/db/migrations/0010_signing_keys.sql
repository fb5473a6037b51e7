CREATE TABLE "signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"sealed" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
