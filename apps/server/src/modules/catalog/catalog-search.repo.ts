import { sql } from 'drizzle-orm';
import { selectRows, type DbOrTx } from '../../db/client.js';

/**
 * Rebuilds the derived data of tracks: the full-text document (title A; artist and album B; tags,
 * maqam and region C), the `tag_ids` array (from track_tags), and the search lexicon. Call after
 * inserting or editing tracks or their tags.
 */
export async function refreshTrackSearch(tx: DbOrTx, trackIds?: number[]): Promise<void> {
  const filter =
    trackIds && trackIds.length > 0
      ? sql`and t.id in (${sql.join(
          trackIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
  await tx.execute(sql`
    update tracks t set
      tag_ids = coalesce((select array_agg(tt.tag_id order by tt.tag_id) from track_tags tt where tt.track_id = t.id), '{}'),
      search =
      setweight(to_tsvector('simple', t.title), 'A') ||
      setweight(to_tsvector('simple', ar.name), 'B') ||
      setweight(to_tsvector('simple', coalesce((select al.title from albums al where al.id = t.album_id), '')), 'B') ||
      setweight(to_tsvector('simple', concat_ws(' ', t.maqam, t.tonic, t.iqa,
        (select string_agg(g.name, ' ') from track_tags tt join tags g on g.id = tt.tag_id where tt.track_id = t.id),
        (select r.name from tags r where r.id = t.region_id))), 'C')
    from artists ar
    where ar.id = t.artist_id ${filter}
  `);
  await tx.execute(sql`
    insert into search_terms (term)
    select distinct w from tracks t, unnest(tsvector_to_array(t.search)) as w
    where length(w) >= 2 and w !~ '^[0-9]+$' ${filter}
    on conflict do nothing
  `);
}

/** For each word, lexicon terms that look like it (trigram similarity), best first. */
export async function findSimilarTerms(tx: DbOrTx, words: string[], perWord = 4): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (words.length === 0) return result;
  const rows = await selectRows<{ w: string; term: string }>(
    tx,
    sql`
    select w, s.term from unnest(ARRAY[${sql.join(
      words.map((w) => sql`${w}`),
      sql`, `,
    )}]::text[]) as w
    cross join lateral (
      select term from search_terms where term % w order by similarity(term, w) desc, term limit ${perWord}
    ) s
  `,
  );
  for (const row of rows) result.set(row.w, [...(result.get(row.w) ?? []), row.term]);
  return result;
}
