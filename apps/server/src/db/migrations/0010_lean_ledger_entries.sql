ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk";
--> statement-breakpoint
DROP INDEX "ledger_entries_account_idx";--> statement-breakpoint
DROP INDEX "ledger_transactions_player_idx";--> statement-breakpoint
-- Without foreign keys on ledger_entries (decision 010), nothing else stops an account with
-- entries from disappearing or changing id: refuse both, and TRUNCATE, for every account. Account
-- removal anonymises the player and keeps the account. `UPDATE OF id` fires only when a statement
-- sets id, so postings (balance, updated_at) and wallet changes (status, hidden) never call it.
CREATE FUNCTION "ledger_refuse_account_removal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger accounts are kept: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_kept" BEFORE DELETE OR UPDATE OF "id" ON "ledger_accounts"
  FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_account_removal"();--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_no_truncate" BEFORE TRUNCATE ON "ledger_accounts"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_account_removal"();
