ALTER TABLE "tracks" ADD COLUMN "master_sample_rate" integer;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "master_bit_depth" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "run_after" timestamp with time zone DEFAULT now() NOT NULL;