import { z } from './zod.js';
import { Limits } from './limits.js';
import { wholeNumber } from './numbers.js';
import { ServerErrors } from './error-codes.js';
export { MusicalFacetKeys, type MusicalFacetKey } from './facets.js';

/** Catalog shapes of spec sections 3 and 7. Field names are the spec's (snake_case where it says so). */

export const ImageRef = z.object({ url: z.string() });
export const TagRef = z.object({ id: z.number().check(z.int()), name: z.string() });
export type TagRef = z.infer<typeof TagRef>;

export const ScaleDto = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  key: z.string(),
  key_type: z.string(),
});
export type ScaleDto = z.infer<typeof ScaleDto>;

export const TrackKind = z.enum(['music', 'loop']);
export type TrackKind = z.infer<typeof TrackKind>;

/**
 * The artist of a track or album: `name_ar` only when the artist has an Arabic name (decision 061),
 * which Arabic pages show (`artistNameIn` in the web app).
 */
export const ArtistRef = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  name_ar: z.optional(z.nullable(z.string())),
});
export type ArtistRef = z.infer<typeof ArtistRef>;

export const TrackDto = z.object({
  id: z.number().check(z.int()),
  kind: TrackKind,
  title: z.string(),
  /** The Arabic title, when it has one: the Arabic pages show it (issue 19, decision 046). */
  title_ar: z.optional(z.nullable(z.string())),
  /** Price in US dollars; present only for logged-in callers (spec §6). */
  price: z.optional(z.number()),
  /** The public preview URL (spec: audio source). */
  cr_public_id: z.string(),
  /** URL of the peaks JSON `{ data: number[] }` (500 values). */
  waveform_data: z.string(),
  /** Loops: URL of the gapless audition WAV (exact loop length, decision 043); absent for music. */
  audition_url: z.optional(z.string()),
  album: z.nullable(
    z.object({
      id: z.number().check(z.int()),
      title: z.string(),
      title_ar: z.optional(z.nullable(z.string())),
      image: ImageRef,
    }),
  ),
  artist: ArtistRef,
  genre: z.array(TagRef),
  mood: z.array(TagRef),
  theme: z.array(TagRef),
  instrument: z.array(TagRef),
  region: z.nullable(TagRef),
  scale: z.nullable(ScaleDto),
  /** The tonic, e.g. "D" (loops: spec's key). */
  key: z.nullable(z.string()),
  maqam: z.nullable(z.string()),
  iqa: z.nullable(z.string()),
  meter: z.nullable(z.string()),
  bpm: z.nullable(z.number().check(z.int())),
  /** "m:ss" */
  duration: z.string(),
  duration_seconds: z.number(),
  created_at: z.string(),
});
export type TrackDto = z.infer<typeof TrackDto>;

export const PageMeta = z.object({
  current_page: z.number().check(z.int()),
  per_page: z.number().check(z.int()),
  total: z.number().check(z.int()),
  last_page: z.number().check(z.int()),
});
export type PageMeta = z.infer<typeof PageMeta>;

export const pageOf = <T extends z.ZodMiniType>(item: T) => z.extend(PageMeta, { data: z.array(item) });

// ---- query parameters -------------------------------------------------------------------

/** A list of positive ids given as `3`, `3,5` or `genre[]=3&genre[]=5` (brackets normalised by the server). */
export const IdList = z.pipe(
  z.transform((value) => {
    if (value === undefined || value === null || value === '') return undefined;
    const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(','));
    const cleaned = parts.map((p) => p.trim()).filter((p) => p !== '');
    return cleaned.length === 0 ? undefined : cleaned;
  }),
  z.optional(
    z
      .array(z.pipe(z.string().check(z.regex(/^[1-9]\d{0,9}$/, ServerErrors.ids_not_positive)), z.transform(Number)))
      .check(z.maxLength(50, ServerErrors.too_many_values)),
  ),
);

/**
 * A list of names given as `Bayati`, `Bayati,Hijaz` or `maqam[]=Bayati&maqam[]=Hijaz` (the musical
 * facets: maqam family, maqam, jins, tonic, iqa', meter). Which names exist is checked by the server.
 */
export const NameList = z.pipe(
  z.transform((value) => {
    if (value === undefined || value === null || value === '') return undefined;
    const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(','));
    const cleaned = parts.map((p) => p.trim()).filter((p) => p !== '');
    return cleaned.length === 0 ? undefined : cleaned;
  }),
  z.optional(
    z
      .array(z.string().check(z.maxLength(40, ServerErrors.value_too_long)))
      .check(z.maxLength(50, ServerErrors.too_many_values)),
  ),
);

const Keyword = z.pipe(
  z.transform((v) => (typeof v === 'string' ? v.trim() : v)),
  z.optional(z.string().check(z.maxLength(200, ServerErrors.keyword_too_long))),
);
const PageNumber = z._default(wholeNumber(z.number().check(z.int()).check(z.gte(1)).check(z.lte(100_000))), 1);
const PerPage = z._default(
  wholeNumber(z.number().check(z.int()).check(z.gte(1)).check(z.lte(Limits.maxPerPage))),
  Limits.searchPageSize,
);
const Bpm = z.optional(wholeNumber(z.number().check(z.int()).check(z.gte(20)).check(z.lte(300))));

export const TrackFilters = z.object({
  keyword: Keyword,
  genre: IdList,
  mood: IdList,
  theme: IdList,
  instrument: IdList,
  region: IdList,
  scale: IdList,
  bpm: Bpm,
  bpm_min: Bpm,
  bpm_max: Bpm,
  maqam_family: NameList,
  maqam: NameList,
  jins_lower: NameList,
  jins_upper: NameList,
  tonic: NameList,
  iqa: NameList,
  meter: NameList,
});
export type TrackFilters = z.infer<typeof TrackFilters>;

export const TrackListQuery = z.extend(TrackFilters, { page: PageNumber, per_page: PerPage });
export type TrackListQuery = z.infer<typeof TrackListQuery>;

/** POST /api/music/filter body. */
export const TrackSearchBody = z.object({
  type: z._default(TrackKind, 'music'),
  keyword: Keyword,
  perPage: PerPage,
  page: PageNumber,
});
export type TrackSearchBody = z.infer<typeof TrackSearchBody>;

/** POST /api/filter query (the filter object as a query string). */
export const FilterQuery = z.extend(TrackFilters, {
  type: z.optional(TrackKind),
  per_page: PerPage,
});
export type FilterQuery = z.infer<typeof FilterQuery>;

export const IdParam = z.object({
  id: wholeNumber(z.number().check(z.int()).check(z.gte(1)).check(z.lte(2_147_483_647))),
});

// ---- responses ----------------------------------------------------------------------------

/** The facets a search word can name (issue #32: "sad wedding" → Theme: Wedding, Mood: Melancholic). */
export const SuggestedFacetKey = z.enum(['genre', 'mood', 'theme', 'instrument', 'region', 'maqam', 'iqa']);
export type SuggestedFacetKey = z.infer<typeof SuggestedFacetKey>;

/**
 * A filter a search that found nothing could use instead: the typed `word` names it. `value` is what the
 * filter's query parameter takes (a tag id as text for genre…region, the name for maqam and iqa).
 */
export const FacetSuggestion = z.object({
  facet: SuggestedFacetKey,
  value: z.string(),
  /** As the store writes it (English; the web translates facet names, decision 046). */
  label: z.string(),
  /** The typed word it was read from (the web drops it from the keyword when the chip is picked). */
  word: z.string(),
  /** How many tracks of the kind searched the filter alone gives (always > 0). */
  count: z.number().check(z.int()),
});
export type FacetSuggestion = z.infer<typeof FacetSuggestion>;

/** An artist or album whose name the search term matches (the strip above the tracks). */
export const SearchArtistMatch = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  name_ar: z.optional(z.nullable(z.string())),
  image: ImageRef,
});
export type SearchArtistMatch = z.infer<typeof SearchArtistMatch>;
export const SearchAlbumMatch = z.object({
  id: z.number().check(z.int()),
  title: z.string(),
  title_ar: z.optional(z.nullable(z.string())),
  image: ImageRef,
  artist: z.object({ id: z.number().check(z.int()), name: z.string() }),
});
export type SearchAlbumMatch = z.infer<typeof SearchAlbumMatch>;

/**
 * A page of tracks. Beside the spec's keys, all optional (issue #32 "search that explains itself"):
 * - `suggestion`: a keyword search found nothing but a close search finds something ("Did you mean …?");
 * - `showing_results_for`: the keyword as the search read it when it corrected a typo (`hijas` → `Hijaz`);
 * - `artists`, `albums`: the first page of a keyword search, those whose name the term matches (≤ 4 each);
 * - `facet_suggestions`: a keyword search found nothing; filters its words name that find something.
 */
export const TrackPage = z.extend(pageOf(TrackDto), {
  suggestion: z.optional(z.string()),
  showing_results_for: z.optional(z.string()),
  artists: z.optional(z.array(SearchArtistMatch)),
  albums: z.optional(z.array(SearchAlbumMatch)),
  facet_suggestions: z.optional(z.array(FacetSuggestion)),
});
export type TrackPage = z.infer<typeof TrackPage>;
export const TrackListResponse = z.object({ data: TrackPage });
export const TrackSearchResponse = TrackPage;

export const FilterOption = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  image: z.string(),
  color: z.string(),
  /** How many tracks this option would give with the rest of the current selection. */
  count: z.number().check(z.int()),
});
export type FilterOption = z.infer<typeof FilterOption>;
export const ScaleOption = z.extend(ScaleDto, { count: z.number().check(z.int()) });
/** An option of a musical facet: its value (what the query sends), its label and its count. */
export const NamedOption = z.object({ value: z.string(), label: z.string(), count: z.number().check(z.int()) });
export type NamedOption = z.infer<typeof NamedOption>;

export const FilterOptions = z.object({
  genres: z.array(FilterOption),
  moods: z.array(FilterOption),
  themes: z.array(FilterOption),
  instruments: z.array(FilterOption),
  regions: z.array(FilterOption),
  scale: z.array(ScaleOption),
  bpm: z.object({ min: z.number().check(z.int()), max: z.number().check(z.int()) }),
  /** Beside the spec's keys (issue 18): the musical facets, keyed as their query parameters. */
  maqam_family: z.array(NamedOption),
  maqam: z.array(NamedOption),
  jins_lower: z.array(NamedOption),
  jins_upper: z.array(NamedOption),
  tonic: z.array(NamedOption),
  iqa: z.array(NamedOption),
  meter: z.array(NamedOption),
});
export type FilterOptions = z.infer<typeof FilterOptions>;

export const FilterResponse = z.object({
  music: z.array(TrackDto),
  loop: z.array(TrackDto),
  total: z.object({ music: z.number().check(z.int()), loop: z.number().check(z.int()) }),
  filters: FilterOptions,
});
export type FilterResponse = z.infer<typeof FilterResponse>;

export const ArtistDto = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  /** The name in Arabic, when the artist has one (decision 061): Arabic pages show it. */
  name_ar: z.optional(z.nullable(z.string())),
  bio: z.string(),
  /** The bio in Arabic, when the artist has one (decision 061). */
  bio_ar: z.optional(z.nullable(z.string())),
  image: ImageRef,
  album_count: z.number().check(z.int()),
  music_count: z.number().check(z.int()),
});
export type ArtistDto = z.infer<typeof ArtistDto>;

export const AlbumDto = z.object({
  id: z.number().check(z.int()),
  title: z.string(),
  /** The Arabic title, when it has one (issue 19). */
  title_ar: z.optional(z.nullable(z.string())),
  image: ImageRef,
  music_count: z.number().check(z.int()),
  released_at: z.nullable(z.string()),
  artist: ArtistRef,
});
export type AlbumDto = z.infer<typeof AlbumDto>;

export const ArtistListQuery = z.object({
  page: PageNumber,
  per_page: z._default(wholeNumber(z.number().check(z.int()).check(z.gte(1)).check(z.lte(Limits.maxPerPage))), 50),
});
export const ArtistListResponse = z.object({ data: z.object({ data: pageOf(ArtistDto) }) });
export const ArtistDetailResponse = z.object({
  data: z.object({ artist: ArtistDto, albums: z.array(AlbumDto), music: z.array(TrackDto) }),
});
export const AlbumListResponse = z.object({ data: z.array(AlbumDto) });
/** `GET /api/catalog/stats`: how many published music tracks and loops the store holds (home hero). */
export const CatalogStatsDto = z.object({
  tracks: z.number().check(z.int()).check(z.nonnegative()),
  loops: z.number().check(z.int()).check(z.nonnegative()),
});
export type CatalogStatsDto = z.infer<typeof CatalogStatsDto>;
export const CatalogStatsResponse = z.object({ data: CatalogStatsDto });
export const AlbumDetailResponse = z.object({
  data: z.object({ current_album: AlbumDto, related_albums: z.array(AlbumDto), music: z.array(TrackDto) }),
});

/**
 * `GET /api/music/:id` (issue #32, the track page): one published track or loop, the list rows' DTO
 * plus what only its page shows — the maqam's family and ajnas (the store's own maqam table) and the
 * formats a licence delivers (`label` as the downloads list writes it: "MP3 · 320 kbps").
 */
export const TrackDetailDto = z.extend(TrackDto, {
  maqam_family: z.nullable(z.string()),
  jins_lower: z.nullable(z.string()),
  jins_upper: z.nullable(z.string()),
  formats: z.array(z.object({ format: z.enum(['mp3', 'wav']), label: z.string() })),
});
export type TrackDetailDto = z.infer<typeof TrackDetailDto>;
export const TrackDetailResponse = z.object({ data: TrackDetailDto });
export type ArtistDetail = z.infer<typeof ArtistDetailResponse>['data'];
export type AlbumDetail = z.infer<typeof AlbumDetailResponse>['data'];

/** The kinds of category (tag) and the browse grid each belongs to on /music (spec §2 `type`). */
export const CategoryKind = z.enum(['genre', 'mood', 'theme', 'instrument', 'region']);
export type CategoryKind = z.infer<typeof CategoryKind>;

/**
 * `GET /api/category/:id` (issue #32): one category of /music by its id, so that `/music/details/{id}`
 * stands without the spec's `?title&image&bgColor&type`. `name_ar`: its Arabic name, when the store has one.
 */
export const CategoryDto = z.object({
  id: z.number().check(z.int()),
  kind: CategoryKind,
  name: z.string(),
  name_ar: z.nullable(z.string()),
  image: z.string(),
  color: z.string(),
  /** Published music tracks in the category. */
  music_count: z.number().check(z.int()),
});
export type CategoryDto = z.infer<typeof CategoryDto>;
export const CategoryResponse = z.object({ data: CategoryDto });

// ---- search-as-you-type -------------------------------------------------------------------

/** GET /api/search/suggest query: what is typed so far; `type` narrows title suggestions to music or loops. */
export const SuggestQuery = z.object({
  q: z.pipe(
    z.transform((v) => (typeof v === 'string' ? v.trim() : v)),
    z.string().check(z.maxLength(100, ServerErrors.q_too_long)),
  ),
  type: z.optional(TrackKind),
});
export type SuggestQuery = z.infer<typeof SuggestQuery>;

export const SuggestionKind = z.enum(['maqam', 'instrument', 'artist', 'title']);
export type SuggestionKind = z.infer<typeof SuggestionKind>;

/** Where a suggestion leads: a keyword search, an artist's page, or an instrument's category page. */
export const SuggestionTarget = z.discriminatedUnion('type', [
  z.object({ type: z.literal('search'), keyword: z.string() }),
  z.object({ type: z.literal('artist'), id: z.number().check(z.int()) }),
  z.object({ type: z.literal('instrument'), id: z.number().check(z.int()), name: z.string() }),
]);
export type SuggestionTarget = z.infer<typeof SuggestionTarget>;

export const Suggestion = z.object({ kind: SuggestionKind, label: z.string(), target: SuggestionTarget });
export type Suggestion = z.infer<typeof Suggestion>;

export const MAX_SUGGESTIONS = 8;
export const SuggestResponse = z.object({ data: z.array(Suggestion).check(z.maxLength(MAX_SUGGESTIONS)) });
export type SuggestResponse = z.infer<typeof SuggestResponse>;

export const PeaksJson = z.object({ data: z.array(z.number()) });
