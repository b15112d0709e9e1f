ALTER TABLE "artists" ADD COLUMN "name_ar" text;--> statement-breakpoint
ALTER TABLE "artists" ADD COLUMN "bio_ar" text;--> statement-breakpoint
ALTER TABLE "cart_orders" ADD COLUMN "buyer_email_shared" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_email_shared" boolean DEFAULT true NOT NULL;