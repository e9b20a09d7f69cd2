-- Minimum age (decision 035): 18 everywhere until the operator sets a higher one for a place
-- (PUT /api/dev/protection/jurisdictions, minAge up to 25). No state is seeded higher: which
-- states require 21 for sweepstakes play is a legal reading the operator owns, not this code.
CREATE TABLE "amoe_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "amoe_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"postmarked_on" date NOT NULL,
	"received_on" date NOT NULL,
	"reference" text NOT NULL,
	"recorded_by" uuid NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"ledger_transaction_id" uuid NOT NULL,
	CONSTRAINT "amoe_requests_amount_check" CHECK ("amoe_requests"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "sweeps_expiry_notices" (
	"player_id" uuid NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"days_before" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"amount" bigint,
	"ledger_transaction_id" uuid,
	CONSTRAINT "sweeps_expiry_notices_player_id_period_start_days_before_pk" PRIMARY KEY("player_id","period_start","days_before"),
	CONSTRAINT "sweeps_expiry_notices_days_check" CHECK ("sweeps_expiry_notices"."days_before" >= 0)
);
--> statement-breakpoint
ALTER TABLE "jurisdiction_rules" ADD COLUMN "min_age" integer DEFAULT 18 NOT NULL;--> statement-breakpoint
ALTER TABLE "amoe_codes" ADD CONSTRAINT "amoe_codes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amoe_requests" ADD CONSTRAINT "amoe_requests_code_id_amoe_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."amoe_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amoe_requests" ADD CONSTRAINT "amoe_requests_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amoe_requests" ADD CONSTRAINT "amoe_requests_recorded_by_staff_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amoe_requests" ADD CONSTRAINT "amoe_requests_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sweeps_expiry_notices" ADD CONSTRAINT "sweeps_expiry_notices_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sweeps_expiry_notices" ADD CONSTRAINT "sweeps_expiry_notices_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "amoe_codes_code_key" ON "amoe_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "amoe_codes_player_idx" ON "amoe_codes" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "amoe_requests_code_key" ON "amoe_requests" USING btree ("code_id");--> statement-breakpoint
CREATE UNIQUE INDEX "amoe_requests_reference_key" ON "amoe_requests" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "amoe_requests_player_idx" ON "amoe_requests" USING btree ("player_id","postmarked_on");--> statement-breakpoint
CREATE INDEX "sweeps_expiry_notices_expired_idx" ON "sweeps_expiry_notices" USING btree ("player_id","created_at") WHERE "sweeps_expiry_notices"."days_before" = 0;--> statement-breakpoint
ALTER TABLE "jurisdiction_rules" ADD CONSTRAINT "jurisdiction_rules_min_age_check" CHECK ("jurisdiction_rules"."min_age" between 18 and 25);