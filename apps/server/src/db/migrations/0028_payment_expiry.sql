ALTER TABLE "invoices" ADD COLUMN "abandon_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bundle_purchases_open_created_idx" ON "bundle_purchases" USING btree ("created_at") WHERE "bundle_purchases"."status" = 1;--> statement-breakpoint
CREATE INDEX "invoices_open_created_idx" ON "invoices" USING btree ("created_at") WHERE "invoices"."status" in (1, 4);