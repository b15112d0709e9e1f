ALTER TABLE "tracks" ADD COLUMN "tag_ids" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
CREATE INDEX "tracks_tag_ids_idx" ON "tracks" USING gin ("tag_ids");--> statement-breakpoint
UPDATE "tracks" t SET "tag_ids" = coalesce((SELECT array_agg(tt."tag_id" ORDER BY tt."tag_id") FROM "track_tags" tt WHERE tt."track_id" = t."id"), '{}');
--> statement-breakpoint
DELETE FROM "search_terms" WHERE "term" ~ '^[0-9]+$';
