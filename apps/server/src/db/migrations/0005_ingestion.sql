CREATE TABLE "uploads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "uploads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"artist_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"filename" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"format" text NOT NULL,
	"source_key" text,
	"metadata" jsonb NOT NULL,
	"analysis" jsonb,
	"error" text,
	"track_id" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_status_check" CHECK ("uploads"."status" in ('queued', 'processing', 'processed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "loudness_lufs" real;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "import_ref" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_status_id_idx" ON "uploads" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "uploads_artist_id_idx" ON "uploads" USING btree ("artist_id","id");--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_import_ref_unique" UNIQUE("import_ref");