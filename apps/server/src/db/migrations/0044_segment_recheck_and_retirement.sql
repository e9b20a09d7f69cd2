ALTER TABLE "segments" ADD COLUMN "rules_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "segments" ADD COLUMN "recheck_state" text DEFAULT 'current' NOT NULL;--> statement-breakpoint
ALTER TABLE "segments" ADD COLUMN "recheck_after" uuid;--> statement-breakpoint
ALTER TABLE "segments" ADD COLUMN "recheck_checked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "segments" ADD COLUMN "recheck_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "segments" ADD COLUMN "recheck_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "segments" ADD COLUMN "recheck_finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "segments" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_recheck_state_check" CHECK ("segments"."recheck_state" in ('current', 're-checking'));