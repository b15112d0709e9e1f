ALTER TABLE "tracks" ADD COLUMN "review_state" text;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "review_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tracks_review_queue_idx" ON "tracks" USING btree ("review_at") WHERE "tracks"."review_state" = 'pending';--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_review_check" CHECK (("tracks"."review_state" is null or not "tracks"."published") and ("tracks"."review_state" is null) = ("tracks"."review_at" is null) and ("tracks"."review_state" = 'rejected') = ("tracks"."review_note" is not null));