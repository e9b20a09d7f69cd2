DROP INDEX "player_limits_player_period_key";--> statement-breakpoint
-- Limits made before types existed capped purchases.
ALTER TABLE "player_limits" ADD COLUMN "type" text NOT NULL DEFAULT 'purchase';--> statement-breakpoint
ALTER TABLE "player_limits" ALTER COLUMN "type" DROP DEFAULT;--> statement-breakpoint
CREATE UNIQUE INDEX "player_limits_player_type_period_key" ON "player_limits" USING btree ("player_id","type","period");--> statement-breakpoint
ALTER TABLE "player_limits" ADD CONSTRAINT "player_limits_type_check" CHECK ("player_limits"."type" in ('purchase', 'loss', 'wager'));