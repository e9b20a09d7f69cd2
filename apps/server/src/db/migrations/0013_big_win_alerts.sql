CREATE TABLE "big_win_alerts" (
	"round_id" text PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"game" text NOT NULL,
	"currency" text NOT NULL,
	"bet" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"delivery" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "big_win_alerts_player_idx" ON "big_win_alerts" USING btree ("player_id","created_at");