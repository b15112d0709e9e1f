import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { selectRows, type DbOrTx } from '../../db/client.js';

/** Rows of the lexicon queries, parsed by `selectRows`. */
const lexemeRow = z.object({ w: z.string() });
const wordTermRow = z.object({ w: z.string(), term: z.string() });
const titleRow = z.object({ title: z.string() });
const artistNameRow = z.object({ id: z.number(), name: z.string() });
const termRow = z.object({ term: z.string() });

/**
 * A lexicon term: one word of letters and digits, as `tokenize` makes of what a visitor types.
 * The parser also emits hosts, paths and emails (`x.com/a'b`, `a!b@c.de`): never typed as one word,
 * and full of tsquery syntax, so they stay out of the lexicon.
 */
const wordLike = (w: SQL) =>
  sql`(length(${w}) between 2 and 40 and ${w} !~ '^[0-9]+$' and ${w} !~ '[[:punct:][:space:][:cntrl:]]')`;

/**
 * Rebuilds the derived data of tracks: the full-text document (title and Arabic title A; artist,
 * album and the album's Arabic title B; tags, maqam and region C; Arabic letters folded as typed words
 * are, by the SQL function `tarab_fold_arabic` of migration 0021), the `tag_ids` array (from track_tags), and the search lexicon. Call after
 * inserting or editing tracks or their tags, or publishing or withdrawing them. The lexicon follows
 * the published catalog: words of published tracks are added, and the words these tracks had before
 * are removed when no published track has them any more.
 */
export async function refreshTrackSearch(tx: DbOrTx, trackIds?: number[]): Promise<void> {
  const some = trackIds !== undefined && trackIds.length > 0;
  const filter = some
    ? sql`and t.id in (${sql.join(
        trackIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  // The words these tracks had: candidates for removal once they are rebuilt.
  const before = some
    ? await selectRows(
        tx,
        lexemeRow,
        sql`select distinct w from tracks t, unnest(tsvector_to_array(t.search)) as w where t.search is not null ${filter}`,
      )
    : [];
  await tx.execute(sql`
    update tracks t set
      tag_ids = coalesce((select array_agg(tt.tag_id order by tt.tag_id) from track_tags tt where tt.track_id = t.id), '{}'),
      search =
      setweight(to_tsvector('simple', tarab_fold_arabic(t.title)), 'A') ||
      setweight(to_tsvector('simple', tarab_fold_arabic(coalesce(t.title_ar, ''))), 'A') ||
      setweight(to_tsvector('simple', tarab_fold_arabic(concat_ws(' ', ar.name, ar.name_ar))), 'B') ||
      setweight(to_tsvector('simple', tarab_fold_arabic(coalesce(
        (select concat_ws(' ', al.title, al.title_ar) from albums al where al.id = t.album_id), ''))), 'B') ||
      setweight(to_tsvector('simple', concat_ws(' ', t.maqam, t.tonic, t.iqa,
        (select string_agg(g.name, ' ') from track_tags tt join tags g on g.id = tt.tag_id where tt.track_id = t.id),
        (select r.name from tags r where r.id = t.region_id))), 'C')
    from artists ar
    where ar.id = t.artist_id ${filter}
  `);
  await tx.execute(sql`
    insert into search_terms (term)
    select distinct w from tracks t, unnest(tsvector_to_array(t.search)) as w
    where t.published and ${wordLike(sql`w`)} ${filter}
    on conflict do nothing
  `);
  if (!some) {
    await tx.execute(sql`
      delete from search_terms s where not exists (
        select 1 from tracks t where t.published and t.search @@ plainto_tsquery('simple', s.term))
    `);
    return;
  }
  const candidates = before.map((r) => r.w);
  if (candidates.length === 0) return;
  // Lexicon terms are single words (wordLike), so plainto_tsquery gives back exactly that lexeme
  // and the GIN index of tracks.search answers whether a published track still has it.
  await tx.execute(sql`
    delete from search_terms s
    where s.term in (${sql.join(
      candidates.map((w) => sql`${w}`),
      sql`, `,
    )})
      and not exists (select 1 from tracks t where t.published and t.search @@ plainto_tsquery('simple', s.term))
  `);
}

const textArray = (xs: string[]) =>
  sql`ARRAY[${sql.join(
    xs.map((w) => sql`${w}`),
    sql`, `,
  )}]::text[]`;

/**
 * For each word, lexicon terms that look like it, best first: trigram neighbours (`hijas` → hijaz)
 * and the words one transposition away (`rhtyhm` → rhythm; `variants` gives them per word, looked
 * up exactly through the primary key). One round trip.
 */
export async function findSimilarTerms(
  tx: DbOrTx,
  words: string[],
  perWord = 4,
  variants: Map<string, string[]> = new Map(),
): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (words.length === 0) return result;
  const pairs = [...variants].flatMap(([w, vs]) => vs.map((v) => [w, v] as const));
  const swapped =
    pairs.length === 0
      ? sql``
      : sql`union all
    select p.w, s.term, 2.0::real as score from unnest(${textArray(pairs.map((p) => p[0]))}, ${textArray(
      pairs.map((p) => p[1]),
    )}) as p(w, v) join search_terms s on s.term = p.v`;
  const rows = await selectRows(
    tx,
    wordTermRow,
    sql`
    select w, term from (
      select w, s.term, s.score from unnest(${textArray(words)}) as w
      cross join lateral (
        select term, similarity(term, w) as score from search_terms where term % w order by similarity(term, w) desc, term limit ${perWord}
      ) s
      ${swapped}
    ) found order by w, score desc, term
  `,
  );
  for (const row of rows) result.set(row.w, [...(result.get(row.w) ?? []), row.term]);
  return result;
}

/**
 * "Did you mean" candidates: for each word, lexicon terms of about its length that start with the
 * same letter or share trigrams with it (a wider net than search's), at most `perWord`. The caller
 * ranks them by edit distance. Only asked when a search found nothing.
 */
export async function findCloseTerms(tx: DbOrTx, words: string[], perWord = 200): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (words.length === 0) return result;
  const rows = await selectRows(
    tx,
    wordTermRow,
    sql`
    select w, s.term from unnest(${textArray(words)}) as w
    cross join lateral (
      select term from search_terms
      where length(term) between length(w) - 2 and length(w) + 2
        and (left(term, 1) = left(w, 1) or similarity(term, w) >= 0.2)
      order by similarity(term, w) desc, term limit ${perWord}
    ) s
  `,
  );
  for (const row of rows) result.set(row.w, [...(result.get(row.w) ?? []), row.term]);
  return result;
}

/** `text` as a LIKE pattern that matches it literally at the start (`%`, `_` and `\\` escaped). */
const prefixPattern = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Published titles starting with the typed text (case-insensitive), one per title, in byte order.
 * Answered by the `lower(title) text_pattern_ops` index of published tracks, read in its own order
 * (`using ~<~`), so the scan stops after a few rows however many titles start with the text.
 */
export async function findTitlesStartingWith(
  tx: DbOrTx,
  text: string,
  limit: number,
  kind?: 'music' | 'loop',
): Promise<{ title: string }[]> {
  const kindFilter = kind ? sql`and kind = ${kind}` : sql``;
  return selectRows(
    tx,
    titleRow,
    sql`
    select min(title) as title from (
      select title, lower(title) as key from tracks
      where published and lower(title) like ${prefixPattern(text.toLowerCase())} ${kindFilter}
      order by lower(title) using ~<~ limit ${limit * 4}
    ) found group by key order by key using ~<~ limit ${limit}`,
  );
}

/** Artists whose name starts with the typed text (case-insensitive), alphabetical. */
export async function findArtistsStartingWith(
  tx: DbOrTx,
  text: string,
  limit: number,
): Promise<{ id: number; name: string }[]> {
  return selectRows(
    tx,
    artistNameRow,
    sql`select id, name from artists where lower(name) like ${prefixPattern(text.toLowerCase())}
    order by lower(name) using ~<~, id limit ${limit}`,
  );
}

/** Which of these words the catalog's published tracks hold (the lexicon). */
export async function findTermsPresent(tx: DbOrTx, terms: string[]): Promise<Set<string>> {
  if (terms.length === 0) return new Set();
  const rows = await selectRows(tx, termRow, sql`select term from search_terms where term = any(${textArray(terms)})`);
  return new Set(rows.map((r) => r.term));
}

/**
 * Which of these (folded) words some lexicon term starts with: those a search reads as typed. A word
 * none starts with found its tracks only through a close term (a corrected typo).
 */
export async function findWordsWithTerms(tx: DbOrTx, words: string[]): Promise<Set<string>> {
  if (words.length === 0) return new Set();
  const rows = await selectRows(
    tx,
    lexemeRow,
    sql`select w from unnest(${textArray(words)}) as w
    where exists (select 1 from search_terms s where starts_with(s.term, w))`,
  );
  return new Set(rows.map((r) => r.w));
}

const artistMatchRow = z.object({
  id: z.number(),
  name: z.string(),
  name_ar: z.string().nullable(),
  image: z.string(),
});
const albumMatchRow = z.object({
  id: z.number(),
  title: z.string(),
  title_ar: z.string().nullable(),
  image: z.string(),
  artist_id: z.number(),
  artist_name: z.string(),
});
export type ArtistMatchRow = z.infer<typeof artistMatchRow>;
export type AlbumMatchRow = z.infer<typeof albumMatchRow>;

/**
 * Every word starts a word of `text` (its names folded as typed words are: lower case, Arabic letter
 * forms). Words are letters and digits only (tokenize), so they hold no LIKE wildcard.
 */
const namesStartWith = (text: SQL, words: string[]) =>
  sql.join(
    words.map((w) => sql`(' ' || lower(tarab_fold_arabic(${text}))) like ${`% ${w}%`}`),
    sql` and `,
  );

/** Artists whose name (or Arabic name) has a word starting with each typed word, alphabetical. */
export async function findArtistsMatching(tx: DbOrTx, words: string[], limit: number): Promise<ArtistMatchRow[]> {
  if (words.length === 0) return [];
  return selectRows(
    tx,
    artistMatchRow,
    sql`select a.id, a.name, a.name_ar, a.image from artists a
    where ${namesStartWith(sql`a.name || ' ' || coalesce(a.name_ar, '')`, words)}
      and exists (select 1 from tracks t where t.artist_id = a.id and t.published)
    order by lower(a.name), a.id limit ${limit}`,
  );
}

/** Albums (with a published track) whose title or Arabic title has a word starting with each typed word, newest first. */
export async function findAlbumsMatching(tx: DbOrTx, words: string[], limit: number): Promise<AlbumMatchRow[]> {
  if (words.length === 0) return [];
  return selectRows(
    tx,
    albumMatchRow,
    sql`select al.id, al.title, al.title_ar, al.image, ar.id as artist_id, ar.name as artist_name
    from albums al join artists ar on ar.id = al.artist_id
    where ${namesStartWith(sql`al.title || ' ' || coalesce(al.title_ar, '')`, words)}
      and exists (select 1 from tracks t where t.album_id = al.id and t.published)
    order by al.released_at desc nulls last, al.id desc limit ${limit}`,
  );
}
