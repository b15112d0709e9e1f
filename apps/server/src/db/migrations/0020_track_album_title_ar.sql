ALTER TABLE "albums" ADD COLUMN "title_ar" text;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "title_ar" text;