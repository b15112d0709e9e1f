import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, TrackDto } from '@tarab/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { callRoute } from '../../../test/call-route.js';
import { bearer, makeAlbum, makeArtist, makeSession, makeTrack, makeUser } from '../../../test/factories.js';

describe('GET /api/music/:id: one published track or loop (the track page, issue #32)', () => {
  let t: TestApp;
  let token: string;
  const id: Record<string, number> = {};

  const getTrack = (trackId: number | string, headers: Record<string, string> = {}) =>
    callRoute(t.app, Api.catalog.track, { params: { id: trackId }, headers });

  beforeAll(async () => {
    t = await buildTestApp();
    const artist = await makeArtist(t.database, 'Detail Artist');
    const album = await makeAlbum(t.database, artist.id, 'Detail Album');
    id['music'] = (
      await makeTrack(t.database, {
        title: 'Detail Track',
        artistId: artist.id,
        albumId: album.id,
        maqam: 'Hijazkar',
        tonic: 'C',
        priceCents: 799,
        masterSampleRate: 48000,
        masterBitDepth: 24,
      })
    ).id;
    id['loop'] = (
      await makeTrack(t.database, { kind: 'loop', title: 'Detail Loop', artistId: artist.id, maqam: null })
    ).id;
    id['draft'] = (await makeTrack(t.database, { title: 'Detail Draft', artistId: artist.id, published: false })).id;
    const user = await makeUser(t.database);
    token = await makeSession(t.database, user.id);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the list row of the track, plus its maqam family, ajnas and delivered formats', async () => {
    const res = await getTrack(id['music']!);
    expect(res.status).toBe(200);
    const track = res.json.data;
    // The same DTO as the list rows.
    const list = await callRoute(t.app, Api.catalog.music, { query: { keyword: 'Detail Track' } });
    const row = list.json.data.data.find((r) => r.id === id['music']);
    expect(TrackDto.parse(track)).toEqual(row);
    expect(track).toMatchObject({ title: 'Detail Track', kind: 'music', maqam: 'Hijazkar', key: 'C' });
    expect(track.maqam_family).toBe('Hijaz');
    expect(track.jins_lower).toBeTruthy();
    expect(track.jins_upper).toBeTruthy();
    expect(track.formats).toEqual([
      { format: 'mp3', label: 'MP3 · 320 kbps' },
      { format: 'wav', label: 'WAV · 24-bit · 48 kHz' },
    ]);
  });

  it('shows the price to logged-in callers only (spec §6)', async () => {
    const visitor = await getTrack(id['music']!);
    expect(visitor.json.data).not.toHaveProperty('price');
    const user = await getTrack(id['music']!, bearer(token));
    expect(user.json.data.price).toBe(7.99);
  });

  it('answers loops by the same path, without maqam facts when they have no maqam', async () => {
    const res = await getTrack(id['loop']!);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ kind: 'loop', title: 'Detail Loop', maqam: null, maqam_family: null });
  });

  it('answers 404 in the one error shape for an unknown or unpublished id, 400 for a malformed one', async () => {
    for (const missing of [id['draft']!, 999_999]) {
      const res = await getTrack(missing);
      expect(res.status).toBe(404);
      expect(res.error).toMatchObject({ message: 'Track not found' });
      expect(res.response.body).not.toContain('Detail Draft');
    }
    const bad = await getTrack('abc');
    expect(bad.status).toBe(400);
    expect(bad.error.code).toBe('invalid_request');
  });
});
