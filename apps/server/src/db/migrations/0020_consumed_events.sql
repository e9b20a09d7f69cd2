CREATE TABLE "consumed_events" (
	"event_id" bigint NOT NULL,
	"consumer" text NOT NULL,
	"consumed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consumed_events_event_id_consumer_pk" PRIMARY KEY("event_id","consumer")
);
