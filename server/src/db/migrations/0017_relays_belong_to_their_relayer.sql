-- Each relay records the relayer account that carries it, so a nonce reused by a new relayer key never
-- settles another account's relays (issue 40).
ALTER TABLE "sponsored_relays" ADD COLUMN "relayer" text;
--> statement-breakpoint
-- Existing relays: the account that stored the transaction whose hash the relay holds (a hash commits to its
-- sender's signature). A relay without such a transaction keeps NULL: sent by an unknown earlier key, never matched.
UPDATE "sponsored_relays" AS r SET "relayer" = t."relayer"
  FROM "relayer_transactions" AS t
  WHERE r."relayer" IS NULL AND r."relayer_nonce" IS NOT NULL
    AND t."chain_id" = r."chain_id" AND t."hash" = r."tx_hash" AND t."nonce" = r."relayer_nonce";
--> statement-breakpoint
CREATE INDEX "sponsored_relays_relayer_nonce" ON "sponsored_relays" USING btree ("chain_id","relayer_nonce","relayer");
--> statement-breakpoint
-- A day a rotation released twice (reserved below zero) gets back what its relays still on their way set aside.
UPDATE "sponsorship_days" AS d SET "reserved_wei" = coalesce((
    SELECT sum(r."reserved_wei") FROM "sponsored_relays" AS r
    WHERE r."chain_id" = d."chain_id" AND r."day" = d."day" AND r."state" IN ('queued', 'signed', 'sent')
  ), 0)
  WHERE d."reserved_wei" < 0;
--> statement-breakpoint
ALTER TABLE "sponsorship_days" ADD CONSTRAINT "sponsorship_days_reserved_not_negative" CHECK ("reserved_wei" >= 0);
