CREATE TABLE "player_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"device" jsonb NOT NULL,
	"ip" text,
	"location" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"token_version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"nickname" text,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"address" text,
	"city" text,
	"region" text,
	"country" text,
	"postal_code" text,
	"birthdate" date,
	"agreed_tc" boolean DEFAULT false NOT NULL,
	"receive_email_promo" boolean DEFAULT false NOT NULL,
	"kyc_verified" boolean DEFAULT false NOT NULL,
	"email_confirmed_at" timestamp with time zone,
	"phone_confirmed" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"segment_ids" integer[] DEFAULT '{}' NOT NULL,
	"profile_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "player_sessions" ADD CONSTRAINT "player_sessions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_sessions_player_created_idx" ON "player_sessions" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "players_email_key" ON "players" USING btree ("email");