ALTER TABLE "uploads" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "error_params" jsonb;