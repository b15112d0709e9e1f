import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWavPcm, sine } from '@tarab/audio/testing';
import { Api } from '@tarab/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { callRoute } from '../../../test/call-route.js';
import { makeAlbum, makeArtist, makeScale, makeTag } from '../../../test/factories.js';
import { importCatalog } from './catalog-import.js';
import { parseCsv } from './import-manifest.js';

let t: TestApp;
let folder: string;

beforeAll(async () => {
  t = await buildTestApp({ ingest: { maxUploadBytes: 1024 * 1024, workers: 0 } });
  const artist = await makeArtist(t.database, 'Nour Ensemble');
  await makeAlbum(t.database, artist.id, 'Night Caravans');
  await makeTag(t.database, 'genre', 'Arabic Pop');
  await makeTag(t.database, 'mood', 'Dreamy');
  await makeTag(t.database, 'mood', 'Calm');
  await makeTag(t.database, 'region', 'Levant');
  await makeScale(t.database, 'Hijaz', 'D');
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-import-'));
  await fs.mkdir(path.join(folder, 'loops'));
  await fs.writeFile(path.join(folder, 'caravan.wav'), encodeWavPcm(sine(220, 2, 44_100, 0.3, 2), 44_100, 'pcm16'));
  await fs.writeFile(
    path.join(folder, 'loops/darbuka.wav'),
    encodeWavPcm(sine(330, 1.5, 44_100, 0.3, 1), 44_100, 'pcm24'),
  );
  await fs.writeFile(path.join(folder, 'notes.wav'), 'not audio at all');
});

afterAll(async () => {
  await t.close();
  await fs.rm(folder, { recursive: true, force: true });
});

const manifest = (titleOfFirst: string) => [
  {
    ref: 'caravan-01',
    file: 'caravan.wav',
    title: titleOfFirst,
    kind: 'music',
    artist: 'Nour Ensemble',
    album: 'Night Caravans',
    genre: ['Arabic Pop'],
    mood: ['dreamy', 'Calm'],
    region: 'Levant',
    price: 4.99,
  },
  {
    file: 'loops/darbuka.wav',
    title: 'Darbuka Loop',
    kind: 'loop',
    artist: 'Nour Ensemble',
    scale: 'D Hijaz',
    bpm: 96,
    price: 1.99,
  },
  { file: 'notes.wav', title: 'Not Audio', artist: 'Nour Ensemble', price: 1 },
  { file: 'caravan.wav', ref: 'x', title: 'Unknown Genre', artist: 'Nour Ensemble', genre: ['Polka'], price: 1 },
  { file: 'missing.wav', title: 'Missing', artist: 'Nour Ensemble', price: 1 },
  { file: '../escape.wav', title: 'Escape', artist: 'Nour Ensemble', price: 1 },
  { file: 'caravan.wav', ref: 'y', title: 'Nobody', artist: 'Nobody Known', price: 1 },
  { file: 'caravan.wav', ref: 'z', title: 'Free', artist: 'Nour Ensemble', price: -3 },
];

async function trackRows() {
  const { rows } = await t.database.db.execute(
    'select title, kind, import_ref, audio_key, bpm, price_cents, published, duration_s from tracks order by id',
  );
  return rows;
}

describe('bulk import', () => {
  it('imports the valid entries, rejects the others with reasons, and is idempotent', async () => {
    await fs.writeFile(path.join(folder, 'manifest.json'), JSON.stringify(manifest('Caravan at Dusk')));
    const progress: number[] = [];
    const first = await importCatalog({
      db: t.database.db,
      storage: t.storage,
      folder,
      onProgress: (done) => progress.push(done),
    });
    expect(first.imported).toBe(2);
    expect(first.updated).toBe(0);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const reasons = Object.fromEntries(first.rejected.map((r) => [r.entry, r.reason]));
    expect(reasons['notes.wav']).toMatch(/not a supported audio file/);
    expect(reasons['x']).toMatch(/Unknown genre "Polka"/);
    expect(reasons['missing.wav']).toMatch(/not found/);
    expect(reasons['../escape.wav']).toMatch(/outside the import folder/);
    expect(reasons['y']).toMatch(/Unknown artist "Nobody Known"/);
    expect(reasons['z']).toMatch(/price/);
    const rows = await trackRows();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      title: 'Caravan at Dusk',
      kind: 'music',
      import_ref: 'import:caravan-01',
      price_cents: 499,
      published: true,
    });
    expect(rows[0]!.duration_s).toBeCloseTo(2, 1);
    expect(rows[1]).toMatchObject({
      title: 'Darbuka Loop',
      kind: 'loop',
      import_ref: 'import:loops/darbuka.wav',
      bpm: 96,
    });
    const search = await callRoute(t.app, Api.catalog.music, { query: { keyword: 'caravan' } });
    expect(search.json.data.total).toBe(1);

    // Second run with an edited title: updates, never duplicates, and keeps the processed audio.
    await fs.writeFile(path.join(folder, 'manifest.json'), JSON.stringify(manifest('Caravan at Dawn')));
    const second = await importCatalog({ db: t.database.db, storage: t.storage, folder });
    expect(second).toMatchObject({ imported: 0, updated: 2 });
    const after = await trackRows();
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ title: 'Caravan at Dawn', audio_key: rows[0]!.audio_key });

    // A changed audio file is processed again and replaces the track's audio.
    await fs.writeFile(path.join(folder, 'caravan.wav'), encodeWavPcm(sine(440, 3, 44_100, 0.3, 2), 44_100, 'pcm16'));
    const third = await importCatalog({ db: t.database.db, storage: t.storage, folder });
    expect(third).toMatchObject({ imported: 0, updated: 2 });
    const replaced = await trackRows();
    expect(replaced).toHaveLength(2);
    expect(replaced[0]!.audio_key).not.toBe(rows[0]!.audio_key);
    expect(replaced[0]!.duration_s).toBeCloseTo(3, 1);
    expect(await t.storage.exists('private', String(replaced[0]!.audio_key))).toBe(true);

    // A track an operator took down (issue 22) stays down when the import runs again.
    await t.database.db.execute(
      "update tracks set published = false, taken_down_at = now(), takedown_reason = 'copyright' where import_ref = 'import:caravan-01'",
    );
    const fourth = await importCatalog({ db: t.database.db, storage: t.storage, folder });
    expect(fourth).toMatchObject({ imported: 0, updated: 2 });
    expect((await trackRows())[0]).toMatchObject({ title: 'Caravan at Dawn', published: false });
  });

  it('reads a CSV manifest with quoted cells and |-separated lists', () => {
    const rows = parseCsv(
      'ref,file,title,mood,price\n# a comment\nc1,a.wav,"Dusk, at the Oasis",Dreamy|Calm,4.99\nc2,b.wav,"Say ""hi""",,1\n',
    );
    expect(rows).toEqual([
      { ref: 'c1', file: 'a.wav', title: 'Dusk, at the Oasis', mood: 'Dreamy|Calm', price: '4.99' },
      { ref: 'c2', file: 'b.wav', title: 'Say "hi"', mood: '', price: '1' },
    ]);
  });
});
