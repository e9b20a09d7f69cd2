ALTER TABLE "player_documents" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "player_documents" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "player_documents" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "player_documents" ADD CONSTRAINT "player_documents_reviewed_by_staff_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_documents_pending_idx" ON "player_documents" USING btree ("created_at") WHERE "player_documents"."status" = 2;--> statement-breakpoint
CREATE INDEX "game_rounds_created_idx" ON "game_rounds" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "game_rounds_game_created_idx" ON "game_rounds" USING btree ("game_id","created_at");--> statement-breakpoint
CREATE INDEX "big_win_alerts_created_idx" ON "big_win_alerts" USING btree ("created_at");--> statement-breakpoint
-- The daily reports (decision 037), each read by an index-only scan where it can.
-- Settled rounds by settlement time, with what the report sums.
CREATE INDEX "game_rounds_settled_idx" ON "game_rounds" USING btree ("settled_at") INCLUDE ("currency", "player_id", "bet", "payout", "free_spin_id", "status") WHERE "settled_at" IS NOT NULL;--> statement-breakpoint
-- Completed invoices by completion time.
CREATE INDEX "invoices_processed_idx" ON "invoices" USING btree ("processed_at") INCLUDE ("type", "currency", "amount") WHERE "status" = 2;--> statement-breakpoint
-- Every ledger transaction but the rounds' (the bulk, never on the promotions account): bonus cost.
CREATE INDEX "ledger_transactions_not_round_created_idx" ON "ledger_transactions" USING btree ("created_at") WHERE kind not in ('bet', 'win', 'round', 'refund');--> statement-breakpoint
-- New registrations per day.
CREATE INDEX "players_created_idx" ON "players" USING btree ("created_at");
