CREATE TABLE "referral_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"inviter_points" integer,
	"invitee_points" integer,
	"disabled_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "referral_codes_kind" CHECK ("referral_codes"."kind" in ('member', 'kol'))
);
--> statement-breakpoint
CREATE TABLE "referral_qualifying_wallets" (
	"wallet" text PRIMARY KEY NOT NULL,
	"invitee_id" uuid NOT NULL,
	"qualified_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "referral_qualifying_wallets_invitee_unique" UNIQUE("invitee_id")
);
--> statement-breakpoint
CREATE TABLE "referral_uses" (
	"invitee_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"inviter_id" uuid NOT NULL,
	"code_kind" text NOT NULL,
	"inviter_points" integer NOT NULL,
	"invitee_points" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"used_at" timestamp (3) with time zone NOT NULL,
	"qualified_at" timestamp (3) with time zone,
	"claimed_at" timestamp (3) with time zone,
	CONSTRAINT "referral_uses_state" CHECK ("referral_uses"."state" in ('pending', 'qualified', 'claimed', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "task_rewards" (
	"user_id" uuid NOT NULL,
	"task_id" text NOT NULL,
	"points" integer NOT NULL,
	"rewarded_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "task_rewards_user_id_task_id_pk" PRIMARY KEY("user_id","task_id")
);
--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_qualifying_wallets" ADD CONSTRAINT "referral_qualifying_wallets_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_uses" ADD CONSTRAINT "referral_uses_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_uses" ADD CONSTRAINT "referral_uses_code_referral_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."referral_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_uses" ADD CONSTRAINT "referral_uses_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_rewards" ADD CONSTRAINT "task_rewards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_member_unique" ON "referral_codes" USING btree ("user_id") WHERE "referral_codes"."kind" = 'member';--> statement-breakpoint
CREATE INDEX "referral_codes_user_idx" ON "referral_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "referral_uses_inviter_idx" ON "referral_uses" USING btree ("inviter_id","state");--> statement-breakpoint
CREATE INDEX "referral_uses_code_idx" ON "referral_uses" USING btree ("code","used_at");