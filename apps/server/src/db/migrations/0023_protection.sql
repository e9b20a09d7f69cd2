CREATE TABLE "jurisdiction_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"sweeps_play" boolean NOT NULL,
	"purchase_bonuses" boolean NOT NULL,
	"redemptions" boolean NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"redemption_wind_down_until" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_protections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"duration" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"lift_requested_at" timestamp with time zone,
	"lifts_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_protections_kind_check" CHECK ("player_protections"."kind" in ('break', 'exclusion')),
	CONSTRAINT "player_protections_end_check" CHECK ("player_protections"."ends_at" is not null or ("player_protections"."kind" = 'exclusion' and "player_protections"."duration" = 'indefinite'))
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "excluded_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "player_protections" ADD CONSTRAINT "player_protections_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jurisdiction_rules_place_from_key" ON "jurisdiction_rules" USING btree ("country","region","effective_from");--> statement-breakpoint
CREATE INDEX "player_protections_player_idx" ON "player_protections" USING btree ("player_id","starts_at");--> statement-breakpoint
-- Seed rules (issue 16): the states the operators had to apply by hand. Data, not code: the
-- operator edits them (back office) as the law moves; no row for a place means allowed.
INSERT INTO "jurisdiction_rules" ("country", "region", "sweeps_play", "purchase_bonuses", "redemptions", "effective_from", "redemption_wind_down_until", "note") VALUES
  ('US', '', true, true, true, '2000-01-01T00:00:00Z', NULL, 'Sweeps Coins allowed unless a state says otherwise'),
  ('US', 'WA', false, false, false, '2000-01-01T00:00:00Z', NULL, 'Washington: no Sweeps Coins play'),
  ('US', 'ID', false, false, false, '2000-01-01T00:00:00Z', NULL, 'Idaho: no Sweeps Coins play'),
  ('US', 'NV', false, false, false, '2000-01-01T00:00:00Z', NULL, 'Nevada: no Sweeps Coins play'),
  ('US', 'MI', false, false, false, '2000-01-01T00:00:00Z', NULL, 'Michigan: no Sweeps Coins play'),
  ('US', 'MT', false, false, false, '2000-01-01T00:00:00Z', NULL, 'Montana: no Sweeps Coins play'),
  ('US', 'LA', false, false, false, '2025-08-01T00:00:00Z', '2025-10-01T00:00:00Z', 'Louisiana: Sweeps Coins end 2025-08-01; redemptions until 2025-10-01'),
  ('US', 'CT', false, false, false, '2025-10-01T00:00:00Z', '2025-12-01T00:00:00Z', 'Connecticut: Sweeps Coins end 2025-10-01; redemptions until 2025-12-01'),
  ('US', 'CA', true, true, true, '2000-01-01T00:00:00Z', NULL, 'California before the ban'),
  ('US', 'CA', false, false, false, '2026-01-01T08:00:00Z', '2026-03-01T08:00:00Z', 'California: Sweeps Coins end 2026-01-01 (Pacific); redemptions until 2026-03-01');
