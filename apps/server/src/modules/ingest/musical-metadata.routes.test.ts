import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { IQAAT, MAQAMAT, isNoteName } from '@tarab/audio';
import { encodeWavPcm, sine } from '@tarab/audio/testing';
import { Api, IQA_LEXICON, IngestMessages, MAQAM_LEXICON, TONIC_NAMES, type UploadDto } from '@tarab/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { callRoute } from '../../../test/call-route.js';
import { bearer, makeArtist, makeSession, makeUser } from '../../../test/factories.js';
import { multipartBody } from '../../../test/multipart.js';
import { tracks } from '../../db/schema/index.js';

/** Issue #32 item 10: maqam, tonic, iqa' and meter on upload and Edit track, lexicon values only. */
let t: TestApp;
let artistAuth: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  const user = await makeUser(t.database, { type: 'artist' });
  await makeArtist(t.database, 'Maqam Ensemble', user.id);
  artistAuth = bearer(await makeSession(t.database, user.id));
});

afterAll(async () => {
  await t.close();
});

const tone = () => encodeWavPcm(sine(220, 2.5, 44_100, 0.3, 2), 44_100, 'pcm16');

const metadataOf = (extra: Record<string, unknown> = {}) => ({
  title: `Taqsim ${randomBytes(3).toString('hex')}`,
  kind: 'music',
  price: 4.99,
  ...extra,
});

async function upload(metadata: Record<string, unknown>) {
  const body = multipartBody(
    { metadata: JSON.stringify(metadata) },
    { field: 'file', filename: 'take.wav', bytes: tone() },
  );
  return callRoute(t.app, Api.ingest.upload, {
    headers: { ...artistAuth, 'content-type': body.contentType },
    payload: body.payload,
  });
}

function processed(id: number): Promise<UploadDto> {
  return vi.waitFor(
    async () => {
      const res = await callRoute(t.app, Api.ingest.uploadStatus, { params: { id }, headers: artistAuth });
      const dto = res.json.data;
      expect(['processed', 'failed'], `upload ${id} still ${dto.status}`).toContain(dto.status);
      return dto;
    },
    { timeout: 60_000, interval: 100 },
  );
}

const columnsOf = async (id: number) =>
  (
    await t.database.db
      .select({ maqam: tracks.maqam, tonic: tracks.tonic, iqa: tracks.iqa, meter: tracks.meter })
      .from(tracks)
      .where(eq(tracks.id, id))
  )[0];

describe('the musical lexicon of uploads (issue #32 item 10)', () => {
  it('is the synthesizer’s own: the same maqamat, ajnas, tonics and iqa’at with their meters', () => {
    expect(MAQAM_LEXICON.map((m) => ({ ...m, ajnas: [...m.ajnas], tonics: [...m.tonics] }))).toEqual(
      MAQAMAT.map((m) => ({ name: m.name, family: m.family, ajnas: [...m.ajnas], tonics: [...m.tonics] })),
    );
    expect(IQA_LEXICON.map((i) => ({ ...i }))).toEqual(IQAAT.map((i) => ({ name: i.name, meter: i.meter })));
    for (const tonic of TONIC_NAMES) expect(isNoteName(tonic), tonic).toBe(true);
    for (const tonic of MAQAMAT.flatMap((m) => m.tonics)) expect(TONIC_NAMES).toContain(tonic);
  });

  it('refuses a maqam, tonic, iqa’ or meter that is not in the lexicon with 422 and a message per field', async () => {
    const bad = await upload(metadataOf({ maqam: 'Hijazz', tonic: 'H', iqa: 'Tango', meter: '7/4' }));
    expect(bad.status).toBe(422);
    const body = bad.error;
    expect(body.errors).toMatchObject({
      maqam: [IngestMessages.unknownOption('maqam')],
      tonic: [IngestMessages.unknownOption('tonic')],
      iqa: [IngestMessages.unknownOption("iqa'")],
      meter: [IngestMessages.unknownOption('meter')],
    });
    expect(body.message).toBe(IngestMessages.unknownOption('maqam'));
    // A meter that is not the iqa's own.
    const mismatch = await upload(metadataOf({ iqa: 'Maqsum', meter: '10/8' }));
    expect(mismatch.status).toBe(422);
    expect(mismatch.error).toMatchObject({ errors: { meter: [IngestMessages.meterOfIqa('Maqsum', '4/4')] } });
  });

  it('saves the chosen facets in the catalog columns and answers them (the iqa’ gives the meter)', async () => {
    const res = await upload(metadataOf({ maqam: 'Sikah', tonic: 'E half-flat', iqa: "Sama'i Thaqil" }));
    expect(res.status, res.response.body).toBe(202);
    const done = await processed(res.json.data.id);
    expect(done.status, done.error ?? '').toBe('processed');
    expect(done.track).toMatchObject({ maqam: 'Sikah', key: 'E half-flat', iqa: "Sama'i Thaqil", meter: '10/8' });
    expect(await columnsOf(done.track!.id)).toEqual({
      maqam: 'Sikah',
      tonic: 'E half-flat',
      iqa: "Sama'i Thaqil",
      meter: '10/8',
    });
  });

  it('changes and clears them with Edit track, refusing values outside the lexicon', async () => {
    const res = await upload(metadataOf({ maqam: 'Bayati', tonic: 'D' }));
    const done = await processed(res.json.data.id);
    const params = { id: done.track!.id };
    // A tonic outside the lexicon is outside the route's type too: sent as it is.
    const refused = await callRoute(t.app, Api.ingest.editTrack, {
      params,
      headers: { ...artistAuth, 'content-type': 'application/json' },
      payload: JSON.stringify({ tonic: 'Q sharp' }),
    });
    expect(refused.status).toBe(422);
    expect(refused.error).toMatchObject({ errors: { tonic: [IngestMessages.unknownOption('tonic')] } });

    const edited = await callRoute(t.app, Api.ingest.editTrack, {
      params,
      headers: artistAuth,
      body: { maqam: 'Hijaz', tonic: 'G', iqa: 'Ayyub' },
    });
    expect(edited.status, edited.response.body).toBe(200);
    const track = edited.json.data;
    expect(track).toMatchObject({ maqam: 'Hijaz', key: 'G', iqa: 'Ayyub', meter: '2/4' });

    const cleared = await callRoute(t.app, Api.ingest.editTrack, {
      params,
      headers: artistAuth,
      body: { maqam: null, tonic: null, iqa: null, meter: null },
    });
    expect(cleared.status).toBe(200);
    expect(await columnsOf(done.track!.id)).toEqual({ maqam: null, tonic: null, iqa: null, meter: null });
  });
});
