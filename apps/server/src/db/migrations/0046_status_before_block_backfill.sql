-- Players blocked before 0045 have no status_before_block, so an unblock would make a Limited
-- player Active. The staff audit kept the status each block replaced: the latest block's wins.
-- Idempotent (only rows still NULL), and a player with no such audit row stays NULL (Active).
UPDATE "players" AS p
SET "status_before_block" = last_block.status
FROM (
  SELECT DISTINCT ON (a."target_id") a."target_id", (a."before"->>'status')::smallint AS status
  FROM "staff_audit" AS a
  WHERE a."action" = 'player.blocked'
    AND a."target_type" = 'player'
    AND jsonb_typeof(a."before"->'status') = 'number'
  ORDER BY a."target_id", a."at" DESC, a."id" DESC
) AS last_block
WHERE p."id"::text = last_block."target_id"
  AND p."status" = 3
  AND p."status_before_block" IS NULL
  AND last_block.status IN (1, 2);
