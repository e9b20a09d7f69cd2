-- House accounts keep no running balance from now on (their balance is the sum of their entries;
-- decision 010): clear the cached one before the CHECK that keeps it at 0.
UPDATE "ledger_accounts" SET "balance" = 0 WHERE "owner_kind" = 'house';--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_house_balance_check" CHECK ("ledger_accounts"."owner_kind" <> 'house' or "ledger_accounts"."balance" = 0);