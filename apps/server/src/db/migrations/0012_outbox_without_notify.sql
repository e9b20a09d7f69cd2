-- The outbox dispatcher polls instead of being woken (decision 013): pg_notify takes a
-- database-wide lock at commit, held through the WAL flush, so with the trigger every transaction
-- that wrote an event — every player posting — committed one at a time.
DROP TRIGGER IF EXISTS "domain_events_notify" ON "domain_events";--> statement-breakpoint
DROP FUNCTION IF EXISTS "domain_events_notify"();
