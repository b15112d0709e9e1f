import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const artists = pgTable(
  'artists',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    bio: text('bio').notNull().default(''),
    /** The name and bio in Arabic (issue #32), shown on /ar/ pages; null: the Latin ones are shown. */
    nameAr: text('name_ar'),
    bioAr: text('bio_ar'),
    image: text('image').notNull(),
    userId: integer('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Search-as-you-type: names starting with what is typed (an index range scan).
  (t) => [index('artists_name_prefix_idx').using('btree', sql`lower(${t.name}) text_pattern_ops`)],
);

export const albums = pgTable(
  'albums',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    /** Its Arabic title, if it has one: Arabic pages show it (issue 19). */
    titleAr: text('title_ar'),
    artistId: integer('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    image: text('image').notNull(),
    releasedAt: date('released_at', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('albums_artist_id_idx').on(t.artistId)],
);

export const tagKinds = ['genre', 'mood', 'theme', 'instrument', 'region'] as const;
export type TagKind = (typeof tagKinds)[number];

export const tags = pgTable(
  'tags',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: tagKinds }).notNull(),
    name: text('name').notNull(),
    image: text('image').notNull(),
    color: text('color').notNull(),
  },
  (t) => [
    unique('tags_kind_name_key').on(t.kind, t.name),
    check('tags_kind_check', sql`${t.kind} in ('genre', 'mood', 'theme', 'instrument', 'region')`),
  ],
);

export const scales = pgTable(
  'scales',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    key: text('key').notNull(),
    keyType: text('key_type').notNull(),
  },
  (t) => [unique('scales_key_key_type_key').on(t.key, t.keyType)],
);

export const trackKinds = ['music', 'loop'] as const;
export type TrackKind = (typeof trackKinds)[number];

export const tracks = pgTable(
  'tracks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: trackKinds }).notNull(),
    title: text('title').notNull(),
    /** Its Arabic title, if it has one: Arabic pages show it (issue 19). */
    titleAr: text('title_ar'),
    artistId: integer('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'restrict' }),
    albumId: integer('album_id').references(() => albums.id, { onDelete: 'set null' }),
    regionId: integer('region_id').references(() => tags.id, { onDelete: 'set null' }),
    scaleId: integer('scale_id').references(() => scales.id, { onDelete: 'set null' }),
    priceCents: integer('price_cents').notNull(),
    bpm: integer('bpm'),
    durationS: real('duration_s').notNull(),
    maqam: text('maqam'),
    tonic: text('tonic'),
    iqa: text('iqa'),
    meter: text('meter'),
    audioKey: text('audio_key').notNull(),
    previewKey: text('preview_key').notNull(),
    peaksKey: text('peaks_key').notNull(),
    /** Loops: the gapless audition WAV in public storage (decision 043); null for music and older loops. */
    auditionKey: text('audition_key'),
    /** Integrated loudness of the original (uploads; null for the demo catalog). */
    loudnessLufs: real('loudness_lufs'),
    /** The original's sample rate and the PCM depth of its lossless WAV delivery (null: not known). */
    masterSampleRate: integer('master_sample_rate'),
    masterBitDepth: integer('master_bit_depth'),
    /** Unpublished tracks are out of the store (lists, search, sale) but still download for license holders. */
    published: boolean('published').notNull().default(true),
    /**
     * An operator took the track down (issue 22): it is unpublished and its artist cannot publish it
     * again; buyers keep their licences. Reason one of TakedownReasons (contracts); the note is shown to the artist.
     */
    takenDownAt: timestamp('taken_down_at', { withTimezone: true }),
    takedownReason: text('takedown_reason', { enum: ['copyright', 'quality', 'other'] }),
    takedownNote: text('takedown_note'),
    /**
     * Pre-publication review (MODERATION=on, issue 22, decision 041): `pending` — the artist asked to
     * publish and an operator has not decided; `rejected` — refused, `review_note` says why (shown to the
     * artist). Null: no review under way. A pending or rejected track is never published.
     */
    reviewState: text('review_state', { enum: ['pending', 'rejected'] }),
    reviewNote: text('review_note'),
    /** When the artist asked (pending: the queue's order) or when the operator rejected. */
    reviewAt: timestamp('review_at', { withTimezone: true }),
    /** Stable id of a bulk-import manifest entry, so re-running an import updates instead of duplicating. */
    importRef: text('import_ref').unique(),
    search: tsvector('search'),
    /** Denormalised copy of track_tags (source of truth), for GIN-indexed filters and facet counts. */
    tagIds: integer('tag_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tracks_kind_check', sql`${t.kind} in ('music', 'loop')`),
    check('tracks_price_check', sql`${t.priceCents} >= 0`),
    check(
      'tracks_takedown_check',
      sql`(${t.takenDownAt} is null) = (${t.takedownReason} is null) and (${t.takenDownAt} is null or not ${t.published})`,
    ),
    check(
      'tracks_review_check',
      sql`(${t.reviewState} is null or not ${t.published}) and (${t.reviewState} is null) = (${t.reviewAt} is null) and (${t.reviewState} = 'rejected') = (${t.reviewNote} is not null)`,
    ),
    // The review queue: the few tracks waiting, oldest request first.
    index('tracks_review_queue_idx')
      .on(t.reviewAt)
      .where(sql`${t.reviewState} = 'pending'`),
    index('tracks_kind_id_idx').on(t.kind, t.id),
    index('tracks_artist_id_idx').on(t.artistId),
    index('tracks_album_id_idx').on(t.albumId),
    index('tracks_search_idx').using('gin', t.search),
    // Keyword counts of one kind read only that kind's matches (decision 022): music 23 -> 10 ms,
    // loops 48 -> 32 ms for "oud" at 250k rows.
    index('tracks_music_search_idx')
      .using('gin', t.search)
      .where(sql`${t.published} and ${t.kind} = 'music'`),
    index('tracks_loop_search_idx')
      .using('gin', t.search)
      .where(sql`${t.published} and ${t.kind} = 'loop'`),
    index('tracks_tag_ids_idx').using('gin', t.tagIds),
    index('tracks_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    // Search-as-you-type: published titles starting with what is typed (an index range scan).
    index('tracks_title_prefix_idx')
      .using('btree', sql`lower(${t.title}) text_pattern_ops`)
      .where(sql`${t.published}`),
  ],
);

export const trackTags = pgTable(
  'track_tags',
  {
    trackId: integer('track_id')
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.trackId, t.tagId] }), index('track_tags_tag_id_idx').on(t.tagId, t.trackId)],
);

/**
 * Published tracks per kind: all of them (a = b = 0), with one tag (a = b), with two tags (a < b). Kept
 * exact by statement triggers on tracks (migration 0011), so the total of a list with no keyword and at
 * most two single-valued facets is one primary-key lookup (decision 022).
 */
export const trackCounts = pgTable(
  'track_counts',
  {
    kind: text('kind').notNull(),
    a: integer('a').notNull(),
    b: integer('b').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.a, t.b] })],
);

/**
 * One row: a number drawn from a sequence by every statement that writes tracks (trigger, migration
 * 0011). Never repeats (a rolled-back write's number is not reused), so an in-process cache of counts
 * keyed by it is exact (decision 022).
 */
export const catalogVersion = pgTable('catalog_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** Every distinct word of the search documents: the lexicon typo-tolerant search matches against. */
export const searchTerms = pgTable('search_terms', { term: text('term').primaryKey() }, (t) => [
  index('search_terms_trgm_idx').using('gin', sql`${t.term} gin_trgm_ops`),
]);
