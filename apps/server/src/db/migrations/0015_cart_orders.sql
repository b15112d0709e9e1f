CREATE TABLE "cart_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cart_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"playlist_id" integer,
	"playlist_name" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"payment_method" text,
	"receipt_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "cart_orders_provider_ref_unique" UNIQUE("provider_ref"),
	CONSTRAINT "cart_orders_status_check" CHECK ("cart_orders"."status" in ('pending', 'paid', 'failed', 'refunded', 'expired')),
	CONSTRAINT "cart_orders_amount_check" CHECK ("cart_orders"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "local_payment_sessions" ADD COLUMN "success_url" text;--> statement-breakpoint
ALTER TABLE "local_payment_sessions" ADD COLUMN "line_items" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cart_order_id" integer;--> statement-breakpoint
ALTER TABLE "cart_orders" ADD CONSTRAINT "cart_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_orders_user_id_idx" ON "cart_orders" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_orders_one_pending_per_user_idx" ON "cart_orders" USING btree ("user_id") WHERE status = 'pending';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cart_order_id_cart_orders_id_fk" FOREIGN KEY ("cart_order_id") REFERENCES "public"."cart_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_cart_order_id_idx" ON "orders" USING btree ("cart_order_id");