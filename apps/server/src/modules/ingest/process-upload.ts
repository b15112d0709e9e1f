import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AudioPool, IngestResult } from '@tarab/audio';
import { TrackMetadata } from '@tarab/contracts';
import type { AppDb } from '../../db/client.js';
import type { CatalogEvents } from '../../lib/catalog-events.js';
import type { Storage, Visibility } from '../../storage/storage.js';
import { ingestFailure, isIngestError, processingFailed } from './ingest-errors.js';
import * as repo from './ingest.repo.js';
import type { UploadAnalysis } from './ingest.repo.js';
import * as catalog from '../catalog/catalog.service.js';
import { musicalColumnsOf } from './musical-metadata.js';

interface IngestLog {
  info(obj: object, message: string): void;
  warn(obj: object, message: string): void;
  error(obj: object, message: string): void;
}

export interface IngestContext {
  db: AppDb;
  storage: Storage;
  /** The audio worker pool: the analysis runs there, never on the caller's event loop. */
  audio: AudioPool;
  events: CatalogEvents;
  log: IngestLog;
  /** Told the original's key of each track created from an upload (the app makes its delivery files then). */
  onTrackCreated?: (audioKey: string) => void;
  /** MODERATION=on: an upload sent with "publish" waits in the review queue instead (decision 041). */
  moderation?: boolean;
}

/** After this many attempts that failed for other reasons than a bad file (crashes included), an upload is failed. */
export const MAX_ATTEMPTS = 3;

/** What is kept of an analysis (uploads and the bulk import): rounded tempo and loudness, the master's facts. */
export function toUploadAnalysis(result: IngestResult): UploadAnalysis {
  return {
    format: result.format,
    sampleRate: result.sampleRate,
    bitDepth: result.bitDepth,
    channels: result.channelCount,
    durationS: result.durationS,
    bpm: result.bpm === null ? null : Math.round(result.bpm),
    loudnessLufs: result.loudnessLufs === null ? null : Math.round(result.loudnessLufs * 10) / 10,
  };
}

/** The time limit of one attempt (a 20-minute file is analysed in well under a minute). */
export const JOB_TIMEOUT_MS = 5 * 60_000;

/** A failed attempt waits this long × the attempts so far before it is tried again (other uploads go first). */
export const RETRY_DELAY_SECONDS = 30;

const shortHash = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex').slice(0, 12);

/** Decodes and analyses an uploaded file, writes its preview and peaks, and creates its track. */
export async function processUpload(
  ctx: IngestContext,
  upload: repo.UploadRow,
  options: { retryDelaySeconds?: number; timeoutMs?: number } = {},
): Promise<void> {
  const retryDelay = options.retryDelaySeconds ?? RETRY_DELAY_SECONDS;
  // A job past its time limit has its worker thread terminated: it counts as a failed attempt.
  const signal = AbortSignal.timeout(options.timeoutMs ?? JOB_TIMEOUT_MS);
  const written: { visibility: Visibility; key: string }[] = [];
  const removeWritten = () => Promise.allSettled(written.map((w) => ctx.storage.remove(w.visibility, w.key)));
  let spool: string | null = null;
  try {
    const metadata = TrackMetadata.parse(upload.metadata);
    if (!upload.sourceKey) throw new Error(`upload ${upload.id} has no source file`);
    // The original is streamed from storage to a private temporary file, which the audio thread reads in
    // chunks: neither this thread nor the pool's ever holds the whole file (issue 31).
    spool = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-ingest-'));
    const file = path.join(spool, 'original');
    await pipeline(await ctx.storage.stream('private', upload.sourceKey), createWriteStream(file, { mode: 0o600 }));
    const started = performance.now();
    const result = await ctx.audio.analyze({ file }, { kind: metadata.kind }, { signal });
    const previewKey = `previews/upload-${upload.id}-${shortHash(result.previewMp3)}.mp3`;
    const peaksJson = JSON.stringify({ data: result.peaks });
    const peaksKey = `peaks/upload-${upload.id}-${shortHash(peaksJson)}.json`;
    await ctx.storage.put('public', previewKey, result.previewMp3);
    written.push({ visibility: 'public', key: previewKey });
    await ctx.storage.put('public', peaksKey, peaksJson);
    written.push({ visibility: 'public', key: peaksKey });
    let auditionKey: string | null = null;
    if (result.auditionWav) {
      auditionKey = `auditions/upload-${upload.id}-${shortHash(result.auditionWav)}.wav`;
      await ctx.storage.put('public', auditionKey, result.auditionWav);
      written.push({ visibility: 'public', key: auditionKey });
    }
    const analysis = toUploadAnalysis(result);
    const review = metadata.publish && ctx.moderation === true;
    const done = await ctx.db.transaction(async (tx) => {
      // Locked: if a requeued copy of this job already finished elsewhere, do not create a second track.
      const row = await repo.lockUpload(tx, upload.id);
      if (!row || row.trackId !== null || row.status !== 'processing') return false;
      const trackId = await catalog.insertTrack(tx, {
        artistId: upload.artistId,
        metadata,
        analysis,
        audioKey: upload.sourceKey!,
        previewKey,
        peaksKey,
        auditionKey,
        review,
      });
      // The maqam, tonic, iqa' and meter the artist chose: the columns the demo catalog fills (decision 059).
      const musical = musicalColumnsOf(metadata.kind, metadata);
      if (Object.keys(musical).length > 0) await catalog.updateTrack(tx, trackId, metadata.kind, {}, musical);
      await repo.finishUpload(tx, upload.id, {
        status: 'processed',
        analysis,
        trackId,
        error: null,
        errorCode: null,
        errorParams: null,
      });
      return true;
    });
    if (!done) {
      await removeWritten();
      return;
    }
    ctx.log.info(
      { upload: upload.id, seconds: ((performance.now() - started) / 1000).toFixed(2), ...analysis },
      'upload processed',
    );
    if (metadata.publish && !review) ctx.events.changed();
    ctx.onTrackCreated?.(upload.sourceKey);
  } catch (error) {
    await removeWritten();
    if (isIngestError(error)) {
      // A bad file: nothing of it is kept, and the reason (its text, code and params) is shown to the artist.
      if (upload.sourceKey) await ctx.storage.remove('private', upload.sourceKey).catch(() => undefined);
      await repo.finishUpload(ctx.db, upload.id, { status: 'failed', ...ingestFailure(error), sourceKey: null });
      ctx.log.info({ upload: upload.id, code: error.code }, 'upload rejected');
      return;
    }
    ctx.log.error({ err: error, upload: upload.id, attempt: upload.attempts }, 'upload processing failed');
    if (upload.attempts < MAX_ATTEMPTS) {
      // Back to the queue behind a delay, so the uploads queued after it are not held up.
      await repo
        .finishUpload(ctx.db, upload.id, { status: 'queued', retryInSeconds: retryDelay * upload.attempts })
        .catch(() => undefined);
      return;
    }
    if (upload.sourceKey) await ctx.storage.remove('private', upload.sourceKey).catch(() => undefined);
    await repo
      .finishUpload(ctx.db, upload.id, { status: 'failed', ...processingFailed(), sourceKey: null })
      .catch(() => undefined);
  } finally {
    if (spool) await fs.rm(spool, { recursive: true, force: true }).catch(() => undefined);
  }
}
