CREATE TABLE "live_rounds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_rounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" bigint NOT NULL,
	"round_id" text NOT NULL,
	"player_id" uuid NOT NULL,
	"nickname" text NOT NULL,
	"game_id" text NOT NULL,
	"game_name" text NOT NULL,
	"currency" text NOT NULL,
	"bet" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"device" text NOT NULL,
	"country" text NOT NULL,
	"is_winner" boolean DEFAULT false NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_rounds_event_id_unique" UNIQUE("event_id"),
	CONSTRAINT "live_rounds_amounts_check" CHECK ("live_rounds"."bet" >= 0 and "live_rounds"."payout" >= 0)
);
--> statement-breakpoint
CREATE INDEX "live_rounds_settled_idx" ON "live_rounds" USING btree ("settled_at");--> statement-breakpoint
CREATE INDEX "live_rounds_winners_idx" ON "live_rounds" USING btree ("device","country","settled_at") WHERE "live_rounds"."is_winner";--> statement-breakpoint
-- Outbox wake-up: every statement that writes events tells the dispatcher at commit (NOTIFY is
-- transactional and collapses duplicates), whichever module or statement wrote them.
CREATE FUNCTION "domain_events_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('domain_events', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "domain_events_notify" AFTER INSERT ON "domain_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "domain_events_notify"();
