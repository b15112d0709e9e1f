/**
 * Downloads and audio work under load (issue #14). The real server in its own process
 * (NODE_ENV=production, PGlite in a fresh DATA_DIR under .tmp/, the audio pool at its default
 * size), 20 licensed tracks whose delivery files were never made, then:
 *
 * 1. burst: 50 concurrent zip downloads (MP3 and WAV mixed) by 10 users over the 20 tracks,
 *    while GET /api/health is polled every 20 ms. Budgets: health p99 ≤ 50 ms; every download
 *    200 or 429; none over 5 s.
 * 2. prepared: first byte of a zip whose file exists, 200 requests at concurrency 4. Budget p95 ≤ 100 ms.
 * 3. ingest: a 3-minute 44.1 kHz stereo WAV through the audio pool (budget ≤ 10 s), and 10 uploads
 *    through the ingestion queue (throughput figure).
 * 4. hostile decodes (needs ffmpeg): FLAC "bombs" refused; the peak RSS of the process printed.
 *
 *   npm run bench:downloads [-- --tracks 20 --requests 50 --users 10 --seconds 90]
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { availableParallelism, cpus } from 'node:os';
import {
  buildDemoCatalog,
  createAudioPool,
  encodeWav,
  findFfmpeg,
  renderTrackAudio,
  SAMPLE_RATE,
} from '../../packages/audio/src/index.js';
import { silentFlac } from '../../packages/audio/src/testing/index.js';
import { openDatabase, selectRows } from '../../apps/server/src/db/client.js';
import { migrateDatabase } from '../../apps/server/src/db/migrate.js';
import { seedPlans } from '../../apps/server/src/seed/plans.js';
import { createLocalStorage } from '../../apps/server/src/storage/local-storage.js';
import { createCatalogEvents } from '../../apps/server/src/lib/catalog-events.js';
import { startIngestWorker } from '../../apps/server/src/modules/ingest/ingest-worker.js';
import { uploads } from '../../apps/server/src/db/schema/index.js';
import { makeArtist, makeLicense, makeSession, makeTrack, makeUser } from '../../apps/server/test/factories.js';
import { percentile } from '../../apps/server/test/load/workload/report.js';
import { readRssKb, startServer } from '../../apps/server/test/load/workload/server.js';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const trackCount = flag('tracks', 20);
const requests = flag('requests', 50);
const userCount = flag('users', 10);
const seconds = flag('seconds', 90);

const repoRoot = path.resolve(import.meta.dirname, '../..');
const dataDir = path.join(repoRoot, '.tmp', `bench-downloads-${process.pid}`);
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const ms = (v: number) => `${v.toFixed(1)} ms`;
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

console.log('Downloads benchmark (issue #14)');
console.log(
  `  machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}`,
);

// --- The data: tracks with rendered originals (a few pieces, each stored under its own keys so every
// track's delivery files are made from scratch), users licensed for all of them, their sessions.
await fs.rm(dataDir, { recursive: true, force: true });
await fs.mkdir(dataDir, { recursive: true });
const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
await migrateDatabase(database);
await seedPlans(database.db);
const storage = createLocalStorage(path.join(dataDir, 'media'));
const specs = buildDemoCatalog()
  .tracks.filter((t) => t.kind === 'music')
  .slice(0, 4);
const t0 = performance.now();
const originals = specs.map((spec) => {
  const audio = renderTrackAudio({ ...spec, targetDurationS: seconds });
  return encodeWav(
    audio.map((c) => c.subarray(0, Math.round(seconds * SAMPLE_RATE))),
    SAMPLE_RATE,
    24,
  );
});
console.log(
  `  ${specs.length} pieces of ${seconds} s rendered in ${((performance.now() - t0) / 1000).toFixed(1)} s (24-bit WAV, ${(originals[0]!.length / 1e6).toFixed(1)} MB each)`,
);
const artist = await makeArtist(database, 'Bench Ensemble');
const trackIds: number[] = [];
for (let i = 0; i < trackCount; i++) {
  const track = await makeTrack(database, {
    artistId: artist.id,
    title: `Bench piece ${i + 1}`,
    masterSampleRate: SAMPLE_RATE,
    masterBitDepth: 24,
  });
  await storage.put('private', track.audioKey, originals[i % originals.length]!);
  trackIds.push(track.id);
}
const tokens: string[] = [];
for (let u = 0; u < userCount; u++) {
  const user = await makeUser(database, { name: `Bench user ${u + 1}` });
  for (const id of trackIds) await makeLicense(database, user.id, id);
  tokens.push(await makeSession(database, user.id));
}
await database.close();

const port = 18_000 + (process.pid % 1000);
const server = await startServer(
  { DATA_DIR: dataDir, DEMO_CATALOG: 'none', NODE_ENV: 'production', LOG_LEVEL: 'warn', SECRET_KEY: 'b'.repeat(40) },
  port,
);
console.log(`  server ready in ${server.startupS.toFixed(1)} s (pid ${server.pid})\n`);

/** One GET: status, time to the first byte and to the end, in ms. */
function get(url: string, token?: string): Promise<{ status: number; ttfb: number; total: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = http.get(
      `${server.base}${url}`,
      { headers: token ? { authorization: `Bearer ${token}` } : {} },
      (res) => {
        const ttfb = performance.now() - start;
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ttfb, total: performance.now() - start, bytes }));
      },
    );
    req.on('error', reject);
  });
}

let peakRssKb = (await readRssKb(server.pid)) ?? 0;
const rssTimer = setInterval(() => {
  void readRssKb(server.pid).then((kb) => {
    if (kb && kb > peakRssKb) peakRssKb = kb;
  });
}, 20);

// --- 1. The burst.
const health: number[] = [];
let polling = true;
const poller = (async () => {
  while (polling) {
    const r = await get('/api/health');
    health.push(r.total);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
})();
const burstStart = performance.now();
const burst = await Promise.all(
  Array.from({ length: requests }, (_, i) => {
    const id = trackIds[i % trackIds.length]!;
    const format = i % 2 === 0 ? 'mp3' : 'wav';
    return get(`/api/user/downloads/${id}/zip${format === 'wav' ? '?format=wav' : ''}`, tokens[i % tokens.length]);
  }),
);
const burstS = (performance.now() - burstStart) / 1000;
// Health keeps being polled while the server finishes the delivery files the burst started.
await new Promise((resolve) => setTimeout(resolve, 5_000));
polling = false;
await poller;
const statuses = new Map<number, number>();
for (const r of burst) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
const slowest = Math.max(...burst.map((r) => r.total));
const healthSorted = sorted(health);
const healthP99 = percentile(healthSorted, 99);
const only200or429 = [...statuses.keys()].every((s) => s === 200 || s === 429);
console.log(
  `1. ${requests} concurrent zip downloads (${userCount} users, ${trackCount} tracks never downloaded, MP3 and WAV)`,
);
console.log(
  `   answers: ${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')} in ${burstS.toFixed(2)} s — only 200/429: ${verdict(only200or429)}`,
);
console.log(`   slowest download ${ms(slowest)} (budget 5000 ms): ${verdict(slowest <= 5000)}`);
console.log(
  `   /api/health during the run and the 5 s after (${health.length} polls): p50 ${ms(percentile(healthSorted, 50))}, p99 ${ms(healthP99)}, max ${ms(healthSorted.at(-1) ?? 0)} (budget p99 ≤ 50 ms): ${verdict(healthP99 <= 50)}`,
);

// --- 2. First byte of prepared zips: wait for every file, then 200 requests at concurrency 4.
for (const id of trackIds) {
  for (const format of ['mp3', 'wav']) {
    for (;;) {
      const r = await get(`/api/user/downloads/${id}/zip${format === 'wav' ? '?format=wav' : ''}`, tokens[0]);
      if (r.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
const ttfb: number[] = [];
let next = 0;
await Promise.all(
  Array.from({ length: 4 }, async (_, worker) => {
    while (next < 200) {
      const i = next++;
      const id = trackIds[i % trackIds.length]!;
      const r = await get(`/api/user/downloads/${id}/zip${i % 2 ? '?format=wav' : ''}`, tokens[worker]);
      if (r.status === 200) ttfb.push(r.ttfb);
    }
  }),
);
const ttfbP95 = percentile(sorted(ttfb), 95);
console.log(
  `2. first byte of a prepared zip, 200 requests at c=4: p50 ${ms(percentile(sorted(ttfb), 50))}, p95 ${ms(ttfbP95)} (budget ≤ 100 ms): ${verdict(ttfbP95 <= 100)}`,
);
clearInterval(rssTimer);
console.log(`   server peak RSS over phases 1–2: ${(peakRssKb / 1024).toFixed(0)} MB`);
await server.stop();

// --- 3. Ingest through the pool and the queue (in this process, on the same data folder).
const pool = createAudioPool();
const piece = renderTrackAudio({ ...specs[0]!, targetDurationS: 180 });
const threeMinutes = encodeWav(
  piece.map((c) => c.subarray(0, 180 * SAMPLE_RATE)),
  SAMPLE_RATE,
);
const runs: number[] = [];
for (let i = 0; i < 3; i++) {
  const start = performance.now();
  await pool.analyze(threeMinutes.slice(), { kind: 'music' });
  runs.push((performance.now() - start) / 1000);
}
const median = sorted(runs)[1]!;
console.log(
  `3. a 3-minute 44.1 kHz stereo WAV analysed on the pool: median ${median.toFixed(2)} s of 3 (budget ≤ 10 s): ${verdict(median <= 10)}`,
);
const db2 = await openDatabase({ dataDir: path.join(dataDir, 'db') });
const owner = await makeUser(db2, { type: 'artist' });
const uploadArtist = await makeArtist(db2, 'Uploader', owner.id);
for (let i = 0; i < 10; i++) {
  const key = `originals/uploads/bench-${i}.wav`;
  await storage.put('private', key, originals[i % originals.length]!);
  await db2.db.insert(uploads).values({
    userId: owner.id,
    artistId: uploadArtist.id,
    filename: `bench-${i}.wav`,
    sizeBytes: originals[0]!.length,
    format: 'wav',
    sourceKey: key,
    metadata: { title: `Upload ${i + 1}`, kind: 'music', price: 2 },
  });
}
const ingestStart = performance.now();
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const worker = startIngestWorker(
  { db: db2.db, storage, audio: pool, events: createCatalogEvents(), log: silent },
  { concurrency: availableParallelism(), pollMs: 200 },
);
for (;;) {
  const [row] = await selectRows(
    db2.db,
    z.object({ n: z.number() }),
    sql`select count(*)::int as n from uploads where status = 'processed'`,
  );
  const n = row?.n ?? 0;
  if (n >= 10) break;
  await new Promise((resolve) => setTimeout(resolve, 200));
}
const ingestS = (performance.now() - ingestStart) / 1000;
await worker.stop();
await db2.close();
console.log(
  `   10 uploads of ${seconds} s through the queue (${availableParallelism()} at once): ${ingestS.toFixed(1)} s, ${((10 * seconds) / ingestS).toFixed(0)} s of audio per second`,
);

// --- 4. Hostile decodes: peak RSS of this process (the pool's threads are in it).
if (await findFfmpeg()) {
  const bombs = [
    ['21 min of mono 8 kHz, length hidden', await silentFlac(8_000, 'mono', 21 * 60, { hideLength: true })],
    ['3 min of 7.1 at 192 kHz, length hidden', await silentFlac(192_000, '7.1', 180, { hideLength: true })],
    ['3 min of 7.1 at 192 kHz', await silentFlac(192_000, '7.1', 180)],
  ] as const;
  const base = process.memoryUsage.rss();
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  for (const [name, bytes] of bombs) {
    const outcome = await pool.analyze(bytes.slice()).then(
      () => 'accepted',
      (e: unknown) => (e as { code?: string }).code ?? String(e),
    );
    console.log(`4. ${name} (${(bytes.length / 1024).toFixed(0)} KB): ${outcome}`);
  }
  clearInterval(sampler);
  const grew = (peak - base) / 1024 / 1024;
  console.log(`   RSS growth while refusing them: ${grew.toFixed(0)} MB (budget ≤ 200 MB): ${verdict(grew <= 200)}`);
} else {
  console.log('4. hostile decodes: skipped (no ffmpeg on PATH)');
}
await pool.close();
await fs.rm(dataDir, { recursive: true, force: true });
