ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
DELETE FROM "search_terms" WHERE "term" ~ '[[:punct:][:space:][:cntrl:]]' OR length("term") > 40;--> statement-breakpoint
DELETE FROM "search_terms" s WHERE NOT EXISTS (SELECT 1 FROM "tracks" t WHERE t."published" AND t."search" @@ plainto_tsquery('simple', s."term"));
