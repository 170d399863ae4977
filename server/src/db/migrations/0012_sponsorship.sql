CREATE TABLE "relayer_accounts" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"next_nonce" bigint NOT NULL,
	CONSTRAINT "relayer_accounts_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
CREATE TABLE "relayer_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chain_id" integer NOT NULL,
	"relayer" text NOT NULL,
	"nonce" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"hash" text NOT NULL,
	"raw" text NOT NULL,
	"gas_limit" bigint NOT NULL,
	"max_fee_per_gas" numeric(78, 0) NOT NULL,
	"max_priority_fee_per_gas" numeric(78, 0) NOT NULL,
	"requests" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"broadcast_at" timestamp with time zone,
	"gas_used" bigint,
	"effective_gas_price" numeric(78, 0),
	"reverted" boolean
);
--> statement-breakpoint
CREATE TABLE "sponsored_relays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sponsored_relays_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"action" text NOT NULL,
	"signer" text NOT NULL,
	"target" text NOT NULL,
	"gas" bigint NOT NULL,
	"forwarder_nonce" numeric(78, 0) NOT NULL,
	"deadline" bigint NOT NULL,
	"data" text NOT NULL,
	"signature" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"relayer_nonce" bigint,
	"tx_hash" text,
	"failure_reason" text,
	"day" integer NOT NULL,
	"reserved_wei" numeric(78, 0) NOT NULL,
	"spent_wei" numeric(78, 0),
	"credited" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sponsorship_days" (
	"chain_id" integer NOT NULL,
	"day" integer NOT NULL,
	"reserved_wei" numeric(78, 0) DEFAULT '0' NOT NULL,
	"spent_wei" numeric(78, 0) DEFAULT '0' NOT NULL,
	"relays" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sponsorship_days_chain_id_day_pk" PRIMARY KEY("chain_id","day")
);
--> statement-breakpoint
CREATE TABLE "sponsorship_member_days" (
	"user_id" uuid NOT NULL,
	"chain_id" integer NOT NULL,
	"day" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sponsorship_member_days_user_id_chain_id_day_pk" PRIMARY KEY("user_id","chain_id","day")
);
--> statement-breakpoint
ALTER TABLE "sponsored_relays" ADD CONSTRAINT "sponsored_relays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorship_member_days" ADD CONSTRAINT "sponsorship_member_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "relayer_transactions_attempt_unique" ON "relayer_transactions" USING btree ("chain_id","relayer","nonce","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "relayer_transactions_hash_unique" ON "relayer_transactions" USING btree ("chain_id","hash");--> statement-breakpoint
CREATE INDEX "relayer_transactions_pending" ON "relayer_transactions" USING btree ("chain_id","relayer","nonce") WHERE state = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "sponsored_relays_request_unique" ON "sponsored_relays" USING btree ("chain_id","signer","forwarder_nonce");--> statement-breakpoint
CREATE INDEX "sponsored_relays_open" ON "sponsored_relays" USING btree ("chain_id","state","seq");--> statement-breakpoint
CREATE INDEX "sponsored_relays_member_day" ON "sponsored_relays" USING btree ("user_id","day");