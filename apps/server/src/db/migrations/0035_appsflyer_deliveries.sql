CREATE TABLE "appsflyer_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" bigint NOT NULL,
	"platform" text NOT NULL,
	"appsflyer_id" text NOT NULL,
	"customer_user_id" text,
	"event_name" text NOT NULL,
	"event_value" jsonb NOT NULL,
	"event_time" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appsflyer_deliveries_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE TABLE "appsflyer_sandbox_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" text NOT NULL,
	"body" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "appsflyer_deliveries_due_idx" ON "appsflyer_deliveries" USING btree ("next_attempt_at") WHERE "appsflyer_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "appsflyer_deliveries_created_idx" ON "appsflyer_deliveries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "appsflyer_sandbox_events_received_idx" ON "appsflyer_sandbox_events" USING btree ("received_at");