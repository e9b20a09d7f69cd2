ALTER TABLE "invoices" ADD COLUMN "refund_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "refund_ref" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "refund_answered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "invoices_refund_due_idx" ON "invoices" USING btree ("created_at") WHERE "invoices"."failure_code" = 'player_excluded' and "invoices"."refund_status" is null;