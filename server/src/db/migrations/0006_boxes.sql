CREATE TABLE "box_member_purchases" (
	"user_id" uuid NOT NULL,
	"box_id" text NOT NULL,
	"bought" integer NOT NULL,
	CONSTRAINT "box_member_purchases_user_box_unique" UNIQUE("user_id","box_id")
);
--> statement-breakpoint
CREATE TABLE "box_odds_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"box_id" text NOT NULL,
	"version" integer NOT NULL,
	"rewards" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "box_odds_versions_box_version_unique" UNIQUE("box_id","version")
);
--> statement-breakpoint
CREATE TABLE "box_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"box_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"spent" integer NOT NULL,
	"idempotency_key" text,
	"request_fingerprint" text NOT NULL,
	"answer" jsonb,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "box_purchases_user_idempotency_key_unique" UNIQUE("user_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "box_supply" (
	"box_id" text PRIMARY KEY NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "box_supply_sold_not_negative" CHECK ("box_supply"."sold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fairness_seeds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"client_seed_chosen" boolean DEFAULT false NOT NULL,
	"next_nonce" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"rotated_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "owned_boxes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"box_id" text NOT NULL,
	"odds_version_id" bigint NOT NULL,
	"source" text NOT NULL,
	"purchase_id" uuid,
	"won_in" uuid,
	"acquired_at" timestamp (3) with time zone NOT NULL,
	"opened_at" timestamp (3) with time zone,
	"reward_index" integer,
	"seed_id" bigint,
	"client_seed" text,
	"nonce" integer,
	CONSTRAINT "owned_boxes_seed_nonce_unique" UNIQUE("seed_id","nonce")
);
--> statement-breakpoint
ALTER TABLE "box_member_purchases" ADD CONSTRAINT "box_member_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_purchases" ADD CONSTRAINT "box_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fairness_seeds" ADD CONSTRAINT "fairness_seeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owned_boxes" ADD CONSTRAINT "owned_boxes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owned_boxes" ADD CONSTRAINT "owned_boxes_odds_version_id_box_odds_versions_id_fk" FOREIGN KEY ("odds_version_id") REFERENCES "public"."box_odds_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owned_boxes" ADD CONSTRAINT "owned_boxes_purchase_id_box_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."box_purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owned_boxes" ADD CONSTRAINT "owned_boxes_seed_id_fairness_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."fairness_seeds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fairness_seeds_current_unique" ON "fairness_seeds" USING btree ("user_id") WHERE "fairness_seeds"."rotated_at" is null;--> statement-breakpoint
CREATE INDEX "fairness_seeds_user_idx" ON "fairness_seeds" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "owned_boxes_user_opened_idx" ON "owned_boxes" USING btree ("user_id","opened_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "owned_boxes_results_idx" ON "owned_boxes" USING btree ("odds_version_id","opened_at");