import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { selectRows, timestampText, type DbOrTx } from '../../db/client.js';
import { scales, tagKinds, tags, trackKinds, tracks, type TagKind, type TrackKind } from '../../db/schema/index.js';
import { titleOnly } from './search-query.js';
import { countCache, countCacheOn, criteriaKey } from './catalog-count-cache.js';

/** Row shapes read by the catalog (mapped to response shapes by catalog.mapper.ts), parsed by `selectRows`. */
const trackRow = z.object({
  id: z.number(),
  kind: z.enum(trackKinds),
  title: z.string(),
  title_ar: z.string().nullable(),
  price_cents: z.number(),
  bpm: z.number().nullable(),
  duration_s: z.number(),
  maqam: z.string().nullable(),
  tonic: z.string().nullable(),
  iqa: z.string().nullable(),
  meter: z.string().nullable(),
  preview_key: z.string(),
  peaks_key: z.string(),
  audition_key: z.string().nullable(),
  created_at: timestampText,
  artist_id: z.number(),
  artist_name: z.string(),
  artist_name_ar: z.string().nullable(),
  album_id: z.number().nullable(),
  album_title: z.string().nullable(),
  album_title_ar: z.string().nullable(),
  album_image: z.string().nullable(),
  region_id: z.number().nullable(),
  region_name: z.string().nullable(),
  scale_id: z.number().nullable(),
  scale_name: z.string().nullable(),
  scale_key: z.string().nullable(),
  scale_key_type: z.string().nullable(),
});
export type TrackRow = z.infer<typeof trackRow>;

const trackTagRow = z.object({ track_id: z.number(), id: z.number(), kind: z.enum(tagKinds), name: z.string() });
export type TrackTagRow = z.infer<typeof trackTagRow>;

export interface TagRow {
  id: number;
  kind: TagKind;
  name: string;
  image: string;
  color: string;
}

export interface ScaleRow {
  id: number;
  name: string;
  key: string;
  key_type: string;
}

const artistRow = z.object({
  id: z.number(),
  name: z.string(),
  name_ar: z.string().nullable(),
  bio: z.string(),
  bio_ar: z.string().nullable(),
  image: z.string(),
  album_count: z.number(),
  music_count: z.number(),
});
export type ArtistRow = z.infer<typeof artistRow>;

const albumRow = z.object({
  id: z.number(),
  title: z.string(),
  title_ar: z.string().nullable(),
  image: z.string(),
  released_at: z.string().nullable(),
  artist_id: z.number(),
  artist_name: z.string(),
  artist_name_ar: z.string().nullable(),
  music_count: z.number(),
});
export type AlbumRow = z.infer<typeof albumRow>;

/** Small rows of the counting and lookup queries. */
const countRow = z.object({ n: z.number() });
const versionRow = z.object({ version: z.number() });
const countAtVersionRow = z.object({ n: z.number(), version: z.number().nullable() });
const wordRow = z.object({ word: z.string() });
const foundRow = z.object({ found: z.boolean() });
const idCountRow = z.object({ id: z.number(), n: z.number() });
const valueCountRow = z.object({ value: z.string(), n: z.number() });
/** One maqam's counts, one numeric column per facet (named by `sql.identifier(facet)`). */
const maqamCountsRow = z.object({ value: z.string() }).catchall(z.number());
const bpmRangeRow = z.object({ min: z.number().nullable(), max: z.number().nullable() });
const kindCountsRow = z.object({ music: z.number(), loops: z.number() });

/** The conditions a track list is narrowed by; ids are already checked to exist. */
export interface TrackCriteria {
  kind?: TrackKind;
  /** The same as `kind`, written `kind >= k and kind <= k` (the page query's plan, see findTrackPage). */
  kindRange?: TrackKind;
  tagsByKind?: Partial<Record<'genre' | 'mood' | 'theme' | 'instrument', number[]>>;
  region?: number[];
  scale?: number[];
  bpm?: number;
  bpmMin?: number;
  bpmMax?: number;
  tsQuery?: string | null;
  /**
   * Musical facets (issue 18), each `column in (values)`, all ANDed: `facet` is the query key it came
   * from (the facet counts leave their own out), or `keyword` when read from the search text.
   */
  musical?: MusicalCondition[];
  artistId?: number;
  albumId?: number;
  ids?: number[];
  /** Also unpublished tracks (downloads of licensed tracks, the artist's own catalog). */
  includeUnpublished?: boolean;
}

export interface MusicalCondition {
  facet: string;
  column: 'maqam' | 'tonic' | 'iqa' | 'meter';
  values: string[];
}

const musicalColumn = {
  maqam: sql`t.maqam`,
  tonic: sql`t.tonic`,
  iqa: sql`t.iqa`,
  meter: sql`t.meter`,
} as const;

const valueList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** `column in (values)`; an empty list (a family no maqam has) matches nothing. */
const musicalCondition = (m: MusicalCondition): SQL =>
  m.values.length ? sql`${musicalColumn[m.column]} in (${valueList(m.values)})` : sql`false`;

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** WHERE clause of a track list; `except` leaves facets out (for those facets' counts). */
export function whereTracks(c: TrackCriteria, exceptFacets?: string | readonly string[]): SQL {
  const except = typeof exceptFacets === 'string' ? exceptFacets : undefined;
  const left = (facet: string) =>
    typeof exceptFacets === 'string' ? facet === exceptFacets : (exceptFacets?.includes(facet) ?? false);
  // Unpublished tracks (artists' drafts and withdrawn tracks) are never part of the store.
  const parts: SQL[] = [c.includeUnpublished ? sql`true` : sql`t.published`];
  if (c.kind) parts.push(sql`t.kind = ${c.kind}`);
  if (c.kindRange) parts.push(sql`t.kind >= ${c.kindRange} and t.kind <= ${c.kindRange}`);
  for (const [kind, ids] of Object.entries(c.tagsByKind ?? {})) {
    if (!ids || ids.length === 0 || kind === except) continue;
    parts.push(sql`t.tag_ids && ARRAY[${idList(ids)}]::int[]`);
  }
  if (c.region?.length && except !== 'region') parts.push(sql`t.region_id in (${idList(c.region)})`);
  if (c.scale?.length && except !== 'scale') parts.push(sql`t.scale_id in (${idList(c.scale)})`);
  if (c.bpm !== undefined) parts.push(sql`t.bpm = ${c.bpm}`);
  if (c.bpmMin !== undefined) parts.push(sql`t.bpm >= ${c.bpmMin}`);
  if (c.bpmMax !== undefined) parts.push(sql`t.bpm <= ${c.bpmMax}`);
  if (c.tsQuery) parts.push(sql`t.search @@ to_tsquery('simple', ${c.tsQuery})`);
  for (const m of c.musical ?? []) if (!left(m.facet)) parts.push(musicalCondition(m));
  if (c.artistId !== undefined) parts.push(sql`t.artist_id = ${c.artistId}`);
  if (c.albumId !== undefined) parts.push(sql`t.album_id = ${c.albumId}`);
  if (c.ids) parts.push(c.ids.length ? sql`t.id in (${idList(c.ids)})` : sql`false`);
  return sql.join(parts, sql` and `);
}

const trackColumns = sql`
  t.id, t.kind, t.title, t.title_ar, t.price_cents, t.bpm, t.duration_s, t.maqam, t.tonic, t.iqa, t.meter,
  t.preview_key, t.peaks_key, t.audition_key, t.created_at,
  ar.id as artist_id, ar.name as artist_name, ar.name_ar as artist_name_ar,
  al.id as album_id, al.title as album_title, al.title_ar as album_title_ar, al.image as album_image,
  rg.id as region_id, rg.name as region_name,
  sc.id as scale_id, sc.name as scale_name, sc.key as scale_key, sc.key_type as scale_key_type`;

const trackJoins = sql`
  join artists ar on ar.id = t.artist_id
  left join albums al on al.id = t.album_id
  left join tags rg on rg.id = t.region_id
  left join scales sc on sc.id = t.scale_id`;

/**
 * The kept count that answers these criteria exactly, as its `track_counts` key, or null: published
 * tracks of one kind with no keyword and at most two facets of one value each (decision 022).
 */
export function keptCountKey(c: TrackCriteria): { kind: TrackKind; a: number; b: number } | null {
  if (!c.kind || c.includeUnpublished || c.tsQuery) return null;
  if (c.region?.length || c.scale?.length || c.ids || c.musical?.length) return null;
  if (c.bpm !== undefined || c.bpmMin !== undefined || c.bpmMax !== undefined) return null;
  if (c.artistId !== undefined || c.albumId !== undefined) return null;
  const tags: number[] = [];
  for (const ids of Object.values(c.tagsByKind ?? {})) {
    if (!ids || ids.length === 0) continue;
    if (ids.length > 1) return null;
    tags.push(ids[0]!);
  }
  if (tags.length > 2) return null;
  const [a = 0, b = a] = tags.sort((x, y) => x - y);
  return { kind: c.kind, a, b };
}

/** The catalog's version now (decision 022): it changes with every statement that writes tracks. */
export async function catalogVersionOf(tx: DbOrTx): Promise<number | undefined> {
  const [row] = await selectRows(tx, versionRow, sql`select version::float8 as version from catalog_version`);
  return row?.version;
}

/**
 * How many tracks meet the criteria, exactly (the envelopes' `total`, decision 021). Three ways, cheapest
 * first (decision 022):
 * - no keyword and at most two single-valued facets: the row kept by triggers in `track_counts`;
 * - criteria counted before at the current catalog version: the in-process cache (the version is drawn
 *   from a sequence by every statement that writes tracks, so a cached count is never stale);
 * - otherwise `count(*)`, read in one statement with the version it belongs to, and cached under it.
 * `version`: the catalog version the caller read for this request (else it is read here when needed).
 */
export async function countTracks(tx: DbOrTx, c: TrackCriteria, version?: number): Promise<number> {
  const kept = keptCountKey(c);
  if (kept) {
    const [row] = await selectRows(
      tx,
      countRow,
      sql`select coalesce((select n from track_counts where kind = ${kept.kind} and a = ${kept.a} and b = ${kept.b}), 0)::int as n`,
    );
    return row?.n ?? 0;
  }
  const count = async () => {
    const [row] = await selectRows(
      tx,
      countAtVersionRow,
      sql`select count(*)::int as n, (select version::float8 from catalog_version) as version
        from tracks t where ${whereTracks(c)}`,
    );
    return { value: row?.n ?? 0, version: row?.version ?? undefined };
  };
  if (!countCacheOn) return (await count()).value;
  return countCache(tx, version ?? (await catalogVersionOf(tx)), criteriaKey(c), count);
}

/**
 * The catalog's broadest search words, most frequent first: the "most common elements" PostgreSQL's
 * ANALYZE keeps for `tracks.search` (no scan of the table: a read of pg_stats), at least `minShare` of
 * the rows each. Empty before the table was first analysed.
 */
export async function commonSearchWords(tx: DbOrTx, limit: number, minShare = 0.002): Promise<string[]> {
  const rows = await selectRows(
    tx,
    wordRow,
    sql`select e.word from pg_stats s,
          unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs[1:array_length(s.most_common_elems::text::text[], 1)])
            as e(word, share)
        where s.schemaname = current_schema() and s.tablename = 'tracks' and s.attname = 'search' and e.share >= ${minShare}
        order by e.share desc, e.word limit ${limit}`,
  );
  return rows.map((r) => r.word);
}

/** Every tag's name (genres, moods, themes, instruments, regions), lower case. */
export async function tagWords(tx: DbOrTx): Promise<string[]> {
  const rows = await selectRows(tx, wordRow, sql`select distinct lower(name) as word from tags order by 1`);
  return rows.map((r) => r.word);
}

/**
 * Above this many matches a keyword search lists newest first; at or below it, tracks whose title has
 * every word come first (then the other matches), each newest first. See findTrackPage.
 */
const TIERED_RANKING_MAX = 3000;

/**
 * One page of tracks and the total (issue #16). The count comes first (the envelope's `total` and
 * `last_page` are exact); it also chooses how the page is read:
 * - no match: no page query;
 * - many matches (no keyword, or more than TIERED_RANKING_MAX): newest first, read backwards along
 *   the primary key, stopping after `offset + limit` matches — dense matches make that a few hundred rows;
 * - few keyword matches: every match from the GIN index, title matches (weight A) first, newest first
 *   within each tier — a sort of at most TIERED_RANKING_MAX rows.
 * Only the page's rows are then joined to artists, albums, regions and scales. (ts_rank over every
 * match, the old order, read every matching search document: 25-60 ms at 250k rows.)
 */
export async function findTrackPage(
  tx: DbOrTx,
  c: TrackCriteria,
  page: { limit: number; offset: number },
  version?: number,
): Promise<{ rows: TrackRow[]; total: number }> {
  const where = whereTracks(c);
  const total = await countTracks(tx, c, version);
  if (total === 0 || page.offset >= total) return { rows: [], total };
  const tiered = !!c.tsQuery && total <= TIERED_RANKING_MAX;
  const tier = tiered ? sql`(t.search @@ to_tsquery('simple', ${titleOnly(c.tsQuery!)}))::int` : sql`0`;
  // Many matches: with one kind, the page is read backwards along tracks_kind_id_idx: the kind is
  // written as a range and leads the order, so the planner cannot drop it as a constant and walk the
  // primary key instead (with music seeded before 200,000 loops, that read every loop before the first
  // song: 70 ms). Few keyword matches (tiered): the kind stays an equality, so the matches come from
  // the kind's own partial GIN index (with the range, the planner ANDed the full GIN index with all
  // 200,000 songs of tracks_kind_id_idx: 110 ms at 1M rows, against 23 ms; docs/performance.md).
  const { kind, ...rest } = c;
  const pageWhere = kind && !tiered ? whereTracks({ ...rest, kindRange: kind }) : where;
  const rows = await selectRows(
    tx,
    trackRow,
    sql`
    with page as (
      select t.id, ${tier} as tier from tracks t where ${pageWhere}
      order by ${c.kind ? sql`t.kind desc, ` : sql``}tier desc, t.id desc limit ${page.limit} offset ${page.offset}
    )
    select ${trackColumns} from page p join tracks t on t.id = p.id ${trackJoins}
    order by p.tier desc, t.id desc`,
  );
  return { rows, total };
}

/** Whether any track meets the criteria (stops at the first). */
export async function hasTracks(tx: DbOrTx, c: TrackCriteria): Promise<boolean> {
  const rows = await selectRows(
    tx,
    foundRow,
    sql`select exists (select 1 from tracks t where ${whereTracks(c)}) as found`,
  );
  return rows[0]?.found === true;
}

export async function findTracksWhere(tx: DbOrTx, c: TrackCriteria, limit = 500): Promise<TrackRow[]> {
  const result = await selectRows(
    tx,
    trackRow,
    sql`
    select ${trackColumns} from tracks t ${trackJoins} where ${whereTracks(c)} order by t.id limit ${limit}`,
  );
  return result;
}

/** The kind of one track, without the joins of a full track row. */
export async function findTrackKindById(tx: DbOrTx, id: number): Promise<TrackKind | undefined> {
  const rows = await tx
    .select({ kind: tracks.kind })
    .from(tracks)
    .where(and(eq(tracks.id, id), eq(tracks.published, true)));
  return rows[0]?.kind;
}

export async function findTagsOfTracks(tx: DbOrTx, trackIds: number[]): Promise<TrackTagRow[]> {
  if (trackIds.length === 0) return [];
  const result = await selectRows(
    tx,
    trackTagRow,
    sql`
    select tt.track_id, g.id, g.kind, g.name from track_tags tt join tags g on g.id = tt.tag_id
    where tt.track_id in (${idList(trackIds)}) order by g.kind, g.name`,
  );
  return result;
}

export async function findTags(tx: DbOrTx, ids?: number[]): Promise<TagRow[]> {
  if (ids?.length === 0) return [];
  return tx
    .select({ id: tags.id, kind: tags.kind, name: tags.name, image: tags.image, color: tags.color })
    .from(tags)
    .where(ids ? inArray(tags.id, ids) : undefined)
    .orderBy(asc(tags.kind), asc(tags.name));
}

export async function findScales(tx: DbOrTx, ids?: number[]): Promise<ScaleRow[]> {
  if (ids?.length === 0) return [];
  return tx
    .select({ id: scales.id, name: scales.name, key: scales.key, key_type: scales.keyType })
    .from(scales)
    .where(ids ? inArray(scales.id, ids) : undefined)
    .orderBy(asc(scales.keyType), asc(scales.key));
}

/** Counts per tag of one kind for the tracks matching the criteria minus that kind's own selection. */
export async function countByTag(
  tx: DbOrTx,
  c: TrackCriteria,
  kind: 'genre' | 'mood' | 'theme' | 'instrument',
): Promise<Map<number, number>> {
  const result = await selectRows(
    tx,
    idCountRow,
    sql`
    select tag as id, count(*)::int as n
    from tracks t cross join lateral unnest(t.tag_ids) as tag
    where ${whereTracks(c, kind)} and tag in (select id from tags where kind = ${kind}) group by tag`,
  );
  return new Map(result.map((r) => [r.id, r.n]));
}

export async function countByColumn(
  tx: DbOrTx,
  c: TrackCriteria,
  column: 'region' | 'scale',
): Promise<Map<number, number>> {
  const col = column === 'region' ? sql`t.region_id` : sql`t.scale_id`;
  const result = await selectRows(
    tx,
    idCountRow,
    sql`
    select ${col} as id, count(*)::int as n from tracks t
    where ${whereTracks(c, column)} and ${col} is not null group by ${col}`,
  );
  return new Map(result.map((r) => [r.id, r.n]));
}

/**
 * Counts of the musical facets for the tracks matching the criteria, each facet without its own
 * selection: one pass grouped by maqam (family, maqam and jins are properties of the maqam: a count
 * per maqam per facet, summed by the service) and one grouped pass each for tonic, iqa and meter.
 */
export async function countMusicalFacets(
  tx: DbOrTx,
  c: TrackCriteria,
  maqamFacets: readonly string[],
): Promise<{
  maqam: Array<{ value: string; counts: Record<string, number> }>;
  tonic: Map<string, number>;
  iqa: Map<string, number>;
  meter: Map<string, number>;
}> {
  const maqamConditions = (c.musical ?? []).filter((m) => maqamFacets.includes(m.facet));
  const filtered = maqamFacets.map((facet) => {
    const others = maqamConditions.filter((m) => m.facet !== facet).map(musicalCondition);
    const where = others.length ? sql.join(others, sql` and `) : sql`true`;
    return sql`count(*) filter (where ${where})::int as ${sql.identifier(facet)}`;
  });
  const byColumn = async (column: 'tonic' | 'iqa' | 'meter') => {
    const col = musicalColumn[column];
    const rows = await selectRows(
      tx,
      valueCountRow,
      sql`select ${col} as value, count(*)::int as n from tracks t
        where ${whereTracks(c, column)} and ${col} is not null group by ${col}`,
    );
    return new Map(rows.map((r) => [r.value, r.n]));
  };
  const [maqamRows, tonic, iqa, meter] = await Promise.all([
    selectRows(
      tx,
      maqamCountsRow,
      sql`select t.maqam as value, ${sql.join(filtered, sql`, `)} from tracks t
        where ${whereTracks(c, maqamFacets)} and t.maqam is not null group by t.maqam`,
    ),
    byColumn('tonic'),
    byColumn('iqa'),
    byColumn('meter'),
  ]);
  return {
    maqam: maqamRows.map(({ value, ...counts }) => ({ value, counts })),
    tonic,
    iqa,
    meter,
  };
}

export async function bpmRange(tx: DbOrTx, kind?: TrackKind): Promise<{ min: number; max: number }> {
  const where = kind ? sql`where published and kind = ${kind}` : sql`where published`;
  const result = await selectRows(
    tx,
    bpmRangeRow,
    sql`select min(bpm)::int as min, max(bpm)::int as max from tracks ${where}`,
  );
  const row = result[0];
  return { min: row?.min ?? 0, max: row?.max ?? 0 };
}

const artistColumns = sql`
  a.id, a.name, a.name_ar, a.bio, a.bio_ar, a.image,
  (select count(*)::int from albums al where al.artist_id = a.id) as album_count,
  (select count(*)::int from tracks t where t.artist_id = a.id and t.published) as music_count`;

export async function findArtistPage(
  tx: DbOrTx,
  page: { limit: number; offset: number },
): Promise<{ rows: ArtistRow[]; total: number }> {
  // Page first, then count albums and tracks for the artists of the page only.
  const [rows, count] = await Promise.all([
    selectRows(
      tx,
      artistRow,
      sql`select ${artistColumns} from (select * from artists order by name, id limit ${page.limit} offset ${page.offset}) a order by a.name, a.id`,
    ),
    selectRows(tx, countRow, sql`select count(*)::int as n from artists`),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

export async function findArtist(tx: DbOrTx, id: number): Promise<ArtistRow | undefined> {
  const result = await selectRows(tx, artistRow, sql`select ${artistColumns} from artists a where a.id = ${id}`);
  return result[0];
}

const albumSelect = sql`
  select al.id, al.title, al.title_ar, al.image, al.released_at::text as released_at, ar.id as artist_id, ar.name as artist_name, ar.name_ar as artist_name_ar,
    (select count(*)::int from tracks t where t.album_id = al.id and t.published) as music_count
  from albums al join artists ar on ar.id = al.artist_id`;

export async function findAlbums(
  tx: DbOrTx,
  where: { artistId?: number; excludeId?: number; limit?: number } = {},
): Promise<AlbumRow[]> {
  const parts: SQL[] = [sql`true`];
  if (where.artistId !== undefined) parts.push(sql`al.artist_id = ${where.artistId}`);
  if (where.excludeId !== undefined) parts.push(sql`al.id <> ${where.excludeId}`);
  const result = await selectRows(
    tx,
    albumRow,
    sql`
    ${albumSelect} where ${sql.join(parts, sql` and `)}
    order by al.released_at desc nulls last, al.id desc limit ${where.limit ?? 500}`,
  );
  return result;
}

export async function findAlbum(tx: DbOrTx, id: number): Promise<AlbumRow | undefined> {
  const result = await selectRows(tx, albumRow, sql`${albumSelect} where al.id = ${id}`);
  return result[0];
}

/**
 * Related albums: the same artist's other albums first, then albums whose tracks share the album's
 * main genre, newest first. Both steps use indexes (tracks by album, GIN tag array) and stop early.
 */
export async function findRelatedAlbums(tx: DbOrTx, album: AlbumRow, limit: number): Promise<AlbumRow[]> {
  return selectRows(
    tx,
    albumRow,
    sql`
    with main_genre as (
      select tag from tracks t cross join lateral unnest(t.tag_ids) as tag
      where t.album_id = ${album.id} and t.published and tag in (select id from tags where kind = 'genre')
      group by tag order by count(*) desc, tag limit 1
    ), candidates as (
      (select al.id, 0 as rank, al.released_at from albums al where al.artist_id = ${album.artist_id} and al.id <> ${album.id}
        order by al.released_at desc nulls last, al.id desc limit ${limit})
      union all
      (select distinct on (t.album_id) t.album_id, 1, null::date from tracks t, main_genre g
        where t.tag_ids && ARRAY[g.tag]::int[] and t.published and t.album_id is not null and t.album_id <> ${album.id}
        order by t.album_id desc limit ${limit * 4})
    ), ranked as (
      select id, min(rank) as rank from candidates group by id
    )
    ${albumSelect} join ranked r on r.id = al.id
    order by r.rank, al.released_at desc nulls last, al.id desc limit ${limit}`,
  );
}

/** Published music tracks and loops, counted in one pass (the home hero's figures). */
export async function countPublishedByKind(tx: DbOrTx): Promise<{ music: number; loops: number }> {
  const rows = await selectRows(
    tx,
    kindCountsRow,
    sql`select count(*) filter (where kind = 'music')::int as music, count(*) filter (where kind = 'loop')::int as loops
      from tracks where published`,
  );
  return rows[0] ?? { music: 0, loops: 0 };
}
