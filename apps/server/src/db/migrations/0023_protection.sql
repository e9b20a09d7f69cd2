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
CREATE INDEX "player_protections_player_idx" ON "player_protections" USING btree ("player_id","starts_at");