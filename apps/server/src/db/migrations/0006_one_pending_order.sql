-- Older databases may hold several open checkouts for one user and track: keep the newest open.
UPDATE "orders" SET "status" = 'expired'
WHERE "status" = 'pending'
  AND "id" NOT IN (SELECT max("id") FROM "orders" WHERE "status" = 'pending' GROUP BY "user_id", "track_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_pending_per_track_idx" ON "orders" USING btree ("user_id","track_id") WHERE status = 'pending';
