ALTER TABLE "referral_uses" ADD COLUMN "inbox_key" text;--> statement-breakpoint
CREATE INDEX "referral_uses_inviter_inbox_idx" ON "referral_uses" USING btree ("inviter_id","inbox_key");--> statement-breakpoint
-- Invites that qualified before issue 26 record their invitee's inbox too (the local part without a +tag).
UPDATE "referral_uses" SET "inbox_key" = regexp_replace("users"."email", '^([^+@]+)\+[^@]*@', '\1@')
FROM "users" WHERE "users"."id" = "referral_uses"."invitee_id" AND "referral_uses"."state" IN ('qualified', 'claimed');
