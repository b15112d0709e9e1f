import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoCatalog, computePeaks, decodeMp3, decodeWav, loopSampleCount, mixToMono } from '@tarab/audio';
import { selectRows, type Database } from '../db/client.js';
import { createLocalStorage } from '../storage/local-storage.js';
import type { Storage } from '../storage/storage.js';
import { createTestDatabase } from '../../test/test-database.js';
import { seedPlans } from './plans.js';
import { z } from 'zod';
import { backfillAuditions } from './audition-backfill.js';
import { seedDemoCatalog, selectSpecs } from './demo-catalog.js';

function pearson(a: number[], b: number[]): number {
  const n = Math.min(a.length, b.length);
  const ma = a.slice(0, n).reduce((s, x) => s + x, 0) / n;
  const mb = b.slice(0, n).reduce((s, x) => s + x, 0) / n;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < n; i++) {
    num += (a[i]! - ma) * (b[i]! - mb);
    da += (a[i]! - ma) ** 2;
    db += (b[i]! - mb) ** 2;
  }
  return num / Math.sqrt(da * db);
}

describe('demo catalog seeding (small)', () => {
  let database: Database;
  let storage: Storage;
  let dir: string;
  let first: Awaited<ReturnType<typeof seedDemoCatalog>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedPlans(database.db);
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-seed-'));
    storage = createLocalStorage(path.join(dir, 'media'));
    first = await seedDemoCatalog(database, storage, 'small', { info: () => {} });
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('inserts tracks and loops with artists, albums, tags, scales and demo accounts, once', async () => {
    expect(first).toMatchObject({ seeded: true, tracks: 16 });
    const [counts] = await selectRows(
      database.db,
      z.record(z.string(), z.number()),
      sql`select (select count(*) from tracks where kind = 'music')::int as music, (select count(*) from tracks where kind = 'loop')::int as loops,
        (select count(*) from artists)::int as artists, (select count(*) from albums)::int as albums,
        (select count(*) from tags)::int as tags, (select count(*) from scales)::int as scales,
        (select count(*) from users)::int as users, (select count(*) from subscriptions)::int as subs,
        (select count(*) from artists where user_id is not null)::int as linked,
        (select count(*) from users where type = 'admin' and email = 'admin@tarab.test')::int as admins`,
    );
    // Listener, subscriber, artist and the operator console's admin (issue 22).
    expect(counts).toMatchObject({ music: 8, loops: 8, users: 4, subs: 1, linked: 1, admins: 1 });
    expect(counts!['artists']).toBeGreaterThanOrEqual(6);
    // Every album and track has an Arabic title (issue 19): music from the plans, loops from the lexicon.
    const untitled = await selectRows(
      database.db,
      z.object({ title: z.string() }),
      sql`select title from tracks where title_ar is null or title_ar = '' union all select title from albums where title_ar is null`,
    );
    expect(untitled).toEqual([]);
    const loops = await selectRows(
      database.db,
      z.object({ title: z.string(), title_ar: z.string() }),
      sql`select title, title_ar from tracks where kind = 'loop' order by id`,
    );
    for (const loop of loops) {
      expect(loop.title_ar, loop.title).toMatch(/\p{Script=Arabic}/u);
      expect(loop.title_ar, loop.title).toContain(/\d+ BPM/.exec(loop.title)![0]);
    }
    expect(counts!['albums']).toBeGreaterThanOrEqual(8);
    const again = await seedDemoCatalog(database, storage, 'small', { info: () => {} });
    expect(again.seeded).toBe(false);
  });

  it('gives every track and loop art: its album cover, stored, with no text in it (issue 32)', async () => {
    const rows = await selectRows(
      database.db,
      z.object({ title: z.string(), kind: z.string(), image: z.string().nullable() }),
      sql`select t.title, t.kind, a.image from tracks t left join albums a on a.id = t.album_id order by t.id`,
    );
    expect(rows.some((r) => r.kind === 'loop')).toBe(true);
    for (const row of rows) {
      expect(row.image, row.title).toMatch(/^images\/albums\/.+\.svg$/);
      const svg = (await storage.get('public', row.image!)).toString();
      expect(svg, row.title).toMatch(/^<svg /);
      expect(svg, row.title).not.toMatch(/<text|<tspan|font-family/);
      expect(svg, row.title).not.toContain(row.title);
    }
    // Every loop of the full catalog is in a loop album too (21 of 44 had none).
    const full = buildDemoCatalog().tracks.filter((t) => t.kind === 'loop');
    expect(full.filter((t) => t.albumKey === null).map((t) => t.title)).toEqual([]);
  });

  it('has a preview, peaks and a private original for every track, and musical facts as data', async () => {
    const rows = await selectRows(
      database.db,
      z.object({
        id: z.number(),
        kind: z.string(),
        preview_key: z.string(),
        peaks_key: z.string(),
        audio_key: z.string(),
        maqam: z.string(),
        iqa: z.string(),
        meter: z.string(),
        bpm: z.number(),
        scale_id: z.number(),
      }),
      sql`select id, kind, preview_key, peaks_key, audio_key, maqam, iqa, meter, bpm, scale_id from tracks`,
    );
    for (const row of rows) {
      expect(await storage.exists('public', row.preview_key), row.preview_key).toBe(true);
      expect(await storage.exists('private', row.audio_key), row.audio_key).toBe(true);
      expect(await storage.exists('public', row.audio_key)).toBe(false);
      const peaks = JSON.parse((await storage.get('public', row.peaks_key)).toString()) as { data: number[] };
      expect(peaks.data).toHaveLength(500);
      expect(Math.max(...peaks.data)).toBeCloseTo(1, 2);
      expect(row.maqam && row.iqa && row.meter).toBeTruthy();
      expect(row.bpm).toBeGreaterThan(40);
      expect(row.scale_id).toBeTruthy();
    }
  });

  it('has a public, gapless audition WAV of exactly loopSampleCount samples for every loop (decision 043)', async () => {
    const specs = selectSpecs(buildDemoCatalog(), 'small');
    const rows = await selectRows(
      database.db,
      z.object({ kind: z.string(), title: z.string(), audition_key: z.string().nullable(), duration_s: z.number() }),
      sql`select kind, title, audition_key, duration_s from tracks order by id`,
    );
    const loops = rows.filter((r) => r.kind === 'loop');
    expect(loops).toHaveLength(8);
    for (const row of rows.filter((r) => r.kind === 'music')) expect(row.audition_key).toBeNull();
    for (const row of loops) {
      const spec = specs.find((s) => s.kind === 'loop' && s.title === row.title);
      expect(spec, row.title).toBeDefined();
      expect(row.audition_key).toMatch(/^auditions\/[a-z0-9-]+-[0-9a-f]{12}\.wav$/);
      expect(await storage.exists('private', row.audition_key!)).toBe(false);
      const wav = decodeWav(new Uint8Array(await storage.get('public', row.audition_key!)));
      const samples = loopSampleCount(spec!, 44100);
      expect(wav.sampleRate).toBe(44100);
      expect(wav.channels).toHaveLength(2);
      for (const channel of wav.channels) expect(channel.length).toBe(samples);
      expect(row.duration_s).toBeCloseTo(samples / 44100, 4);
    }
  });

  it('gives loops stored before audition files existed theirs at start, exact, once', async () => {
    const [loop] = await selectRows(
      database.db,
      z.object({ id: z.number(), audition_key: z.string() }),
      sql`select id, audition_key from tracks where kind = 'loop' order by id limit 1`,
    );
    const made = decodeWav(new Uint8Array(await storage.get('public', loop!.audition_key)));
    await database.db.execute(sql`update tracks set audition_key = null where id = ${loop!.id}`);
    expect(await backfillAuditions(database, storage, { info: () => {} })).toBe(1);
    const [after] = await selectRows(
      database.db,
      z.object({ audition_key: z.string() }),
      sql`select audition_key from tracks where id = ${loop!.id}`,
    );
    expect(after!.audition_key).toMatch(new RegExp(`^auditions/loop-${loop!.id}-[0-9a-f]{12}\\.wav$`));
    const wav = decodeWav(new Uint8Array(await storage.get('public', after!.audition_key)));
    // The same samples as the file made at render: the preview decoded, gapless, exact.
    expect(wav.channels[0]!.length).toBe(made.channels[0]!.length);
    expect(Array.from(wav.channels[0]!.subarray(0, 64))).toEqual(Array.from(made.channels[0]!.subarray(0, 64)));
    expect(await backfillAuditions(database, storage, { info: () => {} })).toBe(0);
  });

  it('stores a duration that matches the decoded preview (±0.1 s) and peaks that match the audio', async () => {
    const [row] = await selectRows(
      database.db,
      z.object({ preview_key: z.string(), peaks_key: z.string(), audio_key: z.string(), duration_s: z.number() }),
      sql`select preview_key, peaks_key, audio_key, duration_s from tracks where kind = 'music' order by id limit 1`,
    );
    const decoded = await decodeMp3(new Uint8Array(await storage.get('public', row!.preview_key)));
    expect(Math.abs(decoded.durationS - row!.duration_s)).toBeLessThanOrEqual(0.1);
    const stored = (JSON.parse((await storage.get('public', row!.peaks_key)).toString()) as { data: number[] }).data;
    const original = decodeWav(new Uint8Array(await storage.get('private', row!.audio_key)));
    expect(pearson(stored, computePeaks(mixToMono(original.channels)))).toBeGreaterThan(0.99);
    expect(pearson(stored, computePeaks(mixToMono(decoded.channels)))).toBeGreaterThan(0.9);
  });
});
