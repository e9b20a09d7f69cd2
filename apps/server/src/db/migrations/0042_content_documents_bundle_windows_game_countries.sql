CREATE TABLE "content_documents" (
	"edition" text NOT NULL,
	"locale" text NOT NULL,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid NOT NULL,
	CONSTRAINT "content_documents_edition_locale_name_pk" PRIMARY KEY("edition","locale","name"),
	CONSTRAINT "content_documents_edition" CHECK ("content_documents"."edition" in ('draft', 'published'))
);
--> statement-breakpoint
ALTER TABLE "bundles" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bundles" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "countries" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "content_documents" ADD CONSTRAINT "content_documents_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundles" ADD CONSTRAINT "bundles_window_check" CHECK ("bundles"."starts_at" is null or "bundles"."ends_at" is null or "bundles"."ends_at" > "bundles"."starts_at");