import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { analyzeUploadInWorker } from '@tarab/audio';
import { IngestMessages, TrackMetadata } from '@tarab/contracts';
import type { AppDb } from '../../db/client.js';
import { uploads, type UploadAnalysis } from '../../db/schema/index.js';
import type { CatalogEvents } from '../../lib/catalog-events.js';
import type { Storage, Visibility } from '../../storage/storage.js';
import { ingestErrorMessage, isIngestError } from './ingest-errors.js';
import * as repo from './ingest.repo.js';
import { insertTrack } from './track-writer.js';

export interface IngestLog {
  info(obj: object, message: string): void;
  warn(obj: object, message: string): void;
  error(obj: object, message: string): void;
}

export interface IngestContext {
  db: AppDb;
  storage: Storage;
  events: CatalogEvents;
  log: IngestLog;
}

/** After this many unexpected failures (not a bad file) an upload is given up as failed. */
export const MAX_ATTEMPTS = 3;

const shortHash = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex').slice(0, 12);

/** Decodes and analyses an uploaded file, writes its preview and peaks, and creates its track. */
export async function processUpload(ctx: IngestContext, upload: repo.UploadRow): Promise<void> {
  const written: { visibility: Visibility; key: string }[] = [];
  const removeWritten = () => Promise.allSettled(written.map((w) => ctx.storage.remove(w.visibility, w.key)));
  try {
    const metadata = TrackMetadata.parse(upload.metadata);
    if (!upload.sourceKey) throw new Error(`upload ${upload.id} has no source file`);
    const bytes = new Uint8Array(await ctx.storage.get('private', upload.sourceKey));
    const started = performance.now();
    const result = await analyzeUploadInWorker(bytes, { kind: metadata.kind });
    const previewKey = `previews/upload-${upload.id}-${shortHash(result.previewMp3)}.mp3`;
    const peaksJson = JSON.stringify({ data: result.peaks });
    const peaksKey = `peaks/upload-${upload.id}-${shortHash(peaksJson)}.json`;
    await ctx.storage.put('public', previewKey, result.previewMp3);
    written.push({ visibility: 'public', key: previewKey });
    await ctx.storage.put('public', peaksKey, peaksJson);
    written.push({ visibility: 'public', key: peaksKey });
    const analysis: UploadAnalysis = {
      format: result.format,
      sampleRate: result.sampleRate,
      channels: result.channelCount,
      durationS: result.durationS,
      bpm: result.bpm === null ? null : Math.round(result.bpm),
      loudnessLufs: result.loudnessLufs === null ? null : Math.round(result.loudnessLufs * 10) / 10,
    };
    const done = await ctx.db.transaction(async (tx) => {
      // Locked: if a requeued copy of this job already finished elsewhere, do not create a second track.
      const [row] = await tx.select().from(uploads).where(eq(uploads.id, upload.id)).for('update');
      if (!row || row.trackId !== null || row.status !== 'processing') return false;
      const trackId = await insertTrack(tx, {
        artistId: upload.artistId,
        metadata,
        analysis,
        audioKey: upload.sourceKey!,
        previewKey,
        peaksKey,
      });
      await repo.finishUpload(tx, upload.id, { status: 'processed', analysis, trackId, error: null });
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
    if (metadata.publish) ctx.events.changed();
  } catch (error) {
    await removeWritten();
    if (isIngestError(error)) {
      // A bad file: nothing of it is kept, and the reason is shown to the artist.
      if (upload.sourceKey) await ctx.storage.remove('private', upload.sourceKey).catch(() => undefined);
      await repo.finishUpload(ctx.db, upload.id, {
        status: 'failed',
        error: ingestErrorMessage(error),
        sourceKey: null,
      });
      ctx.log.info({ upload: upload.id, code: error.code }, 'upload rejected');
      return;
    }
    ctx.log.error({ err: error, upload: upload.id, attempt: upload.attempts }, 'upload processing failed');
    if (upload.attempts < MAX_ATTEMPTS) {
      await repo.finishUpload(ctx.db, upload.id, { status: 'queued' }).catch(() => undefined);
      return;
    }
    if (upload.sourceKey) await ctx.storage.remove('private', upload.sourceKey).catch(() => undefined);
    await repo
      .finishUpload(ctx.db, upload.id, { status: 'failed', error: IngestMessages.processingFailed, sourceKey: null })
      .catch(() => undefined);
  }
}
