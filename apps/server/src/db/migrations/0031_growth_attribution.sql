CREATE TABLE "affiliate_pixel_hits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer" text NOT NULL,
	"goal" text NOT NULL,
	"status" text NOT NULL,
	"click" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_attributions" (
	"player_id" uuid PRIMARY KEY NOT NULL,
	"affiliate_tag" text,
	"utm_source" text,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ab_group" text,
	"funnel_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "player_attributions" ADD CONSTRAINT "player_attributions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_attributions_affiliate_tag_idx" ON "player_attributions" USING btree ("affiliate_tag","created_at");--> statement-breakpoint
CREATE INDEX "player_attributions_utm_source_idx" ON "player_attributions" USING btree ("utm_source","created_at");