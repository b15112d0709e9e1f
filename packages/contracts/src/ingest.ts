import { ReviewDto, TakedownDto } from './admin.js';
import { z } from './zod.js';
import { TrackDto, TrackKind } from './catalog.js';
import { decimalNumber, wholeNumber } from './numbers.js';
import { IQA_NAMES, MAQAM_NAMES, METER_NAMES, TONIC_NAMES } from './facets.js';
import { ServerErrors } from './error-codes.js';

export {
  IQA_LEXICON,
  IQA_NAMES,
  JINS_NAMES,
  MAQAM_LEXICON,
  MAQAM_NAMES,
  METER_NAMES,
  TONIC_NAMES,
  meterOfIqa,
} from './facets.js';

/**
 * Catalog ingestion: artists upload tracks and loops (POST /api/artist/tracks, multipart), the
 * server processes them off the request path, the artist previews and publishes. The bulk
 * import CLI validates each manifest entry with the same TrackMetadata schema.
 */

export const IngestLimits = {
  titleMax: 120,
  minDurationS: 1,
  maxDurationS: 20 * 60,
  minSampleRate: 8_000,
  maxSampleRate: 192_000,
  maxChannels: 8,
  /** Decoded samples (frames × channels) of one file: 20 minutes of 96 kHz stereo. */
  maxDecodedSamples: 20 * 60 * 96_000 * 2,
  minBpm: 40,
  maxBpm: 240,
  maxPrice: 999.99,
  maxTagsPerKind: 10,
  /** Default upload limit in MB (UPLOAD_MAX_MB on the server). */
  defaultMaxUploadMb: 250,
  /** Default storage quota of one artist's uploads in GB (UPLOAD_QUOTA_GB). */
  defaultUploadQuotaGb: 10,
  /** Default uploads one artist may send per hour (UPLOADS_PER_HOUR). */
  defaultUploadsPerHour: 30,
  /** Formats accepted always; FLAC, AIFF and OGG only when ffmpeg is on the server. */
  alwaysFormats: ['wav', 'mp3'],
  ffmpegFormats: ['flac', 'aiff', 'ogg'],
} as const;

/**
 * The ingest's texts. Errors are `ServerErrors` entries (error-codes.ts): a refusal of the upload
 * route answers its code; a failed processing stores its code and params on the upload
 * (`error_code`, `error_params`). The four answers of success are texts of their own: the web app
 * says them by the answer's state, never by the text (docs/i18n.md).
 */
export const IngestMessages = {
  fileMissing: ServerErrors.file_missing,
  metadataMissing: ServerErrors.metadata_missing,
  metadataNotJson: ServerErrors.metadata_not_json,
  fileTooLarge: (mb: number) => ServerErrors.file_too_large({ max_mb: mb }),
  /** 429: UPLOADS_PER_HOUR uploads of the artist in the last hour. */
  uploadRateLimited: ServerErrors.upload_rate_limited,
  /** 413: the artist's stored uploads plus this file would pass UPLOAD_QUOTA_GB. */
  uploadQuotaExceeded: (quota: string) => ServerErrors.upload_quota_exceeded({ quota }),
  notAudio: ServerErrors.not_audio,
  formatNeedsFfmpeg: (format: string) => ServerErrors.format_needs_ffmpeg({ format }),
  corrupt: (detail: string) => ServerErrors.audio_damaged({ detail }),
  tooShort: ServerErrors.audio_too_short,
  tooLong: ServerErrors.audio_too_long,
  tooLarge: ServerErrors.audio_too_large,
  sampleRate: (hz: number) => ServerErrors.sample_rate_unsupported({ hz }),
  channels: (n: number) => ServerErrors.too_many_channels({ channels: n }),
  silent: ServerErrors.audio_silent,
  processingFailed: ServerErrors.processing_failed,
  uploadNotFound: ServerErrors.upload_not_found,
  trackNotFound: ServerErrors.track_not_found,
  artistProfileMissing: ServerErrors.artist_profile_missing,
  unknownOption: (field: string) => ServerErrors.unknown_option({ field }),
  /** The meter sent with an iqa' is not that iqa's (each iqa' has one meter). */
  meterOfIqa: (iqa: string, meter: string) => ServerErrors.meter_of_iqa({ iqa, meter }),
  scaleOnlyForLoops: ServerErrors.scale_only_for_loops,
  published: 'Track published.',
  unpublished: 'Track unpublished.',
  /** MODERATION=on: a publish request goes to the review queue instead. */
  sentForReview: 'Sent for review. The track goes live once Tarab approves it.',
  updated: 'Track updated.',
} as const;

const id = wholeNumber(z.number().check(z.int()).check(z.gte(1)).check(z.lte(2_147_483_647)));
/** A list of tag ids: `notIds` when it is not one, `tooMany` past IngestLimits.maxTagsPerKind. */
const idList = (messages: { notIds: string; tooMany: string }) =>
  z.array(id, { error: messages.notIds }).check(z.maxLength(IngestLimits.maxTagsPerKind, messages.tooMany));

/** One name of the lexicon (or null for none); anything else is `invalid` ("The selected maqam is invalid."). */
const lexiconName = <const T extends readonly [string, ...string[]]>(names: T, invalid: string) =>
  z.optional(z.nullable(z.enum(names, { error: invalid })));

/** The editable fields, without defaults (so a patch leaves out what it does not change). */
const metadataFields = {
  title: z
    .string({ error: ServerErrors.title_required })
    .check(z.trim())
    .check(z.minLength(1, ServerErrors.title_required))
    .check(z.maxLength(IngestLimits.titleMax, ServerErrors.title_too_long)),
  /**
   * The track's Arabic title (issue 19, decision 047), shown on Arabic pages: optional, trimmed,
   * as long as the title may be; empty (or null) means none — in a patch, it clears the one set.
   */
  title_ar: z.optional(
    z.nullable(
      z.pipe(
        z
          .string({ error: ServerErrors.arabic_title_not_text })
          .check(z.trim())
          .check(z.maxLength(IngestLimits.titleMax, ServerErrors.arabic_title_too_long)),
        z.transform((value) => (value === '' ? null : value)),
      ),
    ),
  ),
  album_id: z.optional(z.nullable(id)),
  genre: idList({ notIds: ServerErrors.genres_not_ids, tooMany: ServerErrors.genres_too_many }),
  mood: idList({ notIds: ServerErrors.moods_not_ids, tooMany: ServerErrors.moods_too_many }),
  theme: idList({ notIds: ServerErrors.themes_not_ids, tooMany: ServerErrors.themes_too_many }),
  instrument: idList({ notIds: ServerErrors.instruments_not_ids, tooMany: ServerErrors.instruments_too_many }),
  region_id: z.optional(z.nullable(id)),
  /** Loops only. */
  scale_id: z.optional(z.nullable(id)),
  /**
   * The musical facets (issue #32 item 10): names of the store's lexicon only (facets.ts), else 422
   * ServerErrors.maqam_invalid; null clears. Jins is the maqam's; a meter left out follows the iqa'.
   */
  maqam: lexiconName(MAQAM_NAMES, ServerErrors.maqam_invalid),
  tonic: lexiconName(TONIC_NAMES, ServerErrors.tonic_invalid),
  iqa: lexiconName(IQA_NAMES, ServerErrors.iqa_invalid),
  meter: lexiconName(METER_NAMES, ServerErrors.meter_invalid),
  /** Overrides the estimated tempo. */
  bpm: z.optional(
    z.nullable(
      wholeNumber(
        z
          .number({ error: ServerErrors.bpm_not_integer })
          .check(z.int(ServerErrors.bpm_not_integer))
          .check(z.gte(IngestLimits.minBpm, ServerErrors.bpm_too_small))
          .check(z.lte(IngestLimits.maxBpm, ServerErrors.bpm_too_large)),
      ),
    ),
  ),
  /** US dollars. */
  price: decimalNumber(
    z
      .number({
        error: (issue) => (issue.input === undefined ? ServerErrors.price_required : ServerErrors.price_not_number),
      })
      .check(z.gte(0, ServerErrors.price_too_small))
      .check(z.lte(IngestLimits.maxPrice, ServerErrors.price_too_large))
      .check(z.refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, ServerErrors.price_too_precise)),
  ),
};

/** Metadata of one upload (or one manifest entry): ids are checked against the catalog's options. */
export const TrackMetadata = z.object({
  ...metadataFields,
  kind: z._default(TrackKind, 'music'),
  genre: z._default(metadataFields.genre, []),
  mood: z._default(metadataFields.mood, []),
  theme: z._default(metadataFields.theme, []),
  instrument: z._default(metadataFields.instrument, []),
  /** Publish as soon as processing succeeds (default: wait for the artist to publish). */
  publish: z._default(z.boolean(), false),
});
export type TrackMetadata = z.infer<typeof TrackMetadata>;
export type TrackMetadataInput = z.input<typeof TrackMetadata>;

/** PATCH /api/artist/tracks/{id}: any subset of the metadata (kind cannot change after upload). */
export const TrackMetadataPatch = z.partial(z.object(metadataFields));
export type TrackMetadataPatch = z.infer<typeof TrackMetadataPatch>;

export const UploadStatus = z.enum(['queued', 'processing', 'processed', 'failed']);
export type UploadStatus = z.infer<typeof UploadStatus>;

export const AudioAnalysisDto = z.object({
  format: z.string(),
  sample_rate: z.number().check(z.int()),
  channels: z.number().check(z.int()),
  duration_seconds: z.number(),
  bpm: z.nullable(z.number().check(z.int())),
  loudness_lufs: z.nullable(z.number()),
});
export type AudioAnalysisDto = z.infer<typeof AudioAnalysisDto>;

/** A track as its artist sees it: the public shape plus publishing state and the ids for editing. */
export const ArtistTrackDto = z.extend(TrackDto, {
  price: z.number(),
  published: z.boolean(),
  /** An operator took the track down (issue 22): why, shown to the artist; the artist cannot publish it. */
  takedown: z.nullable(TakedownDto),
  /** Pre-publication review (MODERATION=on): waiting, or rejected with the operator's reason. */
  review: z.nullable(ReviewDto),
  loudness_lufs: z.nullable(z.number()),
  metadata: z.object({
    album_id: z.nullable(z.number().check(z.int())),
    genre: z.array(z.number().check(z.int())),
    mood: z.array(z.number().check(z.int())),
    theme: z.array(z.number().check(z.int())),
    instrument: z.array(z.number().check(z.int())),
    region_id: z.nullable(z.number().check(z.int())),
    scale_id: z.nullable(z.number().check(z.int())),
  }),
});
export type ArtistTrackDto = z.infer<typeof ArtistTrackDto>;

export const UploadDto = z.object({
  id: z.number().check(z.int()),
  status: UploadStatus,
  filename: z.string(),
  size: z.number().check(z.int()),
  title: z.string(),
  kind: TrackKind,
  /** Why processing failed (its English text), when status is "failed". */
  error: z.nullable(z.string()),
  /**
   * The code of `error` (a `ServerErrors` code: `audio_silent`, `processing_failed`…) and its params
   * (`sample_rate_unsupported` → `{ hz: 4000 }`), for a client to say it in its own language. Null
   * when not failed, and on an upload failed before the codes were stored (say `processing_failed`).
   */
  error_code: z.nullable(z.string()),
  error_params: z.nullable(z.record(z.string(), z.union([z.string(), z.number()]))),
  analysis: z.nullable(AudioAnalysisDto),
  /** The (unpublished or published) track, once processed. */
  track: z.nullable(ArtistTrackDto),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UploadDto = z.infer<typeof UploadDto>;

export const UploadResponse = z.object({ data: UploadDto });
export const UploadListResponse = z.object({ data: z.array(UploadDto) });
export const ArtistTrackResponse = z.object({ data: ArtistTrackDto, message: z.optional(z.string()) });

/** GET /api/artist/tracks: the artist's profile, albums (for the album picker) and own tracks. */
export const ArtistCatalogResponse = z.object({
  data: z.object({
    artist: z.object({ id: z.number().check(z.int()), name: z.string() }),
    albums: z.array(z.object({ id: z.number().check(z.int()), title: z.string() })),
    tracks: z.array(ArtistTrackDto),
    max_upload_mb: z.number().check(z.int()),
    formats: z.array(z.string()),
  }),
});
export type ArtistCatalogResponse = z.infer<typeof ArtistCatalogResponse>;
