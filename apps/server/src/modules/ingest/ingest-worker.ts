import * as repo from './ingest.repo.js';
import { processUpload, type IngestContext } from './process-upload.js';

/** Uploaded originals that no row points at and are older than this are leftovers of a crash. */
const ORPHAN_AGE_MS = 60 * 60 * 1000;
const UPLOADS_PREFIX = 'originals/uploads/';

/**
 * Removes uploaded files whose request died between storing the file and inserting its row (a
 * crash or a lost database): nothing refers to them, and nobody will.
 */
export async function sweepOrphanUploads(ctx: IngestContext, now = Date.now()): Promise<string[]> {
  const keys = await ctx.storage.list('private', UPLOADS_PREFIX);
  const removed: string[] = [];
  for (let i = 0; i < keys.length; i += 200) {
    const batch = keys.slice(i, i + 200);
    const used = await repo.referencedKeys(ctx.db, batch);
    for (const key of batch) {
      if (used.has(key)) continue;
      const info = await ctx.storage.stat('private', key);
      if (!info || now - info.mtimeMs < ORPHAN_AGE_MS) continue;
      await ctx.storage.remove('private', key);
      removed.push(key);
    }
  }
  return removed;
}

export interface IngestWorker {
  /** Look for work now (called after an upload is queued). */
  kick(): void;
  /** Stop claiming; wait for the jobs in progress to finish. */
  stop(): Promise<void>;
}

export interface IngestWorkerOptions {
  concurrency: number;
  /** How often to look for jobs queued elsewhere (another instance, the import CLI). */
  pollMs?: number;
  /** A job locked longer than this belongs to a dead worker and is queued again. */
  staleSeconds?: number;
}

/**
 * Runs queued uploads off the request path: claims rows from the `uploads` table (the queue) and
 * processes up to `concurrency` at once; the audio work itself runs in a worker thread.
 */
export function startIngestWorker(ctx: IngestContext, options: IngestWorkerOptions): IngestWorker {
  const { concurrency, pollMs = 5_000, staleSeconds = 300 } = options;
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let pumping = false;
  let again = false;

  const pump = async (): Promise<void> => {
    if (stopped || concurrency <= 0) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      do {
        again = false;
        while (!stopped && inFlight.size < concurrency) {
          const job = await repo.claimNextUpload(ctx.db);
          if (!job) break;
          const run: Promise<void> = processUpload(ctx, job)
            .catch((err: unknown) => ctx.log.error({ err, upload: job.id }, 'upload job crashed'))
            .finally(() => {
              inFlight.delete(run);
              void pump();
            });
          inFlight.add(run);
        }
      } while (again && !stopped);
    } catch (err) {
      // The database is unreachable: try again at the next tick.
      ctx.log.warn({ err }, 'ingest queue unavailable');
    } finally {
      pumping = false;
    }
  };

  const tick = async () => {
    try {
      const requeued = await repo.requeueStale(ctx.db, staleSeconds);
      if (requeued > 0) ctx.log.warn({ requeued }, 'stale upload jobs queued again');
    } catch (err) {
      ctx.log.warn({ err }, 'ingest queue unavailable');
    }
    await pump();
  };

  const timer = setInterval(() => void tick(), pollMs);
  timer.unref();
  void tick();
  void sweepOrphanUploads(ctx).then(
    (removed) => removed.length > 0 && ctx.log.warn({ removed: removed.length }, 'orphan uploaded files removed'),
    (err: unknown) => ctx.log.warn({ err }, 'orphan sweep failed'),
  );

  return {
    kick: () => void pump(),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.allSettled([...inFlight]);
    },
  };
}
