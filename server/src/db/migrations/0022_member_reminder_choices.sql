CREATE TABLE "reminder_choices" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"send_hour" integer,
	"chosen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reminder_choices" ADD CONSTRAINT "reminder_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
