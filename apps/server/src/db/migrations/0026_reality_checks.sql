CREATE TABLE "player_reality_checks" (
	"player_id" uuid PRIMARY KEY NOT NULL,
	"interval_minutes" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_reality_checks_interval_check" CHECK ("player_reality_checks"."interval_minutes" in (15, 30, 45, 60))
);
--> statement-breakpoint
CREATE TABLE "reality_check_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"session_started_at" timestamp with time zone NOT NULL,
	"check_at" timestamp with time zone NOT NULL,
	"action" text NOT NULL,
	"played_seconds" integer NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reality_check_answers_action_check" CHECK ("reality_check_answers"."action" in ('continue', 'stop', 'set-limit'))
);
--> statement-breakpoint
ALTER TABLE "player_limits" DROP CONSTRAINT "player_limits_type_check";--> statement-breakpoint
ALTER TABLE "player_reality_checks" ADD CONSTRAINT "player_reality_checks_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reality_check_answers" ADD CONSTRAINT "reality_check_answers_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reality_check_answers_check_key" ON "reality_check_answers" USING btree ("player_id","session_started_at","check_at");--> statement-breakpoint
ALTER TABLE "player_limits" ADD CONSTRAINT "player_limits_type_check" CHECK ("player_limits"."type" in ('purchase', 'loss', 'wager', 'session-time'));