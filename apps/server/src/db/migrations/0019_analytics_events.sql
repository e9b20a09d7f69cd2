-- Hand-edited after drizzle-kit (it cannot declare partitioning): analytics_events is
-- partitioned by the UTC day of received_at; housekeeping (modules/analytics) creates and drops
-- the day partitions (docs/decisions/027).
CREATE TABLE "analytics_events" (
	"project" text NOT NULL,
	"insert_id" text,
	"event_type" text NOT NULL,
	"user_id" text,
	"device_id" text,
	"session_id" bigint,
	"time" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"event" jsonb NOT NULL
) PARTITION BY RANGE ("received_at");
--> statement-breakpoint
CREATE TABLE "analytics_insert_ids" (
	"project" text NOT NULL,
	"insert_id" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_insert_ids_project_insert_id_pk" PRIMARY KEY("project","insert_id")
);
--> statement-breakpoint
CREATE INDEX "analytics_events_project_time_idx" ON "analytics_events" USING btree ("project","time");--> statement-breakpoint
CREATE INDEX "analytics_insert_ids_received_idx" ON "analytics_insert_ids" USING brin ("received_at");