import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { selectRows } from '../../db/client.js';
import { buildDemoCatalog, decodeWav, encodeMp3, renderTrack } from '@tarab/audio';
import { encodeWavPcm, encodeWithFfmpeg, sine, truncated } from '@tarab/audio/testing';
import {
  Api,
  errorMessage,
  IngestMessages,
  type ErrorCode,
  type RouteBodyInput,
  type UploadDto,
} from '@tarab/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { callRoute } from '../../../test/call-route.js';
import { bearer, makeAlbum, makeArtist, makeScale, makeSession, makeTag, makeUser } from '../../../test/factories.js';
import { multipartBody } from '../../../test/multipart.js';
import { tracks } from '../../db/schema/index.js';
import { grantLicense } from '../commerce/commerce.repo.js';

let t: TestApp;
let artistAuth: Record<string, string>;
let otherArtistAuth: Record<string, string>;
let userAuth: Record<string, string>;
let genreId: number;
let moodId: number;
let regionId: number;
let scaleId: number;
let albumId: number;
let foreignAlbumId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database;
  const artistUser = await makeUser(db, { type: 'artist' });
  const artist = await makeArtist(db, 'Nour Ensemble', artistUser.id);
  const otherUser = await makeUser(db, { type: 'artist' });
  const other = await makeArtist(db, 'Layla Strings', otherUser.id);
  const plainUser = await makeUser(db);
  artistAuth = bearer(await makeSession(db, artistUser.id));
  otherArtistAuth = bearer(await makeSession(db, otherUser.id));
  userAuth = bearer(await makeSession(db, plainUser.id));
  genreId = (await makeTag(db, 'genre', 'Arabic Pop')).id;
  moodId = (await makeTag(db, 'mood', 'Dreamy')).id;
  regionId = (await makeTag(db, 'region', 'Levant')).id;
  scaleId = (await makeScale(db, 'Hijaz', 'D')).id;
  albumId = (await makeAlbum(db, artist.id, 'Night Caravans')).id;
  foreignAlbumId = (await makeAlbum(db, other.id, 'Someone Else')).id;
});

afterAll(async () => {
  await t.close();
});

const metadataOf = (extra: Record<string, unknown> = {}) => ({
  title: `Upload ${randomBytes(3).toString('hex')}`,
  kind: 'music',
  genre: [genreId],
  mood: [moodId],
  region_id: regionId,
  album_id: albumId,
  price: 4.99,
  ...extra,
});

async function upload(
  bytes: Uint8Array,
  metadata: Record<string, unknown>,
  options: { auth?: Record<string, string>; filename?: string } = {},
) {
  const body = multipartBody(
    { metadata: JSON.stringify(metadata) },
    { field: 'file', filename: options.filename ?? 'take.wav', bytes },
  );
  return callRoute(t.app, Api.ingest.upload, {
    headers: { ...(options.auth ?? artistAuth), 'content-type': body.contentType },
    payload: body.payload,
  });
}

async function waitForUpload(id: number, auth = artistAuth): Promise<UploadDto> {
  // Polls while the status answers 200 with a job still queued or processing; any other answer ends the wait.
  const res = await vi.waitFor(
    async () => {
      const res = await callRoute(t.app, Api.ingest.uploadStatus, { params: { id }, headers: auth });
      if (res.status === 200) {
        const { status } = res.json.data;
        expect(['processed', 'failed'], `upload ${id} still ${status}`).toContain(status);
      }
      return res;
    },
    { timeout: 60_000, interval: 100 },
  );
  expect(res.status).toBe(200);
  return res.json.data;
}

async function uploadAndWait(bytes: Uint8Array, metadata: Record<string, unknown>, filename?: string) {
  const res = await upload(bytes, metadata, { filename });
  expect(res.status, res.response.body).toBe(202);
  const queued = res.json.data;
  expect(['queued', 'processing', 'processed']).toContain(queued.status);
  return waitForUpload(queued.id);
}

async function listLoops(keyword?: string) {
  const res = await callRoute(t.app, Api.catalog.loops, { query: keyword ? { keyword } : { per_page: 100 } });
  return res.json.data.data;
}

async function storedKeys() {
  return [...(await t.storage.list('private', 'originals/uploads')), ...(await t.storage.list('public', 'previews'))];
}

async function uploadRowCount() {
  const [row] = await selectRows(
    t.database.db,
    z.object({ n: z.number() }),
    sql`select count(*)::int as n from uploads`,
  );
  return row!.n;
}

const stereoTone = (seconds: number, sampleRate = 44_100) => sine(220, seconds, sampleRate, 0.3, 2);

describe('artist uploads', () => {
  it('processes a rendered loop off the request path, then publishes it into the catalog and search', async () => {
    const spec = buildDemoCatalog().tracks.find((s) => s.kind === 'loop')!;
    const rendered = await renderTrack(spec);
    const title = `Caravan Loop ${randomBytes(2).toString('hex')}`;
    const done = await uploadAndWait(
      rendered.wav,
      metadataOf({ title, kind: 'loop', scale_id: scaleId, album_id: null }),
    );

    expect(done.status).toBe('processed');
    expect(done.error).toBeNull();
    expect(done.analysis!.format).toBe('wav');
    expect(done.analysis!.duration_seconds).toBeCloseTo(rendered.durationS, 1);
    expect(Math.abs(done.analysis!.bpm! - spec.bpm)).toBeLessThanOrEqual(1);
    expect(done.analysis!.loudness_lufs).toBeLessThan(0);
    const track = done.track!;
    expect(track).toMatchObject({ title, kind: 'loop', published: false, price: 4.99, bpm: done.analysis!.bpm });
    expect(track.scale).toMatchObject({ id: scaleId, key: 'D' });
    expect(track.key).toBe('D');
    // The scale gives the loop its maqam too (facets and tuning files read it; issue 18).
    const [row] = await t.database.db.select({ maqam: tracks.maqam }).from(tracks).where(eq(tracks.id, track.id));
    expect(row?.maqam).toBe('Hijaz');

    // The computed waveform and the preview are there before publishing.
    // The media URLs are the answer's own (Api.site.media), requested as given.
    const peaks = await t.app.inject({ method: 'GET', url: track.waveform_data });
    expect(peaks.statusCode).toBe(200);
    const { data } = z.object({ data: z.array(z.number()) }).parse(peaks.json());
    expect(data).toHaveLength(500);
    expect(Math.max(...data)).toBeGreaterThan(0.1);
    const preview = await t.app.inject({ method: 'GET', url: track.cr_public_id });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toMatch(/audio\/mpeg/);
    // A loop's gapless audition WAV (decision 043): public, exactly the upload's own length.
    const audition = await t.app.inject({ method: 'GET', url: track.audition_url! });
    expect(audition.statusCode).toBe(200);
    const auditionWav = decodeWav(new Uint8Array(audition.rawPayload));
    const uploaded = decodeWav(rendered.wav);
    expect(auditionWav.sampleRate).toBe(uploaded.sampleRate);
    for (const channel of auditionWav.channels) expect(channel.length).toBe(uploaded.channels[0]!.length);

    // Unpublished: not in the store.
    expect((await listLoops()).map((l) => l.id)).not.toContain(track.id);
    const buy = await callRoute(t.app, Api.commerce.checkout, {
      headers: userAuth,
      body: { music_id: track.id, title, price: 1 },
    });
    expect(buy.status).toBe(404);

    const published = await callRoute(t.app, Api.ingest.publish, { params: { id: track.id }, headers: artistAuth });
    expect(published.status).toBe(200);
    expect(published.json).toMatchObject({ message: IngestMessages.published, data: { published: true } });
    expect((await listLoops()).map((l) => l.id)).toContain(track.id);
    expect((await listLoops(title.split(' ')[2]!)).map((l) => l.id)).toContain(track.id);

    const unpublished = await callRoute(t.app, Api.ingest.unpublish, { params: { id: track.id }, headers: artistAuth });
    expect(unpublished.json).toMatchObject({ data: { published: false } });
    expect((await listLoops()).map((l) => l.id)).not.toContain(track.id);
  });

  it.each([
    ['16-bit WAV', () => encodeWavPcm(stereoTone(2.5), 44_100, 'pcm16'), 'wav'],
    ['24-bit WAV', () => encodeWavPcm(stereoTone(2.5, 48_000), 48_000, 'pcm24'), 'wav'],
    ['float WAV', () => encodeWavPcm(sine(330, 2.5, 22_050, 0.3, 1), 22_050, 'float32'), 'wav'],
    ['MP3', async () => encodeMp3(stereoTone(2.5), 44_100, 192), 'mp3'],
    ['FLAC', () => encodeWithFfmpeg(encodeWavPcm(stereoTone(2.5), 44_100, 'pcm16'), 'flac'), 'flac'],
    ['AIFF', () => encodeWithFfmpeg(encodeWavPcm(stereoTone(2.5), 44_100, 'pcm16'), 'aiff'), 'aiff'],
    ['OGG', () => encodeWithFfmpeg(encodeWavPcm(stereoTone(2.5), 44_100, 'pcm16'), 'ogg'), 'ogg'],
  ] as const)('accepts a %s file and measures its duration', async (_name, make, format) => {
    const done = await uploadAndWait(await make(), metadataOf(), `take.${format}`);
    expect(done.status, done.error ?? '').toBe('processed');
    expect(done.analysis!.format).toBe(format);
    // MP3 and OGG encoders add a little padding; the decoded length stays within 0.1 s.
    expect(Math.abs(done.analysis!.duration_seconds - 2.5)).toBeLessThan(0.1);
    expect(done.track!.duration_seconds).toBeCloseTo(done.analysis!.duration_seconds, 3);
  });

  it('rejects a file that is not audio at once, storing nothing', async () => {
    const before = { rows: await uploadRowCount(), keys: await storedKeys() };
    const res = await upload(
      new TextEncoder().encode('this is a text file, renamed to .wav\n'.repeat(50)),
      metadataOf(),
      {
        filename: 'song.wav',
      },
    );
    expect(res.status).toBe(422);
    expect(res.error).toEqual({
      code: 'not_audio',
      message: IngestMessages.notAudio,
      errors: { file: [IngestMessages.notAudio] },
      field_codes: { file: ['not_audio'] },
    });
    expect(await uploadRowCount()).toBe(before.rows);
    expect(await storedKeys()).toEqual(before.keys);
  });

  it.each([
    ['a truncated WAV', () => truncated(encodeWavPcm(stereoTone(3), 44_100, 'pcm16'), 0.5), /damaged/, 'audio_damaged'],
    ['a 0.4-second WAV', () => encodeWavPcm(stereoTone(0.4), 44_100, 'pcm16'), /too short/, 'audio_too_short'],
    ['a silent WAV', () => encodeWavPcm([new Float32Array(44_100 * 2)], 44_100, 'pcm16'), /silent/, 'audio_silent'],
    [
      'a WAV at 4 kHz',
      () => encodeWavPcm(sine(200, 2, 4_000, 0.3, 1), 4_000, 'pcm16'),
      /sample rate 4000/,
      'sample_rate_unsupported',
    ],
  ] as const)('fails %s with its reason and leaves no track or file behind', async (_name, make, reason, code) => {
    const before = await storedKeys();
    const done = await uploadAndWait(make(), metadataOf());
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(reason);
    // The reason's code and params make the same text (the web app says it by the code).
    expect(done.error_code).toBe(code);
    const params = done.error_params ?? undefined;
    expect((errorMessage as (c: ErrorCode, p?: unknown) => string)(code, params)).toBe(done.error);
    expect(done.track).toBeNull();
    expect(await storedKeys()).toEqual(before);
  });

  it("stores a failed processing's code and params on the upload, and answers them in its status and the list", async () => {
    const done = await uploadAndWait(encodeWavPcm(sine(200, 2, 4_000, 0.3, 1), 4_000, 'pcm16'), metadataOf());
    expect(done).toMatchObject({
      status: 'failed',
      error: IngestMessages.sampleRate(4000),
      error_code: 'sample_rate_unsupported',
      error_params: { hz: 4000 },
    });
    const [row] = await selectRows(
      t.database.db,
      z.object({ error_code: z.string().nullable(), error_params: z.unknown() }),
      sql`select error_code, error_params from uploads where id = ${done.id}`,
    );
    expect(row).toEqual({ error_code: 'sample_rate_unsupported', error_params: { hz: 4000 } });
    const list = await callRoute(t.app, Api.ingest.uploads, { headers: artistAuth });
    const listed = list.json.data.find((u) => u.id === done.id);
    expect(listed).toMatchObject({ error_code: 'sample_rate_unsupported', error_params: { hz: 4000 } });
    // A processed upload has none.
    const fine = await uploadAndWait(encodeWavPcm(stereoTone(1), 44_100, 'pcm16'), metadataOf());
    expect(fine).toMatchObject({ status: 'processed', error: null, error_code: null, error_params: null });
  });

  it('validates the metadata against the catalog options', async () => {
    const wav = encodeWavPcm(stereoTone(1.5), 44_100, 'pcm16');
    const cases: [Record<string, unknown>, string][] = [
      [metadataOf({ genre: [moodId] }), 'genre'],
      [metadataOf({ region_id: genreId }), 'region_id'],
      [metadataOf({ album_id: foreignAlbumId }), 'album_id'],
      [metadataOf({ scale_id: scaleId }), 'scale_id'],
      [metadataOf({ title: '   ' }), 'title'],
      [metadataOf({ price: -1 }), 'price'],
      [metadataOf({ bpm: 1000 }), 'bpm'],
      [metadataOf({ kind: 'symphony' }), 'kind'],
    ];
    for (const [metadata, field] of cases) {
      const res = await upload(wav, metadata);
      expect(res.status, JSON.stringify(metadata)).toBe(422);
      expect(Object.keys(res.error.errors ?? {})).toContain(field);
    }
    // The schema's messages carry their codes, as every 422 does (the web app says them by code).
    const untitled = await upload(wav, metadataOf({ title: '   ', price: 1000 }));
    expect(untitled.error).toMatchObject({
      code: 'validation_failed',
      errors: { title: ['The title field is required.'] },
      field_codes: { title: ['title_required'], price: ['price_too_large'] },
    });
    const noMetadata = multipartBody({}, { field: 'file', filename: 'a.wav', bytes: wav });
    const res = await callRoute(t.app, Api.ingest.upload, {
      headers: { ...artistAuth, 'content-type': noMetadata.contentType },
      payload: noMetadata.payload,
    });
    expect(res.status).toBe(422);
    expect(res.error).toMatchObject({ message: IngestMessages.metadataMissing });
    const noFile = multipartBody({ metadata: JSON.stringify(metadataOf()) });
    const res2 = await callRoute(t.app, Api.ingest.upload, {
      headers: { ...artistAuth, 'content-type': noFile.contentType },
      payload: noFile.payload,
    });
    expect(res2.error).toMatchObject({ message: IngestMessages.fileMissing });
    const json = await callRoute(t.app, Api.ingest.upload, {
      headers: { ...artistAuth, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(json.status).toBe(415);
  });

  it('is for artists only, and each artist sees and changes only their own uploads and tracks', async () => {
    const wav = encodeWavPcm(stereoTone(1.5), 44_100, 'pcm16');
    expect((await upload(wav, metadataOf(), { auth: {} })).status).toBe(401);
    expect((await upload(wav, metadataOf(), { auth: userAuth })).status).toBe(403);
    const done = await uploadAndWait(wav, metadataOf());
    const id = done.track!.id;
    const headers = otherArtistAuth;
    const foreign = [
      ['GET upload', () => callRoute(t.app, Api.ingest.uploadStatus, { params: { id: done.id }, headers })],
      [
        'PATCH track',
        () => callRoute(t.app, Api.ingest.editTrack, { params: { id }, body: { title: 'Stolen' }, headers }),
      ],
      ['publish', () => callRoute(t.app, Api.ingest.publish, { params: { id }, headers })],
      ['unpublish', () => callRoute(t.app, Api.ingest.unpublish, { params: { id }, headers })],
    ] as const;
    for (const [name, call] of foreign) {
      const res = await call();
      expect(res.status, name).toBe(404);
    }
    const theirs = await callRoute(t.app, Api.ingest.tracks, { headers: otherArtistAuth });
    expect(theirs.json.data.tracks.map((x) => x.id)).not.toContain(id);
    const mine = await callRoute(t.app, Api.ingest.tracks, { headers: artistAuth });
    expect(mine.json).toMatchObject({ data: { artist: { name: 'Nour Ensemble' }, max_upload_mb: 250 } });
    expect(mine.json.data.tracks.map((x) => x.id)).toContain(id);
  });

  it('lets the artist edit the metadata of an own track', async () => {
    const done = await uploadAndWait(encodeWavPcm(stereoTone(1.5), 44_100, 'pcm16'), metadataOf({ publish: true }));
    expect(done.track!.published).toBe(true);
    const id = done.track!.id;
    const res = await callRoute(t.app, Api.ingest.editTrack, {
      params: { id },
      headers: artistAuth,
      body: { title: 'Desert Mirage Edit', price: 7.5, bpm: 96, mood: [] },
    });
    expect(res.status, res.response.body).toBe(200);
    expect(res.json).toMatchObject({
      data: { title: 'Desert Mirage Edit', price: 7.5, bpm: 96, mood: [], genre: [{ id: genreId }] },
    });
    const search = await callRoute(t.app, Api.catalog.music, { query: { keyword: 'mirage' } });
    expect(search.json.data.data.map((x) => x.id)).toContain(id);
    const bad = await callRoute(t.app, Api.ingest.editTrack, {
      params: { id },
      headers: artistAuth,
      body: { genre: [regionId] },
    });
    expect(bad.status).toBe(422);
  });

  describe('Arabic titles (issue 19 item 4)', () => {
    const titleArOf = async (id: number) =>
      (await t.database.db.select({ titleAr: tracks.titleAr }).from(tracks).where(eq(tracks.id, id)))[0]?.titleAr;
    const patch = (id: number, body: RouteBodyInput<typeof Api.ingest.editTrack>, auth = artistAuth) =>
      callRoute(t.app, Api.ingest.editTrack, { params: { id }, headers: auth, body });

    it('stores a trimmed Arabic title given at upload, changes it and clears it by edit', async () => {
      const done = await uploadAndWait(
        encodeWavPcm(stereoTone(1.5), 44_100, 'pcm16'),
        metadataOf({ title_ar: '  قافلة الصحراء  ' }),
      );
      expect(done.status, done.error ?? '').toBe('processed');
      const id = done.track!.id;
      expect(done.track!.title_ar).toBe('قافلة الصحراء');
      expect(await titleArOf(id)).toBe('قافلة الصحراء');
      const mine = await callRoute(t.app, Api.ingest.tracks, { headers: artistAuth });
      const listed = mine.json.data.tracks;
      expect(listed.find((x) => x.id === id)?.title_ar).toBe('قافلة الصحراء');

      const changed = await patch(id, { title_ar: 'سراب الصحراء' });
      expect(changed.status, changed.response.body).toBe(200);
      expect(changed.json).toMatchObject({ data: { id, title_ar: 'سراب الصحراء' } });
      expect(await titleArOf(id)).toBe('سراب الصحراء');

      // Another field's edit leaves it as it is.
      expect((await patch(id, { price: 5.5 })).json).toMatchObject({ data: { title_ar: 'سراب الصحراء' } });

      const cleared = await patch(id, { title_ar: '   ' });
      expect(cleared.status, cleared.response.body).toBe(200);
      expect(cleared.json.data).not.toHaveProperty('title_ar');
      expect(JSON.parse(cleared.response.body).data).not.toHaveProperty('title_ar');
      expect(await titleArOf(id)).toBeNull();

      expect((await patch(id, { title_ar: 'ليل' })).status).toBe(200);
      expect((await patch(id, { title_ar: null })).status).toBe(200);
      expect(await titleArOf(id)).toBeNull();
    });

    it('refuses a too long Arabic title with a field error (upload and edit), and a non-string one', async () => {
      const tooLong = 'ع'.repeat(121);
      const message = 'The Arabic title may not be greater than 120 characters.';
      const refused = await upload(encodeWavPcm(stereoTone(1), 44_100, 'pcm16'), metadataOf({ title_ar: tooLong }));
      expect(refused.status).toBe(422);
      expect(refused.error).toMatchObject({ errors: { title_ar: [message] } });

      const done = await uploadAndWait(encodeWavPcm(stereoTone(1), 44_100, 'pcm16'), metadataOf());
      const id = done.track!.id;
      expect(done.track).not.toHaveProperty('title_ar');
      const res = await patch(id, { title_ar: tooLong });
      expect(res.status).toBe(422);
      expect(res.error).toMatchObject({ errors: { title_ar: [message] } });
      // A number where the route takes text: a body outside the route's type, sent as it is.
      const notText = await callRoute(t.app, Api.ingest.editTrack, {
        params: { id },
        headers: { ...artistAuth, 'content-type': 'application/json' },
        payload: JSON.stringify({ title_ar: 7 }),
      });
      expect(notText.error).toMatchObject({
        errors: { title_ar: ['The Arabic title must be a string.'] },
      });
      // Exactly the limit is fine.
      expect((await patch(id, { title_ar: 'ع'.repeat(120) })).status).toBe(200);
      expect(await titleArOf(id)).toBe('ع'.repeat(120));
    });

    it("refuses to set another artist's Arabic title", async () => {
      const done = await uploadAndWait(encodeWavPcm(stereoTone(1), 44_100, 'pcm16'), metadataOf({ title_ar: 'نسيم' }));
      const id = done.track!.id;
      const res = await patch(id, { title_ar: 'مسروق' }, otherArtistAuth);
      expect(res.status).toBe(404);
      expect((await patch(id, { title_ar: 'مسروق' }, userAuth)).status).toBe(403);
      expect(await titleArOf(id)).toBe('نسيم');
    });
  });

  it('answers 413 for a file over the upload limit', async () => {
    const small = await buildTestApp({ ingest: { maxUploadBytes: 64 * 1024, workers: 0 } });
    try {
      const u = await makeUser(small.database, { type: 'artist' });
      await makeArtist(small.database, 'Tiny', u.id);
      const auth = bearer(await makeSession(small.database, u.id));
      const body = multipartBody(
        { metadata: JSON.stringify({ title: 'Big', price: 1 }) },
        { field: 'file', filename: 'big.wav', bytes: encodeWavPcm(stereoTone(2), 44_100, 'pcm16') },
      );
      const res = await callRoute(small.app, Api.ingest.upload, {
        headers: { ...auth, 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(res.status).toBe(413);
      expect(res.error).toEqual({
        code: 'file_too_large',
        message: IngestMessages.fileTooLarge(0.1),
        params: { max_mb: 0.1 },
      });
    } finally {
      await small.close();
    }
  });

  it('delivers the zip of an uploaded MP3 to a license holder, also after the track is withdrawn', async () => {
    const done = await uploadAndWait(
      await encodeMp3(stereoTone(2.5), 44_100, 192),
      metadataOf({ publish: true }),
      'take.mp3',
    );
    const id = done.track!.id;
    const buyer = await makeUser(t.database);
    await grantLicense(t.database.db, {
      userId: buyer.id,
      trackId: id,
      licenseKey: 'TRB-TEST-0001',
      source: 'purchase',
      orderId: null,
    });
    const auth = bearer(await makeSession(t.database, buyer.id));
    await callRoute(t.app, Api.ingest.unpublish, { params: { id }, headers: artistAuth });
    const zip = await callRoute(t.app, Api.downloads.zip, { params: { id }, headers: auth });
    expect(zip.status, zip.response.body.slice(0, 200)).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    // The zip holds a 320 kbps MP3 made from the private original: far larger than the preview.
    expect(zip.response.rawPayload.length).toBeGreaterThan(60_000);
    expect(zip.response.rawPayload.includes(Buffer.from('license.txt'))).toBe(true);
    const stranger = bearer(await makeSession(t.database, (await makeUser(t.database)).id));
    expect((await callRoute(t.app, Api.downloads.zip, { params: { id }, headers: stranger })).status).toBe(403);
  });
});
