import { processingFailed } from './ingest-errors.js';
import * as repo from './ingest.repo.js';
import {
  JOB_TIMEOUT_MS,
  MAX_ATTEMPTS,
  RETRY_DELAY_SECONDS,
  processUpload,
  type IngestContext,
} from './process-upload.js';

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
  /** How often to look for jobs queued elsewhere (another instance, the import CLI) and expired leases. */
  pollMs?: number;
  /**
   * A job's lease: renewed every `heartbeatMs` while it runs; a job whose lease is older than this
   * belongs to a dead worker or process and is queued again (or failed after MAX_ATTEMPTS).
   */
  leaseSeconds?: number;
  heartbeatMs?: number;
  /** A failed attempt waits this × attempts seconds before it is claimed again. */
  retryDelaySeconds?: number;
  /** Time limit of one attempt; past it the job's worker thread is terminated (default JOB_TIMEOUT_MS). */
  jobTimeoutMs?: number;
}

/**
 * Runs queued uploads off the request path: claims rows from the `uploads` table (the queue) and
 * processes up to `concurrency` at once; the audio work itself runs on the audio worker pool.
 * A claimed job holds a lease renewed by a heartbeat; a job whose process died is queued again
 * when its lease expires, and failed after MAX_ATTEMPTS attempts (crashes included). A failed
 * attempt is retried after a delay, so it never blocks the uploads queued after it.
 */
export function startIngestWorker(ctx: IngestContext, options: IngestWorkerOptions): IngestWorker {
  const {
    concurrency,
    pollMs = 5_000,
    leaseSeconds = 60,
    heartbeatMs = 15_000,
    retryDelaySeconds = RETRY_DELAY_SECONDS,
    jobTimeoutMs = JOB_TIMEOUT_MS,
  } = options;
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
          // The heartbeat keeps the lease of a live job, however long it runs: it is never queued twice.
          const heartbeat = setInterval(() => {
            repo
              .renewLease(ctx.db, job.id)
              .catch((err: unknown) => ctx.log.warn({ err, upload: job.id }, 'lease not renewed'));
          }, heartbeatMs);
          heartbeat.unref();
          const run: Promise<void> = processUpload(ctx, job, { retryDelaySeconds, timeoutMs: jobTimeoutMs })
            .catch((err: unknown) => ctx.log.error({ err, upload: job.id }, 'upload job crashed'))
            .finally(() => {
              clearInterval(heartbeat);
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
      const { requeued, failed } = await repo.expireLeases(ctx.db, leaseSeconds, MAX_ATTEMPTS, processingFailed());
      if (requeued > 0) ctx.log.warn({ requeued }, 'upload jobs of a dead worker queued again');
      for (const row of failed) {
        ctx.log.warn({ upload: row.id }, `upload failed after ${MAX_ATTEMPTS} attempts`);
        if (row.sourceKey) await ctx.storage.remove('private', row.sourceKey).catch(() => undefined);
      }
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
