CREATE TABLE "box_opening_days" (
	"day" date PRIMARY KEY NOT NULL,
	"openings" integer NOT NULL,
	"jsonl" text NOT NULL,
	"csv" text NOT NULL,
	"etag" text NOT NULL,
	"unrevealed_seed_ids" bigint[] NOT NULL,
	"written_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "owned_boxes_opened_idx" ON "owned_boxes" USING btree ("opened_at","id") WHERE "owned_boxes"."opened_at" is not null;
