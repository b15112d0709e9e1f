CREATE TABLE "catalog_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "track_counts" (
	"kind" text NOT NULL,
	"a" integer NOT NULL,
	"b" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "track_counts_kind_a_b_pk" PRIMARY KEY("kind","a","b")
);
--> statement-breakpoint
CREATE INDEX "tracks_music_search_idx" ON "tracks" USING gin ("search") WHERE "tracks"."published" and "tracks"."kind" = 'music';--> statement-breakpoint
CREATE INDEX "tracks_loop_search_idx" ON "tracks" USING gin ("search") WHERE "tracks"."published" and "tracks"."kind" = 'loop';--> statement-breakpoint
-- Decision 022: exact counts kept by the database itself. Every statement that writes tracks draws a
-- new catalog version (a sequence: never reused, even by a rolled-back write) and applies the change of
-- published tracks per kind, tag and tag pair to track_counts (transition tables: one aggregate per
-- statement, not one per row).
CREATE SEQUENCE "catalog_version_seq";--> statement-breakpoint
INSERT INTO "catalog_version" ("id", "version") VALUES (1, nextval('catalog_version_seq'));--> statement-breakpoint
CREATE FUNCTION "track_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_version SET version = nextval('catalog_version_seq') WHERE id = 1;
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM track_counts;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO track_counts AS c (kind, a, b, n)
    SELECT d.kind, x.a, y.b, count(*)::int
    FROM new_tracks d, unnest('{0}'::int[] || d.tag_ids) x(a), unnest('{0}'::int[] || d.tag_ids) y(b)
    WHERE d.published AND ((x.a = 0 AND y.b = 0) OR (x.a > 0 AND x.a <= y.b))
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (kind, a, b) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE track_counts c SET n = c.n - g.n FROM (
      SELECT d.kind, x.a, y.b, count(*)::int AS n
      FROM old_tracks d, unnest('{0}'::int[] || d.tag_ids) x(a), unnest('{0}'::int[] || d.tag_ids) y(b)
      WHERE d.published AND ((x.a = 0 AND y.b = 0) OR (x.a > 0 AND x.a <= y.b))
      GROUP BY 1, 2, 3
    ) g WHERE c.kind = g.kind AND c.a = g.a AND c.b = g.b;
  ELSE
    INSERT INTO track_counts AS c (kind, a, b, n)
    SELECT d.kind, x.a, y.b, sum(d.s)::int
    FROM (
      SELECT kind, tag_ids, 1 AS s FROM new_tracks WHERE published
      UNION ALL
      SELECT kind, tag_ids, -1 FROM old_tracks WHERE published
    ) d, unnest('{0}'::int[] || d.tag_ids) x(a), unnest('{0}'::int[] || d.tag_ids) y(b)
    WHERE (x.a = 0 AND y.b = 0) OR (x.a > 0 AND x.a <= y.b)
    GROUP BY 1, 2, 3 HAVING sum(d.s) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (kind, a, b) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tracks_counts_insert" AFTER INSERT ON "tracks" REFERENCING NEW TABLE AS new_tracks
  FOR EACH STATEMENT EXECUTE FUNCTION track_counts_apply();--> statement-breakpoint
CREATE TRIGGER "tracks_counts_update" AFTER UPDATE ON "tracks" REFERENCING OLD TABLE AS old_tracks NEW TABLE AS new_tracks
  FOR EACH STATEMENT EXECUTE FUNCTION track_counts_apply();--> statement-breakpoint
CREATE TRIGGER "tracks_counts_delete" AFTER DELETE ON "tracks" REFERENCING OLD TABLE AS old_tracks
  FOR EACH STATEMENT EXECUTE FUNCTION track_counts_apply();--> statement-breakpoint
CREATE TRIGGER "tracks_counts_truncate" AFTER TRUNCATE ON "tracks"
  FOR EACH STATEMENT EXECUTE FUNCTION track_counts_apply();--> statement-breakpoint
INSERT INTO "track_counts" ("kind", "a", "b", "n")
SELECT d.kind, x.a, y.b, count(*)::int
FROM "tracks" d, unnest('{0}'::int[] || d.tag_ids) x(a), unnest('{0}'::int[] || d.tag_ids) y(b)
WHERE d.published AND ((x.a = 0 AND y.b = 0) OR (x.a > 0 AND x.a <= y.b))
GROUP BY 1, 2, 3;
