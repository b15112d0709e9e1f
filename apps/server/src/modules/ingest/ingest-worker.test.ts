import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodeWavPcm, sine } from '@tarab/audio/testing';
import { selectRows } from '../../db/client.js';
import { uploads } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeArtist, makeUser } from '../../../test/factories.js';
import { createCatalogEvents } from '../../lib/catalog-events.js';
import { IngestMessages } from '@tarab/contracts';
import { startIngestWorker, sweepOrphanUploads } from './ingest-worker.js';
import { MAX_ATTEMPTS } from './process-upload.js';
import { z } from 'zod';

let t: TestApp;
const silentLog = { info: () => {}, warn: () => {}, error: () => {} };
let artistId: number;
let userId: number;

beforeAll(async () => {
  // No worker yet: the test plays the part of a server that died mid-job, then starts one.
  t = await buildTestApp({ ingest: { maxUploadBytes: 1024 * 1024, workers: 0 } });
  userId = (await makeUser(t.database, { type: 'artist' })).id;
  artistId = (await makeArtist(t.database, 'Restarted', userId)).id;
});

afterAll(async () => {
  await t.close();
});

async function statusOf(id: number) {
  const rows = await selectRows(
    t.database.db,
    z.object({
      status: z.string(),
      track_id: z.number().nullable(),
      attempts: z.number(),
      error: z.string().nullable(),
      error_code: z.string().nullable(),
      error_params: z.unknown(),
    }),
    sql`select status, track_id, attempts, error, error_code, error_params from uploads where id = ${id}`,
  );
  return rows[0]!;
}

/** Polls the database until the upload reaches one of `statuses` (failing if a minute passes first). */
function waitForStatus(id: number, statuses: string[]) {
  return vi.waitFor(
    async () => {
      const row = await statusOf(id);
      expect(statuses, `upload ${id} status`).toContain(row.status);
      return row;
    },
    { timeout: 60_000, interval: 100 },
  );
}

/**
 * An upload row (queued unless `state` says otherwise) with `seconds` of stereo tone as its original in
 * private storage (no file when `seconds` is null).
 */
async function addUpload(
  title: string,
  seconds: number | null,
  state: { status?: 'queued' | 'processing'; attempts?: number; lockedAt?: SQL } = {},
) {
  const key = `originals/uploads/${title.toLowerCase().replace(/\W+/g, '-')}.wav`;
  if (seconds !== null) {
    await t.storage.put('private', key, encodeWavPcm(sine(220, seconds, 44_100, 0.3, 2), 44_100, 'pcm16'));
  }
  const [row] = await t.database.db
    .insert(uploads)
    .values({
      userId,
      artistId,
      status: 'queued',
      filename: `${title}.wav`,
      sizeBytes: 1,
      format: 'wav',
      sourceKey: key,
      metadata: { title, kind: 'music', price: 2 },
      ...state,
    })
    .returning();
  return { id: row!.id, key };
}

const queueUpload = (title: string, seconds: number) => addUpload(title, seconds);

const contextOf = () => ({
  db: t.database.db,
  storage: t.storage,
  audio: t.audio,
  events: createCatalogEvents(),
  log: silentLog,
});

describe('the ingestion worker', () => {
  it('resumes a job whose worker died mid-processing, creating its track exactly once', async () => {
    const row = await addUpload('After the crash', 1.5, {
      status: 'processing',
      attempts: 1,
      lockedAt: sql`now() - interval '10 minutes'`,
    });
    // A second, fresh "processing" row belongs to a live worker elsewhere: it must be left alone.
    const live = await addUpload('Someone else is on it', null, {
      status: 'processing',
      attempts: 1,
      lockedAt: sql`now()`,
    });

    // The restart: a new worker on the same database and storage.
    const silent = silentLog;
    const worker = startIngestWorker(
      { db: t.database.db, storage: t.storage, audio: t.audio, events: createCatalogEvents(), log: silent },
      { concurrency: 2, pollMs: 100 },
    );
    try {
      const done = await waitForStatus(row.id, ['processed']);
      expect(done).toMatchObject({ status: 'processed', attempts: 2 });
      expect(done.track_id).not.toBeNull();
      const tracks = await selectRows(
        t.database.db,
        z.object({ n: z.number() }),
        sql`select count(*)::int as n from tracks where title = 'After the crash'`,
      );
      expect(tracks[0]!.n).toBe(1);
      expect((await statusOf(live.id)).status).toBe('processing');
    } finally {
      await worker.stop();
    }
  });

  it('keeps the lease of a live job with its heartbeat: a job longer than the lease is claimed once', async () => {
    // About 4 s of analysis against a 2 s lease: without the heartbeat the job would be claimed again.
    const job = await queueUpload('Longer than its lease', 240);
    const worker = startIngestWorker(contextOf(), { concurrency: 2, pollMs: 100, leaseSeconds: 2, heartbeatMs: 200 });
    try {
      const done = await waitForStatus(job.id, ['processed', 'failed']);
      expect(done).toMatchObject({ status: 'processed', attempts: 1 });
      const tracks = await selectRows(
        t.database.db,
        z.object({ n: z.number() }),
        sql`select count(*)::int as n from tracks where title = 'Longer than its lease'`,
      );
      expect(tracks[0]!.n).toBe(1);
    } finally {
      await worker.stop();
    }
  });

  it('gives a job that kills its worker thread 3 attempts with a delay between, while the uploads behind it go on', async () => {
    // The time limit terminates the thread running the long analysis (a real worker death) each time.
    // Every analysis runs on a fresh thread (the pool retires it afterwards, issue #31), so the limit
    // covers a thread's start too: the job behind takes about 0.5 s on a quiet machine (start and a
    // second of audio), ten minutes of audio about 7 s. 3.5 s sits between them with room for a loaded one.
    const doomed = await queueUpload('Kills its worker', 600);
    const behind = await queueUpload('Queued behind it', 1);
    const worker = startIngestWorker(contextOf(), {
      concurrency: 1,
      pollMs: 100,
      jobTimeoutMs: 3_500,
      retryDelaySeconds: 1,
    });
    try {
      const next = await waitForStatus(behind.id, ['processed', 'failed']);
      expect(next.status).toBe('processed');
      expect((await statusOf(doomed.id)).status).not.toBe('failed');
      const failed = await waitForStatus(doomed.id, ['failed']);
      expect(failed).toMatchObject({
        status: 'failed',
        attempts: MAX_ATTEMPTS,
        error: IngestMessages.processingFailed,
        error_code: 'processing_failed',
        error_params: null,
        track_id: null,
      });
      await expect.poll(() => t.storage.exists('private', doomed.key), { timeout: 10_000 }).toBe(false);
    } finally {
      await worker.stop();
    }
  });

  it('fails a job whose process died on its last attempt, with a reason the artist can read, and removes its file', async () => {
    const { key, ...row } = await addUpload('Died three times', 1.5, {
      status: 'processing',
      attempts: MAX_ATTEMPTS,
      lockedAt: sql`now() - interval '10 minutes'`,
    });
    const worker = startIngestWorker(contextOf(), { concurrency: 1, pollMs: 100 });
    try {
      const failed = await waitForStatus(row.id, ['failed', 'processed']);
      expect(failed).toMatchObject({
        status: 'failed',
        attempts: MAX_ATTEMPTS,
        error: IngestMessages.processingFailed,
        error_code: 'processing_failed',
        error_params: null,
      });
      await expect.poll(() => t.storage.exists('private', key), { timeout: 10_000 }).toBe(false);
    } finally {
      await worker.stop();
    }
  });

  it('removes uploaded files that no row refers to once they are an hour old, and keeps the rest', async () => {
    const ctx = {
      db: t.database.db,
      storage: t.storage,
      audio: t.audio,
      events: createCatalogEvents(),
      log: silentLog,
    };
    const orphan = 'originals/uploads/orphan-after-crash.wav';
    await t.storage.put('private', orphan, 'RIFF....');
    const kept = (
      await selectRows(
        t.database.db,
        z.object({ source_key: z.string() }),
        sql`select source_key from uploads where source_key is not null`,
      )
    ).map((r) => r.source_key);
    const inAnHour = Date.now() + 61 * 60 * 1000;
    expect(await sweepOrphanUploads(ctx, Date.now())).toEqual([]);
    expect(await sweepOrphanUploads(ctx, inAnHour)).toEqual([orphan]);
    expect(await t.storage.exists('private', orphan)).toBe(false);
    for (const key of kept)
      if (await t.storage.stat('private', key)) expect(await t.storage.exists('private', key)).toBe(true);
    const trackAudio = await selectRows(
      t.database.db,
      z.object({ audio_key: z.string() }),
      sql`select audio_key from tracks`,
    );
    for (const { audio_key } of trackAudio) expect(await t.storage.exists('private', audio_key)).toBe(true);
  });
});
