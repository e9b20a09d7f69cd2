CREATE TABLE "currencies" (
	"code" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"is_base" boolean DEFAULT false NOT NULL,
	"subunit_to_unit" integer NOT NULL,
	"rate" numeric(30, 12) NOT NULL,
	"rate_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sub_currencies" text[] DEFAULT '{}' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locales" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
