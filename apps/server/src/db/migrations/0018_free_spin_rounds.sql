ALTER TABLE "game_rounds" DROP CONSTRAINT "game_rounds_amounts_check";--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "free_spin_id" integer;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "bonus_id" integer;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "bonus_bet" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_free_spin_id_player_freespins_id_fk" FOREIGN KEY ("free_spin_id") REFERENCES "public"."player_freespins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_bonus_id_player_bonuses_id_fk" FOREIGN KEY ("bonus_id") REFERENCES "public"."player_bonuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_amounts_check" CHECK ("game_rounds"."bet" >= 0 and "game_rounds"."payout" >= 0 and "game_rounds"."bonus_bet" between 0 and "game_rounds"."bet");