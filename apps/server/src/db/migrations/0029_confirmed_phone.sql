-- A number confirmed on several accounts before this rule stays confirmed on the oldest one only;
-- the others are asked to confirm a number of their own.
UPDATE "players" AS p SET "phone_confirmed" = false
WHERE p."phone_confirmed" AND EXISTS (
  SELECT 1 FROM "players" AS o
  WHERE o."phone" = p."phone" AND o."phone_confirmed"
    AND (o."created_at", o."id") < (p."created_at", p."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "players_confirmed_phone_key" ON "players" USING btree ("phone") WHERE "players"."phone_confirmed";
