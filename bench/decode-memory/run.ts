/**
 * Decode-memory benchmark (issue 31): a small FLAC that decodes to 20 minutes of 96 kHz stereo (3 s of
 * tone, then silence: about 300 KB) goes through the whole path a real server runs for it — stored as
 * an upload's original, claimed by the ingest worker, analysed on the audio worker pool (decode,
 * loudness, peaks, tempo, the MP3 preview), its track created — and then, as `onTrackCreated` does in
 * app.ts, the delivery warm of both licensed files (`createDeliveryFiles(...).warm`: the 320 kbps MP3
 * and the lossless WAV master, made on the same pool and put in private storage). The process's resident
 * memory is printed: at the start, at its peak during the processing and during the delivery warm,
 * right after the job and a few seconds later.
 * Budget: peak ≤ start + 500 MB, after the job ≤ start + 150 MB.
 *
 *   npm run bench:decode-memory [-- --minutes 20 --rate 96000 --channels 2 --threads 2]
 *
 * `--threads` is the pool's size (default: the machine's cores, as AUDIO_WORKERS); the two delivery
 * files are made at the same time when there are two threads or more.
 *
 * Needs ffmpeg (to make the FLAC and to decode it). Linux: the peak is the kernel's high-water mark
 * (VmHWM, reset through /proc/self/clear_refs before the job), plus 20 ms samples of VmRSS.
 */
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { createAudioPool } from '../../packages/audio/src/index.js';
import { toneThenSilenceFlac } from '../../packages/audio/src/testing/index.js';
import { DeliveryFormats } from '../../packages/contracts/src/index.js';
import { openDatabase, selectRows } from '../../apps/server/src/db/client.js';
import { migrateDatabase } from '../../apps/server/src/db/migrate.js';
import { uploads } from '../../apps/server/src/db/schema/index.js';
import { createCatalogEvents } from '../../apps/server/src/lib/catalog-events.js';
import { createDeliveryFiles } from '../../apps/server/src/modules/downloads/delivery-files.js';
import { startIngestWorker } from '../../apps/server/src/modules/ingest/ingest-worker.js';
import { createLocalStorage } from '../../apps/server/src/storage/local-storage.js';
import { makeArtist, makeUser } from '../../apps/server/test/factories.js';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const minutes = flag('minutes', 20);
const rate = flag('rate', 96_000);
const channels = flag('channels', 2);
const threads = flag('threads', os.availableParallelism());
const PEAK_BUDGET_MB = 500;
const RETAINED_BUDGET_MB = 150;

const mb = (bytes: number) => bytes / (1024 * 1024);
function status(field: 'VmRSS' | 'VmHWM'): number {
  try {
    const text = readFileSync('/proc/self/status', 'utf8');
    const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)?.[1]);
    return Number.isFinite(kb) ? kb * 1024 : process.memoryUsage().rss;
  } catch {
    return process.memoryUsage().rss;
  }
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-decode-memory-'));
try {
  const layout = channels === 1 ? 'mono' : channels === 6 ? '5.1' : 'stereo';
  // The test suite's own hostile FLAC (3 s of tone, then silence): a few hundred KB for the whole length.
  const flac = await toneThenSilenceFlac(rate, layout, minutes * 60).catch(() => {
    throw new Error('ffmpeg is needed to make the FLAC (apt-get install ffmpeg)');
  });
  console.log(
    `Decode-memory benchmark: a ${(flac.length / 1024).toFixed(0)} KB FLAC of ${minutes} min at ${rate / 1000} kHz, ${channels} channel(s) (${(
      (minutes * 60 * rate * channels * 4) /
      1e9
    ).toFixed(2)} GB as 32-bit floats), through the ingest worker and the audio pool`,
  );
  console.log(`  machine: ${os.availableParallelism()} cores, Node ${process.version}`);

  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  await migrateDatabase(database);
  const storage = createLocalStorage(path.join(dataDir, 'media'));
  const owner = await makeUser(database, { type: 'artist' });
  const artist = await makeArtist(database, 'Bench', owner.id);
  const key = 'originals/uploads/bench-long.flac';
  await storage.put('private', key, flac);
  const audio = createAudioPool({ threads });
  const failures: string[] = [];
  const silent = {
    info: () => {},
    warn: (obj: object, message: string) => failures.push(`${message}: ${String((obj as { err?: unknown }).err)}`),
    error: (obj: object, message: string) => failures.push(`${message}: ${String((obj as { err?: unknown }).err)}`),
  };
  const delivery = createDeliveryFiles({ storage, audio, log: silent });
  let warming: Promise<void> | null = null;

  // Let start-up settle, then take the baseline and reset the high-water mark.
  await new Promise((r) => setTimeout(r, 1000));
  const start = status('VmRSS');
  const resetPeak = () => fs.writeFile('/proc/self/clear_refs', '5').catch(() => undefined);
  await resetPeak();
  let sampled = start;
  const sampler = setInterval(() => (sampled = Math.max(sampled, status('VmRSS'))), 20);

  const [row] = await database.db
    .insert(uploads)
    .values({
      userId: owner.id,
      artistId: artist.id,
      filename: 'long.flac',
      sizeBytes: flac.length,
      format: 'flac',
      sourceKey: key,
      metadata: { title: 'Long', kind: 'music', price: 2 },
    })
    .returning();
  const began = performance.now();
  const worker = startIngestWorker(
    {
      db: database.db,
      storage,
      audio,
      events: createCatalogEvents(),
      log: silent,
      // As app.ts: a new track's licensed files are made right away.
      onTrackCreated: (audioKey) => {
        warming = delivery.warm(audioKey, DeliveryFormats);
      },
    },
    { concurrency: 1, pollMs: 100 },
  );
  let outcome = { status: 'queued', error: null as string | null };
  for (;;) {
    const [state] = await selectRows(
      database.db,
      z.object({ status: z.string(), error: z.string().nullable() }),
      sql`select status, error from uploads where id = ${row!.id}`,
    );
    outcome = state ?? outcome;
    if (outcome.status === 'processed' || outcome.status === 'failed') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (performance.now() - began) / 1000;
  await worker.stop();
  // The processing's peak; then the delivery warm's, measured from a fresh high-water mark.
  const processingPeak = Math.max(sampled, status('VmHWM'));
  await resetPeak();
  sampled = status('VmRSS');
  const warmBegan = performance.now();
  await (warming ?? Promise.resolve());
  const warmSeconds = (performance.now() - warmBegan) / 1000;
  const deliveryPeak = Math.max(sampled, status('VmHWM'));
  const delivered = await Promise.all(
    DeliveryFormats.map(async (format) => ({
      format,
      info: await storage.stat('private', delivery.keyOf(key, format)),
    })),
  );
  const after = status('VmRSS');
  await new Promise((r) => setTimeout(r, 5000));
  const settled = status('VmRSS');
  clearInterval(sampler);
  const peak = Math.max(processingPeak, deliveryPeak, sampled);
  const recycled = audio.stats().recycled;
  await audio.close();
  await database.close();

  const peakUp = mb(peak - start);
  const retainedUp = mb(Math.min(after, settled) - start);
  console.log(`  pool: ${threads} thread(s); threads retired after their task: ${recycled}`);
  console.log(
    `  processing: ${outcome.status}${outcome.error ? ` (${outcome.error})` : ''} in ${seconds.toFixed(1)} s`,
  );
  const sizes = delivered
    .map((m) => `${m.format} ${m.info ? `${(m.info.size / 1e6).toFixed(1)} MB` : 'MISSING'}`)
    .join(', ');
  console.log(`  delivery warm: ${sizes} in ${warmSeconds.toFixed(1)} s`);
  for (const failure of failures) console.log(`  ! ${failure}`);
  console.log(`  RSS at start: ${mb(start).toFixed(0)} MB`);
  console.log(
    `  peak RSS during the processing: ${mb(processingPeak).toFixed(0)} MB (+${mb(processingPeak - start).toFixed(0)} MB)`,
  );
  console.log(
    `  peak RSS during the delivery warm: ${mb(deliveryPeak).toFixed(0)} MB (+${mb(deliveryPeak - start).toFixed(0)} MB)`,
  );
  console.log(`  peak RSS during the job: ${mb(peak).toFixed(0)} MB (+${peakUp.toFixed(0)} MB)`);
  console.log(`  RSS right after the job: ${mb(after).toFixed(0)} MB (+${mb(after - start).toFixed(0)} MB)`);
  console.log(`  RSS 5 s later: ${mb(settled).toFixed(0)} MB (+${mb(settled - start).toFixed(0)} MB)`);
  const pass =
    peakUp <= PEAK_BUDGET_MB &&
    retainedUp <= RETAINED_BUDGET_MB &&
    outcome.status === 'processed' &&
    delivered.every((m) => m.info !== null);
  console.log(
    `budget: peak ≤ +${PEAK_BUDGET_MB} MB, after the job ≤ +${RETAINED_BUDGET_MB} MB; +${peakUp.toFixed(0)} MB and +${retainedUp.toFixed(0)} MB → ${pass ? 'PASS' : 'MISS'}`,
  );
} finally {
  await fs.rm(dataDir, { recursive: true, force: true });
}
