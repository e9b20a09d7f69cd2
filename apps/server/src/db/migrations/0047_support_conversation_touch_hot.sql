DROP INDEX "support_conversations_status_idx";--> statement-breakpoint
CREATE INDEX "support_conversations_status_idx" ON "support_conversations" USING btree ("status");--> statement-breakpoint
-- Room on each page for the next version of a row: a message's touch of its conversation is then a HOT update (decision 080).
ALTER TABLE "support_conversations" SET (fillfactor = 80);
