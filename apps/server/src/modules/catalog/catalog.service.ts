import type {
  AlbumDetail,
  AlbumDto,
  ArtistDetail,
  CatalogStatsDto,
  CategoryDto,
  FilterQuery,
  FilterResponse,
  PageMeta,
  Suggestion,
  SuggestQuery,
  TrackDto,
  TrackFilters,
  TrackKind,
  TrackListQuery,
  TrackPage,
  TrackSearchBody,
} from '@tarab/contracts';
import {
  MAX_SUGGESTIONS,
  MusicalFacetKeys,
  type MusicalFacetKey,
  type NamedOption,
  type TrackMetadataPatch,
  ServerErrors,
} from '@tarab/contracts';
import type { DbOrTx } from '../../db/client.js';
import { AppError, notFound, validationFailed, type FieldErrors, type FieldCodes } from '../../lib/errors.js';
import type { TtlCache } from '../../lib/ttl-cache.js';
import { versionedCache } from './catalog-count-cache.js';
import * as repo from './catalog.repo.js';
import * as writes from './track-writer.repo.js';
import {
  findArtistsStartingWith,
  findCloseTerms,
  findSimilarTerms,
  findTermsPresent,
  findTitlesStartingWith,
} from './catalog-search.repo.js';
import {
  toAlbumDto,
  toArtistDto,
  toCategoryDto,
  toFilterOption,
  toScaleDto,
  toTrackDtos,
  type Viewer,
} from './catalog.mapper.js';
import { foldWord, lexiconEntriesStartingWith, lexiconEntryOf, searchLexicon } from './search-lexicon.js';
import {
  facetColumn,
  isKnownValue,
  knownValues,
  MAQAM_FACETS,
  maqamatOf,
  maqamFacetValue,
  parseMusicalKeyword,
  sortTonics,
  type MaqamFacet,
} from './musical-facets.js';
import { buildTsQuery, editDistance, tokenize, transpositionsOf } from './search-query.js';
import { correctedKeyword, findNameMatches, suggestFacets } from './search-explanation.js';

export type { Viewer } from './catalog.mapper.js';

const tagFields = ['genre', 'mood', 'theme', 'instrument', 'region'] as const;

function pageMeta(page: number, perPage: number, total: number): PageMeta {
  return { current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

/** Typed words → their tsquery, per catalog version (the lexicon follows the catalog; decision 022). */
const tsQueries = versionedCache<string | null>(2000);

/**
 * Words -> tsquery, with typo tolerance from the lexicon. Null when nothing searchable was typed.
 * `version` (the catalog's, read once per request) lets a repeated keyword skip the lexicon lookup.
 */
async function keywordQuery(db: DbOrTx, keyword: string | undefined, version?: number): Promise<string | null> {
  const words = tokenize(keyword);
  if (words.length === 0) return null;
  return tsQueries(db, version, words.join(' '), async () => {
    const fuzzy = words.filter((w) => [...w].length >= 3);
    const similar = await findSimilarTerms(db, fuzzy, 4, new Map(fuzzy.map((w) => [w, transpositionsOf(w)])));
    return { value: buildTsQuery(words, similar), version };
  });
}

/** The catalog version when a keyword is typed (its tsquery and count may be cached), else not read. */
const versionFor = async (db: DbOrTx, keyword: string | undefined) =>
  tokenize(keyword).length > 0 ? repo.catalogVersionOf(db) : undefined;

/**
 * Counts the matches of each word as a keyword search of each kind would (its tsquery, its criteria),
 * so that the first visitor to search one finds the count ready (catalog-count-warmer.ts). `version`:
 * the catalog version the run read once at its start. Stops early when `stopped()` says so. Answers
 * how many it counted.
 */
export async function warmKeywordCounts(
  db: DbOrTx,
  words: readonly string[],
  version: number,
  stopped: () => boolean,
): Promise<number> {
  let counted = 0;
  for (const word of words) {
    for (const kind of ['music', 'loop'] as const) {
      if (stopped()) return counted;
      const criteria = await keywordCriteria(db, kind, word, version);
      if (!criteria.tsQuery && !criteria.musical?.length) continue;
      await repo.countTracks(db, criteria, version);
      counted++;
    }
  }
  return counted;
}

/**
 * The words worth counting ahead, broadest first: the catalog's most common search words (PostgreSQL's
 * statistics), then every lexicon spelling (maqamat, instruments, rhythms, moods… in Latin and Arabic),
 * then every tag name. Broad words are the ones whose count is slow (decision 034).
 */
export async function wordsToWarm(db: DbOrTx, limit: number): Promise<string[]> {
  const lexicon = searchLexicon.flatMap((e) => [e.term, ...e.variants, ...e.arabic]);
  const words = [...(await repo.commonSearchWords(db, limit)), ...lexicon, ...(await repo.tagWords(db))];
  return [...new Set(words)];
}

/**
 * "Did you mean …?" for a search that found nothing: each word replaced by the catalog word closest
 * to it (Damerau–Levenshtein ≤ 1 for words of up to 4 letters, ≤ 2 beyond; lexicon spellings and
 * Arabic names by their catalog term), offered only when that search finds something.
 */
async function didYouMean(db: DbOrTx, keyword: string | undefined, criteria: repo.TrackCriteria) {
  const words = tokenize(keyword);
  if (words.length === 0) return undefined;
  const unknown = words.filter((w) => !lexiconEntryOf(w));
  const close = await findCloseTerms(db, unknown);
  const corrected = words.map((word) => {
    const entry = lexiconEntryOf(word);
    if (entry) return entry.term;
    const candidates = close.get(word) ?? [];
    if (candidates.some((c) => c.startsWith(word))) return word;
    const limit = [...word].length <= 4 ? 1 : 2;
    let best: { term: string; d: number } | undefined;
    for (const term of candidates) {
      const d = editDistance(word, term);
      if (d <= limit && (!best || d < best.d)) best = { term, d };
    }
    return best?.term ?? word;
  });
  if (corrected.join(' ') === words.join(' ')) return undefined;
  const tsQuery = buildTsQuery(corrected);
  if (!tsQuery || !(await repo.hasTracks(db, { ...criteria, tsQuery }))) return undefined;
  return corrected.join(' ');
}

/** Checks every id names an existing option of its own kind; unknown ids are a 400 naming the field. */
async function criteriaFromFilters(
  db: DbOrTx,
  filters: TrackFilters,
  kind?: TrackKind,
  version?: number,
): Promise<repo.TrackCriteria> {
  const errors: FieldErrors = {};
  const tagIds = tagFields.flatMap((f) => filters[f] ?? []);
  if (tagIds.length > 0) {
    const known = new Map((await repo.findTags(db, [...new Set(tagIds)])).map((t) => [t.id, t.kind]));
    for (const field of tagFields) {
      const unknown = (filters[field] ?? []).filter((id) => known.get(id) !== field);
      if (unknown.length > 0) errors[field] = [`Unknown ${field} id: ${unknown.join(', ')}`];
    }
  }
  if (filters.scale?.length) {
    const known = new Set((await repo.findScales(db, filters.scale)).map((s) => s.id));
    const unknown = filters.scale.filter((id) => !known.has(id));
    if (unknown.length > 0) errors['scale'] = [`Unknown scale id: ${unknown.join(', ')}`];
  }
  for (const key of MusicalFacetKeys) {
    const unknown = (filters[key] ?? []).filter((value) => !isKnownValue(key, value));
    if (unknown.length > 0) errors[key] = [`Unknown ${key}: ${unknown.join(', ')}`];
  }
  if (filters.bpm_min !== undefined && filters.bpm_max !== undefined && filters.bpm_min > filters.bpm_max) {
    errors['bpm_min'] = ['bpm_min must not be greater than bpm_max'];
  }
  if (Object.keys(errors).length > 0) {
    throw new AppError(400, 'invalid_filter', { fields: Object.keys(errors).join(', ') }, { errors });
  }
  const parsed = parseMusicalKeyword(filters.keyword);
  return {
    ...(kind ? { kind } : {}),
    tagsByKind: { genre: filters.genre, mood: filters.mood, theme: filters.theme, instrument: filters.instrument },
    region: filters.region,
    scale: filters.scale,
    bpm: filters.bpm,
    bpmMin: filters.bpm_min,
    bpmMax: filters.bpm_max,
    tsQuery: await keywordQuery(db, parsed.keyword, version),
    musical: musicalConditions(filters, parsed.facets),
  };
}

/**
 * The musical facets as conditions on track columns: OR within a facet, AND between facets (like the
 * tag facets); a family or jins becomes the maqamat that have it. Phrases read from the search text
 * ("bayati on d", "10/8") are further conditions, ANDed.
 */
function musicalConditions(
  filters: TrackFilters,
  parsed: ReturnType<typeof parseMusicalKeyword>['facets'],
): repo.MusicalCondition[] {
  const out: repo.MusicalCondition[] = [];
  for (const key of MusicalFacetKeys) {
    const values = filters[key];
    if (!values?.length) continue;
    const column = facetColumn(key);
    out.push({
      facet: key,
      column,
      values: column === 'maqam' ? maqamatOf(key as MaqamFacet, values) : [...new Set(values)],
    });
  }
  for (const [column, values] of Object.entries(parsed) as Array<['maqam' | 'tonic' | 'meter', string[]]>) {
    out.push({ facet: 'keyword', column, values });
  }
  return out;
}

async function hydrate(db: DbOrTx, rows: repo.TrackRow[], viewer: Viewer): Promise<TrackDto[]> {
  const tags = await repo.findTagsOfTracks(
    db,
    rows.map((r) => r.id),
  );
  return toTrackDtos(rows, tags, viewer);
}

async function trackPage(
  db: DbOrTx,
  criteria: repo.TrackCriteria,
  page: number,
  perPage: number,
  viewer: Viewer,
  keyword?: string,
  version?: number,
): Promise<TrackPage> {
  const { rows, total } = await repo.findTrackPage(
    db,
    criteria,
    { limit: perPage, offset: (page - 1) * perPage },
    version,
  );
  const answer: TrackPage = { data: await hydrate(db, rows, viewer), ...pageMeta(page, perPage, total) };
  if (total === 0 && criteria.tsQuery) {
    const suggestion = await didYouMean(db, keyword, criteria);
    if (suggestion) answer.suggestion = suggestion;
  }
  if (keyword && page === 1) Object.assign(answer, await explainSearch(db, criteria.kind ?? 'music', keyword, total));
  return answer;
}

/**
 * What the first page of a keyword search says beside its tracks (issue #32 item 12): the keyword as
 * read when a typo was corrected, the artists and albums it names, the filters its words name when
 * nothing matched. Only the keys that have something are set.
 */
async function explainSearch(
  db: DbOrTx,
  kind: TrackKind,
  keyword: string,
  total: number,
): Promise<Pick<TrackPage, 'showing_results_for' | 'artists' | 'albums' | 'facet_suggestions'>> {
  const [corrected, names, facets] = await Promise.all([
    total > 0 ? correctedKeyword(db, keyword) : undefined,
    findNameMatches(db, keyword),
    total === 0 ? suggestFacets(db, kind, keyword) : [],
  ]);
  return {
    ...(corrected ? { showing_results_for: corrected } : {}),
    ...(names.artists.length > 0 ? { artists: names.artists } : {}),
    ...(names.albums.length > 0 ? { albums: names.albums } : {}),
    ...(facets.length > 0 ? { facet_suggestions: facets } : {}),
  };
}

/** GET /api/music and GET /api/loop. */
export async function listTracks(db: DbOrTx, kind: TrackKind, query: TrackListQuery, viewer: Viewer) {
  const version = await versionFor(db, query.keyword);
  const criteria = await criteriaFromFilters(db, query, kind, version);
  return trackPage(db, criteria, query.page, query.per_page, viewer, query.keyword, version);
}

/** POST /api/music/filter: paged keyword search of music or loops. */
/** What a keyword search of one kind asks for: the musical phrases it names ("bayati on d") and its words. */
async function keywordCriteria(
  db: DbOrTx,
  kind: TrackKind,
  keyword: string | undefined,
  version: number | undefined,
): Promise<repo.TrackCriteria> {
  const parsed = parseMusicalKeyword(keyword);
  return {
    kind,
    tsQuery: await keywordQuery(db, parsed.keyword, version),
    musical: musicalConditions({}, parsed.facets),
  };
}

export async function searchTracks(db: DbOrTx, body: TrackSearchBody, viewer: Viewer) {
  const version = await versionFor(db, body.keyword);
  const criteria = await keywordCriteria(db, body.type, body.keyword, version);
  return trackPage(db, criteria, body.page, body.perPage, viewer, body.keyword, version);
}

export interface FacetCounts {
  genre: Map<number, number>;
  mood: Map<number, number>;
  theme: Map<number, number>;
  instrument: Map<number, number>;
  region: Map<number, number>;
  scale: Map<number, number>;
  bpm: { min: number; max: number };
  musical: Record<MusicalFacetKey, NamedOption[]>;
}

/** Facet counts of a selection; the same for every viewer, so they are cached briefly (30 s). */
async function facetCounts(
  db: DbOrTx,
  criteria: repo.TrackCriteria,
  cache?: TtlCache<FacetCounts>,
): Promise<FacetCounts> {
  const key = JSON.stringify(criteria);
  const cached = cache?.get(key);
  if (cached) return cached;
  const [genre, mood, theme, instrument, region, scale, bpm, musical] = await Promise.all([
    repo.countByTag(db, criteria, 'genre'),
    repo.countByTag(db, criteria, 'mood'),
    repo.countByTag(db, criteria, 'theme'),
    repo.countByTag(db, criteria, 'instrument'),
    repo.countByColumn(db, criteria, 'region'),
    repo.countByColumn(db, criteria, 'scale'),
    repo.bpmRange(db, 'loop'),
    musicalOptions(db, criteria),
  ]);
  const counts = { genre, mood, theme, instrument, region, scale, bpm, musical };
  cache?.set(key, counts);
  return counts;
}

/**
 * The options of the musical facets with their counts: every known value (maqamat, families, ajnas,
 * iqa'at, meters of the synthesizer's tables; tonics of the table and of the catalog), each counted
 * with the rest of the selection (the facet's own values left out), selected values always listed.
 */
async function musicalOptions(
  db: DbOrTx,
  criteria: repo.TrackCriteria,
): Promise<Record<MusicalFacetKey, NamedOption[]>> {
  const counted = await repo.countMusicalFacets(db, criteria, MAQAM_FACETS);
  const selected = (key: MusicalFacetKey) =>
    (criteria.musical ?? []).filter((m) => m.facet === key).flatMap((m) => m.values);
  const options = (key: MusicalFacetKey, counts: Map<string, number>, extra: readonly string[] = []) => {
    const values = [...new Set([...knownValues(key), ...extra])];
    return (key === 'tonic' ? sortTonics(values) : values).map((value) => ({
      value,
      label: value,
      count: counts.get(value) ?? 0,
    }));
  };
  const byMaqamFacet = (facet: MaqamFacet) => {
    const counts = new Map<string, number>();
    for (const row of counted.maqam) {
      const value = maqamFacetValue(facet, row.value);
      if (value !== undefined) counts.set(value, (counts.get(value) ?? 0) + (row.counts[facet] ?? 0));
    }
    return options(facet, counts);
  };
  return {
    maqam_family: byMaqamFacet('maqam_family'),
    maqam: byMaqamFacet('maqam'),
    jins_lower: byMaqamFacet('jins_lower'),
    jins_upper: byMaqamFacet('jins_upper'),
    tonic: options('tonic', counted.tonic, [...counted.tonic.keys(), ...selected('tonic')]),
    iqa: options('iqa', counted.iqa),
    meter: options('meter', counted.meter),
  };
}

/** POST /api/filter: first page of music and loops for the selection, the options and their counts. */
export async function filterCatalog(
  db: DbOrTx,
  query: FilterQuery,
  viewer: Viewer,
  cache?: TtlCache<FacetCounts>,
): Promise<FilterResponse> {
  const facetKind = query.type ?? 'music';
  const base = await criteriaFromFilters(db, query);
  const musicCriteria = { ...base, kind: 'music' as const };
  const loopCriteria = { ...base, kind: 'loop' as const };
  const facetCriteria = { ...base, kind: facetKind };
  const [music, loop, tags, scales, counts] = await Promise.all([
    repo.findTrackPage(db, musicCriteria, { limit: query.per_page, offset: 0 }),
    repo.findTrackPage(db, loopCriteria, { limit: query.per_page, offset: 0 }),
    repo.findTags(db),
    repo.findScales(db),
    facetCounts(db, facetCriteria, cache),
  ]);
  const { scale, bpm } = counts;
  const options = (kind: 'genre' | 'mood' | 'theme' | 'instrument' | 'region') =>
    tags.filter((t) => t.kind === kind).map((t) => toFilterOption(t, counts[kind].get(t.id) ?? 0));
  const [musicDtos, loopDtos] = await Promise.all([hydrate(db, music.rows, viewer), hydrate(db, loop.rows, viewer)]);
  return {
    music: musicDtos,
    loop: loopDtos,
    total: { music: music.total, loop: loop.total },
    filters: {
      genres: options('genre'),
      moods: options('mood'),
      themes: options('theme'),
      instruments: options('instrument'),
      regions: options('region'),
      scale: scales.map((s) => ({ ...toScaleDto(s), count: scale.get(s.id) ?? 0 })),
      bpm,
      ...counts.musical,
    },
  };
}

export async function listArtists(db: DbOrTx, page: number, perPage: number) {
  const { rows, total } = await repo.findArtistPage(db, { limit: perPage, offset: (page - 1) * perPage });
  return { data: rows.map(toArtistDto), ...pageMeta(page, perPage, total) };
}

export async function getArtist(db: DbOrTx, id: number, viewer: Viewer): Promise<ArtistDetail> {
  const artist = await repo.findArtist(db, id);
  if (!artist) throw notFound('artist_not_found');
  const [albums, rows] = await Promise.all([
    repo.findAlbums(db, { artistId: id }),
    repo.findTracksWhere(db, { artistId: id }),
  ]);
  return { artist: toArtistDto(artist), albums: albums.map(toAlbumDto), music: await hydrate(db, rows, viewer) };
}

/**
 * GET /api/category/:id: one category of /music (a genre, mood, theme, instrument or region) with its
 * names in both languages (the Arabic one from the lexicon), colour, image and music count.
 */
export async function getCategory(db: DbOrTx, id: number): Promise<CategoryDto> {
  const [tag] = await repo.findTags(db, [id]);
  if (!tag) throw notFound('category_not_found');
  const count = await repo.countTracks(
    db,
    tag.kind === 'region' ? { kind: 'music', region: [id] } : { kind: 'music', tagsByKind: { [tag.kind]: [id] } },
  );
  return { ...toCategoryDto(tag), music_count: count };
}

/** How many published music tracks and loops the catalog holds (the home hero). */
export async function getCatalogStats(db: DbOrTx): Promise<CatalogStatsDto> {
  const counts = await repo.countPublishedByKind(db);
  return { tracks: counts.music, loops: counts.loops };
}

export async function listAlbums(db: DbOrTx): Promise<AlbumDto[]> {
  return (await repo.findAlbums(db)).map(toAlbumDto);
}

const RELATED_ALBUMS = 5;

export async function getAlbum(db: DbOrTx, id: number, viewer: Viewer): Promise<AlbumDetail> {
  const album = await repo.findAlbum(db, id);
  if (!album) throw notFound('album_not_found');
  const [related, rows] = await Promise.all([
    repo.findRelatedAlbums(db, album, RELATED_ALBUMS),
    repo.findTracksWhere(db, { albumId: id }),
  ]);
  return {
    current_album: toAlbumDto(album),
    related_albums: related.map(toAlbumDto),
    music: await hydrate(db, rows, viewer),
  };
}

/** Tracks by id in the order given (unknown ids left out): for other modules (library, downloads). */
export async function getTracksByIds(
  db: DbOrTx,
  ids: number[],
  viewer: Viewer,
  options: { includeUnpublished?: boolean } = {},
): Promise<TrackDto[]> {
  if (ids.length === 0) return [];
  const rows = await repo.findTracksWhere(db, { ids, includeUnpublished: options.includeUnpublished }, ids.length);
  const dtos = await hydrate(db, rows, viewer);
  const byId = new Map(dtos.map((d) => [d.id, d]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The kind of a track, or undefined when there is no such track. */
export async function findTrackKind(db: DbOrTx, id: number): Promise<TrackKind | undefined> {
  return repo.findTrackKindById(db, id);
}

/**
 * GET /api/search/suggest: what the search box offers while a visitor types — maqamat and
 * instruments whose name, spelling variant or Arabic name starts with the text (the lexicon; only
 * those the catalog holds), artists and titles starting with it. At most MAX_SUGGESTIONS, in that
 * order; every lookup is an index range scan or an in-memory table.
 */
export async function suggest(db: DbOrTx, query: SuggestQuery): Promise<Suggestion[]> {
  const text = query.q.replace(/\s+/g, ' ');
  if (text === '') return [];
  const folded = text.split(' ').map(foldWord).join(' ');
  const lastWord = folded.split(' ').at(-1) ?? '';
  const maqamat = folded.includes(' ') ? [] : lexiconEntriesStartingWith(folded, ['maqam']);
  const instrumentEntries = lexiconEntriesStartingWith(folded.includes(' ') ? folded : lastWord, ['instrument']);
  const [present, tags, artists, titles] = await Promise.all([
    findTermsPresent(
      db,
      maqamat.map((m) => m.term),
    ),
    repo.findTags(db),
    findArtistsStartingWith(db, text, 3),
    findTitlesStartingWith(db, text, MAX_SUGGESTIONS, query.type),
  ]);
  const out: Suggestion[] = [];
  for (const m of maqamat.filter((x) => present.has(x.term)).slice(0, 2)) {
    out.push({ kind: 'maqam', label: m.label, target: { type: 'search', keyword: m.label } });
  }
  const instrumentTerms = new Set(instrumentEntries.map((x) => x.term));
  const instruments = tags.filter((tag) => {
    if (tag.kind !== 'instrument') return false;
    const name = foldWord(tag.name);
    const words = name.split(/\s+/);
    return name.startsWith(folded) || words.some((w) => w.startsWith(folded) || instrumentTerms.has(w));
  });
  for (const tag of instruments.slice(0, 2)) {
    out.push({ kind: 'instrument', label: tag.name, target: { type: 'instrument', id: tag.id, name: tag.name } });
  }
  for (const a of artists) out.push({ kind: 'artist', label: a.name, target: { type: 'artist', id: a.id } });
  for (const t of titles) out.push({ kind: 'title', label: t.title, target: { type: 'search', keyword: t.title } });
  return out.slice(0, MAX_SUGGESTIONS);
}

// ---- writes of tracks (artist uploads and edits, the bulk import) ---------------------------------

/** Rebuilds the search data of these tracks (after a change other modules make: a takedown). */
export { refreshTrackSearch } from './catalog-search.repo.js';

export {
  approveTrack,
  liftTakedown,
  rejectTrack,
  takeDownTrack,
  detachArtistOfUser,
  findArtistAccount,
  findImportedTrack,
  linkArtistToUser,
  insertTrack,
  loadCatalogOptions,
  requestTrackReview,
  setTrackPublished,
  updateTrack,
} from './track-writer.repo.js';

/**
 * Checks a (partial) metadata object against the catalog's options: tags of the right kind, a
 * region that is a region, an album of this artist, a scale only on loops. 422 with field errors.
 */
export async function checkMetadataOptions(
  db: DbOrTx,
  artistId: number,
  kind: 'music' | 'loop',
  m: TrackMetadataPatch,
): Promise<void> {
  const errors: FieldErrors = {};
  const codes: FieldCodes = {};
  const add = (field: string, code: 'unknown_option' | 'scale_only_for_loops', option = field) => {
    (errors[field] ??= []).push(
      code === 'unknown_option' ? ServerErrors.unknown_option({ field: option }) : ServerErrors[code],
    );
    (codes[field] ??= []).push(code);
  };
  const ids = [...writes.tagFields.flatMap((f) => m[f] ?? []), ...(m.region_id ? [m.region_id] : [])];
  const kinds = new Map((await writes.findTagKinds(db, [...new Set(ids)])).map((t) => [t.id, t.kind]));
  for (const field of writes.tagFields) {
    if ((m[field] ?? []).some((id) => kinds.get(id) !== field)) add(field, 'unknown_option');
  }
  if (m.region_id && kinds.get(m.region_id) !== 'region') add('region_id', 'unknown_option', 'region');
  if (m.album_id && (await writes.albumOwner(db, m.album_id)) !== artistId) {
    add('album_id', 'unknown_option', 'album');
  }
  if (m.scale_id) {
    if (kind !== 'loop') add('scale_id', 'scale_only_for_loops');
    else if (!(await writes.scaleExists(db, m.scale_id))) add('scale_id', 'unknown_option', 'scale');
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors, codes);
}
