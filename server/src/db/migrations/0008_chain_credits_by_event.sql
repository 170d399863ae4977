CREATE TABLE "wallet_bindings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"address" text NOT NULL,
	"bound_at" timestamp (3) with time zone NOT NULL,
	"unbound_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "credit_reference" text;--> statement-breakpoint
ALTER TABLE "tarot_records" ADD COLUMN "credit_reference" text;--> statement-breakpoint
ALTER TABLE "tarot_records" ADD COLUMN "credited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_bindings" ADD CONSTRAINT "wallet_bindings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_bindings_address_idx" ON "wallet_bindings" USING btree ("kind","address");--> statement-breakpoint
CREATE INDEX "wallet_bindings_user_idx" ON "wallet_bindings" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_event_unique" ON "check_ins" USING btree ("chain_id","tx_hash","log_index");--> statement-breakpoint
CREATE UNIQUE INDEX "tarot_records_event_unique" ON "tarot_records" USING btree ("chain_id","tx_hash","log_index");--> statement-breakpoint
-- Wallets bound before this history existed count as bound since their member's sign-up.
INSERT INTO "wallet_bindings" ("user_id", "kind", "address", "bound_at")
  SELECT "id", 'evm', "wallet_address", "created_at" FROM "users" WHERE "wallet_address" IS NOT NULL
  UNION ALL
  SELECT "id", 'solana', "solana_address", "created_at" FROM "users" WHERE "solana_address" IS NOT NULL;--> statement-breakpoint
-- Each member's first tarot record of a day is the one that earned the day's points.
UPDATE "tarot_records" SET "credited" = true
  WHERE ("user_id", "day", "chain_id") IN (
    SELECT DISTINCT ON ("user_id", "day") "user_id", "day", "chain_id" FROM "tarot_records"
    ORDER BY "user_id", "day", "created_at", "chain_id"
  );
