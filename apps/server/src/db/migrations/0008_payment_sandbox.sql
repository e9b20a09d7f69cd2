CREATE TABLE "sandbox_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"card_token" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"expiry_month" smallint NOT NULL,
	"expiry_year" smallint NOT NULL,
	"holder_name" text NOT NULL,
	"behaviour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"ref" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"invoice_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"method_id" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"decline_code" text,
	"challenge" text,
	"return_url" text,
	"address" text,
	"network" text,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"confirmations_required" integer,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payments_kind_check" CHECK ("sandbox_payments"."kind" in ('card', 'crypto', 'payout'))
);
--> statement-breakpoint
CREATE INDEX "sandbox_payment_methods_customer_idx" ON "sandbox_payment_methods" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payments_address_key" ON "sandbox_payments" USING btree ("address");