ALTER TABLE "players" ADD COLUMN "status_before_block" smallint;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payout_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "balance_adjustments_player_idx" ON "balance_adjustments" USING btree ("player_id","currency","applied_at");