CREATE TABLE "device_links" (
	"visitor_id" text NOT NULL,
	"player_id" uuid NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_count" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "device_links_visitor_id_player_id_pk" PRIMARY KEY("visitor_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "welcome_device_checks" (
	"player_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"outcome" text,
	"visitor_id" text
);
--> statement-breakpoint
ALTER TABLE "device_links" ADD CONSTRAINT "device_links_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "welcome_device_checks" ADD CONSTRAINT "welcome_device_checks_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_links_player_idx" ON "device_links" USING btree ("player_id");