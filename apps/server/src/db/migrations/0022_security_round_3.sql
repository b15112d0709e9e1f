CREATE TABLE "duplicate_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "duplicate_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"provider_ref" text NOT NULL,
	"refunded_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_subscriptions_provider_ref_unique" UNIQUE("provider_ref")
);
--> statement-breakpoint
CREATE TABLE "subscription_checkouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_checkouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"provider_session_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_checkouts_provider_session_id_unique" UNIQUE("provider_session_id"),
	CONSTRAINT "subscription_checkouts_status_check" CHECK ("subscription_checkouts"."status" in ('open', 'expired', 'complete'))
);
--> statement-breakpoint
ALTER TABLE "account_tokens" DROP CONSTRAINT "account_tokens_purpose_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "duplicate_subscriptions" ADD CONSTRAINT "duplicate_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_checkouts" ADD CONSTRAINT "subscription_checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "duplicate_subscriptions_pending_idx" ON "duplicate_subscriptions" USING btree ("next_attempt_at") WHERE canceled_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_checkouts_one_open_per_user" ON "subscription_checkouts" USING btree ("user_id") WHERE status = 'open';--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_purpose_check" CHECK ("account_tokens"."purpose" in ('verify_email', 'reset_password', 'change_email'));--> statement-breakpoint
-- Data folders seeded before this migration: their demo accounts (README passwords) are marked as such.
UPDATE "users" SET "is_demo" = true WHERE lower("email") IN ('listener@tarab.test', 'subscriber@tarab.test', 'artist@tarab.test', 'admin@tarab.test');
