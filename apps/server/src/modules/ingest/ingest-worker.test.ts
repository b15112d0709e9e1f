import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWavPcm, sine } from '@tarab/audio/testing';
import { selectRows } from '../../db/client.js';
import { uploads } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeArtist, makeUser } from '../../../test/factories.js';
import { createCatalogEvents } from '../../lib/catalog-events.js';
import { startIngestWorker, sweepOrphanUploads } from './ingest-worker.js';

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
  const rows = await selectRows<{ status: string; track_id: number | null; attempts: number }>(
    t.database.db,
    sql`select status, track_id, attempts from uploads where id = ${id}`,
  );
  return rows[0]!;
}

describe('the ingestion worker', () => {
  it('resumes a job whose worker died mid-processing, creating its track exactly once', async () => {
    const key = 'originals/uploads/crashed-job.wav';
    await t.storage.put('private', key, encodeWavPcm(sine(220, 1.5, 44_100, 0.3, 2), 44_100, 'pcm16'));
    const [row] = await t.database.db
      .insert(uploads)
      .values({
        userId,
        artistId,
        status: 'processing',
        filename: 'crashed.wav',
        sizeBytes: 1,
        format: 'wav',
        sourceKey: key,
        metadata: { title: 'After the crash', kind: 'music', price: 2 },
        attempts: 1,
        lockedAt: sql`now() - interval '10 minutes'`,
      })
      .returning();
    // A second, fresh "processing" row belongs to a live worker elsewhere: it must be left alone.
    const [live] = await t.database.db
      .insert(uploads)
      .values({
        userId,
        artistId,
        status: 'processing',
        filename: 'live.wav',
        sizeBytes: 1,
        format: 'wav',
        sourceKey: 'originals/uploads/live.wav',
        metadata: { title: 'Someone else is on it', kind: 'music', price: 2 },
        attempts: 1,
        lockedAt: sql`now()`,
      })
      .returning();

    // The restart: a new worker on the same database and storage.
    const silent = silentLog;
    const worker = startIngestWorker(
      { db: t.database.db, storage: t.storage, events: createCatalogEvents(), log: silent },
      { concurrency: 2, pollMs: 100 },
    );
    try {
      const deadline = Date.now() + 60_000;
      while ((await statusOf(row!.id)).status !== 'processed' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
      const done = await statusOf(row!.id);
      expect(done).toMatchObject({ status: 'processed', attempts: 2 });
      expect(done.track_id).not.toBeNull();
      const tracks = await selectRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from tracks where title = 'After the crash'`,
      );
      expect(tracks[0]!.n).toBe(1);
      expect((await statusOf(live!.id)).status).toBe('processing');
    } finally {
      await worker.stop();
    }
  });

  it('removes uploaded files that no row refers to once they are an hour old, and keeps the rest', async () => {
    const ctx = { db: t.database.db, storage: t.storage, events: createCatalogEvents(), log: silentLog };
    const orphan = 'originals/uploads/orphan-after-crash.wav';
    await t.storage.put('private', orphan, 'RIFF....');
    const kept = (
      await selectRows<{ source_key: string }>(
        t.database.db,
        sql`select source_key from uploads where source_key is not null`,
      )
    ).map((r) => r.source_key);
    const inAnHour = Date.now() + 61 * 60 * 1000;
    expect(await sweepOrphanUploads(ctx, Date.now())).toEqual([]);
    expect(await sweepOrphanUploads(ctx, inAnHour)).toEqual([orphan]);
    expect(await t.storage.exists('private', orphan)).toBe(false);
    for (const key of kept)
      if (await t.storage.stat('private', key)) expect(await t.storage.exists('private', key)).toBe(true);
    const trackAudio = await selectRows<{ audio_key: string }>(t.database.db, sql`select audio_key from tracks`);
    for (const { audio_key } of trackAudio) expect(await t.storage.exists('private', audio_key)).toBe(true);
  });
});
