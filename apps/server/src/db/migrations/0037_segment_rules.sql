CREATE TABLE "segment_memberships" (
	"player_id" uuid NOT NULL,
	"segment_id" integer NOT NULL,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "segment_memberships_player_id_segment_id_pk" PRIMARY KEY("player_id","segment_id")
);
--> statement-breakpoint
ALTER TABLE "segments" ADD COLUMN "rule" jsonb;--> statement-breakpoint
ALTER TABLE "segment_memberships" ADD CONSTRAINT "segment_memberships_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_memberships" ADD CONSTRAINT "segment_memberships_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "segment_memberships_segment_idx" ON "segment_memberships" USING btree ("segment_id");--> statement-breakpoint
-- Purchasers become rule-based (decision 050); the seed adds the other rule segments.
UPDATE "segments" SET "rule" = '[{"kind":"purchaser"}]'::jsonb WHERE "id" = 1 AND "rule" IS NULL;
