CREATE TABLE "reminder_choice_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"enabled" boolean NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reminder_choice_changes" ADD CONSTRAINT "reminder_choice_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_choice_changes_at_idx" ON "reminder_choice_changes" USING btree ("at");--> statement-breakpoint
CREATE INDEX "reminder_jobs_sent_day_idx" ON "reminder_jobs" USING btree ("day") WHERE "reminder_jobs"."status" = 'sent';