CREATE TABLE "local_payment_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"track_id" integer,
	"title" text,
	"amount_cents" integer,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_method" text,
	"card_brand" text,
	"card_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "local_payment_sessions_payment_method_unique" UNIQUE("payment_method"),
	CONSTRAINT "local_payment_sessions_kind_check" CHECK ("local_payment_sessions"."kind" in ('checkout', 'setup')),
	CONSTRAINT "local_payment_sessions_status_check" CHECK ("local_payment_sessions"."status" in ('open', 'complete', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "local_payment_sessions" ADD CONSTRAINT "local_payment_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_payment_sessions" ADD CONSTRAINT "local_payment_sessions_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "local_payment_sessions_user_idx" ON "local_payment_sessions" USING btree ("user_id");