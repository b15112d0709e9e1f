-- Arabic titles are searchable (issue 19 item 4): a track's search document gets its Arabic title
-- (weight A) and its album's (weight B), and every title and name in it is folded as a typed Arabic
-- word is (search-lexicon.ts normalizeArabic: diacritics and tatweel removed, alef forms -> ا,
-- ة -> ه, ى/ی -> ي, ک -> ك), so that قهوة finds a title written قهوة.
CREATE OR REPLACE FUNCTION tarab_fold_arabic(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT translate(regexp_replace(input, '[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]', '', 'g'), 'أإآٱةىیک', 'ااااهييك') $$;
--> statement-breakpoint
-- Every stored document, rebuilt as catalog-search.repo.ts refreshTrackSearch builds it from now on.
UPDATE tracks t SET search =
  setweight(to_tsvector('simple', tarab_fold_arabic(t.title)), 'A') ||
  setweight(to_tsvector('simple', tarab_fold_arabic(coalesce(t.title_ar, ''))), 'A') ||
  setweight(to_tsvector('simple', tarab_fold_arabic(ar.name)), 'B') ||
  setweight(to_tsvector('simple', tarab_fold_arabic(coalesce(
    (SELECT concat_ws(' ', al.title, al.title_ar) FROM albums al WHERE al.id = t.album_id), ''))), 'B') ||
  setweight(to_tsvector('simple', concat_ws(' ', t.maqam, t.tonic, t.iqa,
    (SELECT string_agg(g.name, ' ') FROM track_tags tt JOIN tags g ON g.id = tt.tag_id WHERE tt.track_id = t.id),
    (SELECT r.name FROM tags r WHERE r.id = t.region_id))), 'C')
FROM artists ar
WHERE ar.id = t.artist_id AND t.search IS NOT NULL;
--> statement-breakpoint
INSERT INTO search_terms (term)
SELECT DISTINCT w FROM tracks t, unnest(tsvector_to_array(t.search)) AS w
WHERE t.published AND length(w) BETWEEN 2 AND 40 AND w !~ '^[0-9]+$' AND w !~ '[[:punct:][:space:][:cntrl:]]'
ON CONFLICT DO NOTHING;
