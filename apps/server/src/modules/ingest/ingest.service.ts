import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { findFfmpeg, id3v2Length, sniffAudioFormat } from '@tarab/audio';
import {
  codeOfMessage,
  type ErrorCode,
  type ReviewDto,
  type TakedownDto,
  IngestLimits,
  IngestMessages,
  TrackMetadata,
  type ArtistCatalogResponse,
  type ArtistTrackDto,
  type TrackMetadataPatch,
  type UploadDto,
} from '@tarab/contracts';
import type { DbOrTx } from '../../db/client.js';
import { AppError, notFound, forbidden, fieldError, validationFailed } from '../../lib/errors.js';
import type { SessionUser } from '../auth/auth.service.js';
import { getTracksByIds } from '../catalog/catalog.service.js';
import type { IngestWorker } from './ingest-worker.js';
import * as repo from './ingest.repo.js';
import type { IngestContext } from './process-upload.js';
import * as catalog from '../catalog/catalog.service.js';
import { checkMusicalMetadata, musicalColumnsOf } from './musical-metadata.js';

export interface IngestServiceContext extends IngestContext {
  worker: IngestWorker | null;
  maxUploadBytes: number;
  /** Storage quota of one artist's uploads in bytes (UPLOAD_QUOTA_GB; default IngestLimits.defaultUploadQuotaGb). */
  quotaBytes?: number;
  /** Uploads one artist may send per hour (UPLOADS_PER_HOUR; default IngestLimits.defaultUploadsPerHour). */
  uploadsPerHour?: number;
}

type Artist = { id: number; name: string };

/** The artist profile of the caller (artists only); 403 when the account has none. */
async function artistOf(db: DbOrTx, user: SessionUser): Promise<Artist> {
  const artist = await repo.findArtistOfUser(db, user.id);
  if (!artist) throw forbidden('artist_profile_missing');
  return artist;
}

/** Formats this server can take now (FLAC/AIFF/OGG need ffmpeg). */
async function acceptedFormats(): Promise<string[]> {
  return [...IngestLimits.alwaysFormats, ...((await findFfmpeg()) ? IngestLimits.ffmpegFormats : [])];
}

/** Parses the multipart `metadata` field (a JSON object) with the one metadata schema. */
export function parseMetadataField(raw: string | undefined): TrackMetadata {
  if (raw === undefined) throw fieldError('metadata_missing', 'metadata');
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw fieldError('metadata_not_json', 'metadata');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw fieldError('metadata_not_json', 'metadata');
  }
  const parsed = TrackMetadata.safeParse(value);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    const codes: Record<string, (ErrorCode | undefined)[]> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.filter((p) => typeof p === 'string').join('.') || 'metadata';
      (errors[key] ??= []).push(issue.message);
      // The schema's messages are ServerErrors entries: each names its code (as the error handler's 422).
      (codes[key] ??= []).push(codeOfMessage(issue.message));
    }
    const fieldCodes = Object.fromEntries(
      Object.entries(codes).filter((entry): entry is [string, ErrorCode[]] => entry[1].every(Boolean)),
    );
    throw validationFailed(errors, fieldCodes);
  }
  return parsed.data;
}

const cleanFilename = (name: string) =>
  path
    .basename(name.replace(/\\/g, '/'))
    .replace(/\p{Cc}/gu, '')
    .slice(0, 200) || 'upload';

/** Bytes read past a leading ID3v2 tag to find the first MPEG frame (sniff.ts looks 4 KiB in). */
const SNIFF_WINDOW = 64 * 1024;

/** The first bytes of a file: enough for `sniffAudioFormat`, whatever the size of an ID3v2 tag in front. */
async function readHead(file: string): Promise<Uint8Array> {
  const handle = await fs.open(file, 'r');
  try {
    const read = async (length: number) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, 0);
      return buffer.subarray(0, bytesRead);
    };
    const head = await read(SNIFF_WINDOW);
    const tag = id3v2Length(head);
    return tag + SNIFF_WINDOW > head.length && head.length === SNIFF_WINDOW ? read(tag + SNIFF_WINDOW) : head;
  } finally {
    await handle.close();
  }
}

/**
 * Accepts an upload (spooled to a file by the route, never held whole in memory): checks the
 * metadata and that the bytes are audio, streams it to storage, queues the job.
 */
export async function createUpload(
  ctx: IngestServiceContext,
  user: SessionUser,
  input: { filename: string; file: string; size: number; metadata: TrackMetadata },
): Promise<UploadDto> {
  const artist = await artistOf(ctx.db, user);
  await checkAllowance(ctx, artist.id, input.size);
  await catalog.checkMetadataOptions(ctx.db, artist.id, input.metadata.kind, input.metadata);
  checkMusicalMetadata(input.metadata);
  const format = sniffAudioFormat(await readHead(input.file));
  if (!format) throw fieldError('not_audio', 'file');
  if (!(IngestLimits.alwaysFormats as readonly string[]).includes(format) && !(await findFfmpeg())) {
    throw fieldError('format_needs_ffmpeg', 'file', { format });
  }
  const sourceKey = `originals/uploads/${artist.id}-${randomBytes(12).toString('hex')}.${format}`;
  await ctx.storage.put('private', sourceKey, { stream: createReadStream(input.file), size: input.size });
  let row: repo.UploadRow;
  try {
    row = await repo.insertUpload(ctx.db, {
      userId: user.id,
      artistId: artist.id,
      filename: cleanFilename(input.filename),
      sizeBytes: input.size,
      format,
      sourceKey,
      metadata: input.metadata,
    });
  } catch (error) {
    await ctx.storage.remove('private', sourceKey).catch(() => undefined);
    throw error;
  }
  ctx.worker?.kick();
  return (await uploadDtos(ctx.db, [row]))[0]!;
}

/** The artist's view of tracks: public shape + publishing state + ids for editing. */
export async function artistTrackDtos(db: DbOrTx, ids: number[]): Promise<ArtistTrackDto[]> {
  const [tracks, states] = await Promise.all([
    getTracksByIds(db, ids, { loggedIn: true }, { includeUnpublished: true }),
    repo.findTrackStates(db, ids),
  ]);
  const stateOf = new Map(states.map((s) => [s.id, s]));
  const takedownOf = (id: number): TakedownDto | null => {
    const s = stateOf.get(id);
    return s?.takenDownAt && s.takedownReason
      ? { reason: s.takedownReason, note: s.takedownNote, at: s.takenDownAt.toISOString() }
      : null;
  };
  const reviewOf = (id: number): ReviewDto | null => {
    const s = stateOf.get(id);
    return s?.reviewState && s.reviewAt
      ? { state: s.reviewState, note: s.reviewNote, at: s.reviewAt.toISOString() }
      : null;
  };
  return tracks.map((t) => ({
    ...t,
    price: t.price ?? 0,
    published: stateOf.get(t.id)?.published ?? false,
    takedown: takedownOf(t.id),
    review: reviewOf(t.id),
    loudness_lufs: stateOf.get(t.id)?.loudnessLufs ?? null,
    metadata: {
      album_id: t.album?.id ?? null,
      genre: t.genre.map((g) => g.id),
      mood: t.mood.map((g) => g.id),
      theme: t.theme.map((g) => g.id),
      instrument: t.instrument.map((g) => g.id),
      region_id: t.region?.id ?? null,
      scale_id: t.scale?.id ?? null,
    },
  }));
}

async function uploadDtos(db: DbOrTx, rows: repo.UploadRow[]): Promise<UploadDto[]> {
  const tracks = await artistTrackDtos(
    db,
    rows.flatMap((r) => (r.trackId ? [r.trackId] : [])),
  );
  const byId = new Map(tracks.map((t) => [t.id, t]));
  return rows.map((r) => {
    const m = TrackMetadata.parse(r.metadata);
    const a = r.analysis;
    return {
      id: r.id,
      status: r.status,
      filename: r.filename,
      size: r.sizeBytes,
      title: m.title,
      kind: m.kind,
      error: r.error,
      error_code: r.errorCode,
      error_params: r.errorParams,
      analysis: a
        ? {
            format: a.format,
            sample_rate: a.sampleRate,
            channels: a.channels,
            duration_seconds: a.durationS,
            bpm: a.bpm,
            loudness_lufs: a.loudnessLufs,
          }
        : null,
      track: r.trackId ? (byId.get(r.trackId) ?? null) : null,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    };
  });
}

export async function listUploads(db: DbOrTx, user: SessionUser): Promise<UploadDto[]> {
  const artist = await artistOf(db, user);
  return uploadDtos(db, await repo.findUploadsOfArtist(db, artist.id));
}

/** One upload of the caller's; someone else's is "not found" (no hint that it exists). */
export async function getUpload(db: DbOrTx, user: SessionUser, id: number): Promise<UploadDto> {
  const artist = await artistOf(db, user);
  const row = await repo.findUpload(db, id);
  if (!row || row.artistId !== artist.id) throw notFound('upload_not_found');
  return (await uploadDtos(db, [row]))[0]!;
}

export async function artistCatalog(
  db: DbOrTx,
  user: SessionUser,
  maxUploadBytes: number,
): Promise<ArtistCatalogResponse['data']> {
  const artist = await artistOf(db, user);
  const [albums, ids] = await Promise.all([
    repo.findAlbumsOfArtist(db, artist.id),
    repo.findTrackIdsOfArtist(db, artist.id),
  ]);
  return {
    artist,
    albums,
    tracks: await artistTrackDtos(db, ids),
    max_upload_mb: Math.floor(maxUploadBytes / (1024 * 1024)),
    formats: await acceptedFormats(),
  };
}

async function ownTrack(db: DbOrTx, user: SessionUser, trackId: number) {
  const artist = await artistOf(db, user);
  const track = await repo.findOwnTrack(db, artist.id, trackId);
  if (!track) throw notFound('track_not_found');
  return { artist, track };
}

export async function patchTrack(
  ctx: IngestServiceContext,
  user: SessionUser,
  trackId: number,
  patch: TrackMetadataPatch,
): Promise<ArtistTrackDto> {
  const { artist, track } = await ownTrack(ctx.db, user, trackId);
  await catalog.checkMetadataOptions(ctx.db, artist.id, track.kind, patch);
  checkMusicalMetadata(patch);
  await ctx.db.transaction((tx) =>
    catalog.updateTrack(tx, trackId, track.kind, patch, musicalColumnsOf(track.kind, patch)),
  );
  if (track.published) ctx.events.changed();
  return (await artistTrackDtos(ctx.db, [trackId]))[0]!;
}

/**
 * Publish or unpublish an own track. With MODERATION=on a publish request of a track that is not
 * live does not publish: the track waits in the operator's review queue (a rejected one goes back
 * in it); unpublishing a waiting track withdraws the request (decision 041).
 */
export async function setTrackPublished(
  ctx: IngestServiceContext,
  user: SessionUser,
  trackId: number,
  published: boolean,
): Promise<{ message: string; data: ArtistTrackDto }> {
  const { track } = await ownTrack(ctx.db, user, trackId);
  // A track an operator took down stays down until the operator lifts the takedown (issue 22).
  if (published && track.takenDownAt) throw new AppError(409, 'taken_down_cannot_publish');
  let message: string = published ? IngestMessages.published : IngestMessages.unpublished;
  if (published && !track.published && ctx.moderation) {
    if (track.reviewState !== 'pending') await catalog.requestTrackReview(ctx.db, trackId);
    message = IngestMessages.sentForReview;
  } else if (track.published !== published || track.reviewState === 'pending') {
    await catalog.setTrackPublished(ctx.db, trackId, published);
    if (track.published !== published) ctx.events.changed();
  }
  return { message, data: (await artistTrackDtos(ctx.db, [trackId]))[0]! };
}

export const uploadTooLarge = (maxBytes: number) =>
  new AppError(413, 'file_too_large', { max_mb: Math.round((maxBytes / (1024 * 1024)) * 10) / 10 });

const quotaOf = (ctx: IngestServiceContext) => ctx.quotaBytes ?? IngestLimits.defaultUploadQuotaGb * 1024 ** 3;

/**
 * The per-artist upload limits, checked before the body is read (`incomingBytes` 0) and again with
 * the spooled file's size: at most `uploadsPerHour` uploads in any hour (429 with Retry-After, the
 * seconds until the oldest leaves the hour), and the bytes of the artist's uploads that were not
 * failed plus this one within the quota (413 naming it).
 */
export async function checkUploadAllowance(
  ctx: IngestServiceContext,
  user: SessionUser,
  incomingBytes = 0,
): Promise<void> {
  await checkAllowance(ctx, (await artistOf(ctx.db, user)).id, incomingBytes);
}

async function checkAllowance(ctx: IngestServiceContext, artistId: number, incomingBytes: number): Promise<void> {
  const used = await repo.uploadAllowance(ctx.db, artistId);
  const perHour = ctx.uploadsPerHour ?? IngestLimits.defaultUploadsPerHour;
  if (used.lastHour >= perHour) {
    throw new AppError(429, 'upload_rate_limited', undefined, { headers: { 'Retry-After': String(used.retryAfterS) } });
  }
  const quota = quotaOf(ctx);
  if (used.storedBytes + Math.max(1, incomingBytes) > quota) {
    throw new AppError(413, 'upload_quota_exceeded', { quota: quotaText(quota) });
  }
}

/** "10 GB", "1.5 GB", "100 MB", "0.1 MB". */
function quotaText(bytes: number): string {
  const gb = bytes / 1024 ** 3;
  if (gb >= 1) return `${Math.round(gb * 10) / 10} GB`;
  return `${Math.round((bytes / 1024 ** 2) * 10) / 10} MB`;
}
