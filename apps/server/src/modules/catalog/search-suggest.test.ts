import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, pathOf, SuggestResponse } from '@tarab/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { callRoute } from '../../../test/call-route.js';
import { makeArtist, makeTag, makeTrack } from '../../../test/factories.js';
import { setTrackPublished } from './catalog.service.js';

/** Issue #16: GET /api/search/suggest, what the search box offers while a visitor types. */
describe('GET /api/search/suggest', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};

  const suggest = async (q: string, type?: 'music' | 'loop') => {
    if (q === '') {
      // urlOf leaves an empty value out (that is a missing text, 400): the empty text is sent as `q=`.
      const res = await t.app.inject({ method: Api.catalog.suggest.method, url: `${pathOf(Api.catalog.suggest)}?q=` });
      expect(res.statusCode, q).toBe(200);
      return SuggestResponse.parse(res.json()).data;
    }
    const res = await callRoute(t.app, Api.catalog.suggest, { query: { q, type } });
    expect(res.status, q).toBe(200);
    return res.json.data;
  };
  const labels = async (q: string, type?: 'music' | 'loop') =>
    (await suggest(q, type)).map((s) => `${s.kind}:${s.label}`);

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database;
    ids['oud'] = (await makeTag(db, 'instrument', 'Oud')).id;
    ids['qanun'] = (await makeTag(db, 'instrument', 'Qanun')).id;
    ids['frame'] = (await makeTag(db, 'instrument', 'Frame Drum')).id;
    ids['hadi'] = (await makeArtist(db, 'Hadi Karam')).id;
    ids['nour'] = (await makeArtist(db, 'Nour Ensemble')).id;
    const a = ids['nour']!;
    await makeTrack(db, { title: 'Hijaz Lament', artistId: a, maqam: 'Hijaz', tagIds: [ids['oud']!] });
    await makeTrack(db, { title: 'Hidden Oasis', artistId: a, maqam: 'Rast' });
    await makeTrack(db, { kind: 'loop', title: 'Hiking Groove', artistId: a, maqam: 'Saba' });
    await makeTrack(db, { title: '100% Oud_Solo', artistId: a, maqam: 'Bayati' });
    for (let i = 0; i < 12; i++) await makeTrack(db, { title: `Night Song ${i}`, artistId: a, maqam: 'Kurd' });
    const draft = await makeTrack(db, { title: 'Hidden Draft', artistId: a, maqam: 'Rast' });
    await setTrackPublished(t.database.db, draft.id, false);
  });
  afterAll(async () => t.close());

  it('offers maqamat, instruments, artists and titles starting with the text, each with a kind and a target', async () => {
    const found = await suggest('hi');
    expect(found.map((s) => `${s.kind}:${s.label}`)).toEqual([
      'maqam:Hijaz',
      'title:Hidden Oasis',
      'title:Hijaz Lament',
      'title:Hiking Groove',
    ]);
    expect(found[0]!.target).toEqual({ type: 'search', keyword: 'Hijaz' });
    expect(found[1]!.target).toEqual({ type: 'search', keyword: 'Hidden Oasis' });
    const artist = await suggest('had');
    expect(artist).toEqual([{ kind: 'artist', label: 'Hadi Karam', target: { type: 'artist', id: ids['hadi'] } }]);
    expect(await suggest('ou')).toEqual([
      { kind: 'instrument', label: 'Oud', target: { type: 'instrument', id: ids['oud'], name: 'Oud' } },
    ]);
  });

  it('narrows titles to music or loops when asked', async () => {
    expect(await labels('hi', 'loop')).toEqual(['maqam:Hijaz', 'title:Hiking Groove']);
    expect(await labels('hi', 'music')).toEqual(['maqam:Hijaz', 'title:Hidden Oasis', 'title:Hijaz Lament']);
  });

  it('understands spelling variants and Arabic names of maqamat and instruments', async () => {
    expect(await labels('hicaz')).toEqual(['maqam:Hijaz']);
    expect(await labels('حج')).toEqual(['maqam:Hijaz']);
    expect(await labels('الحجاز')).toEqual(['maqam:Hijaz']);
    expect(await labels('عود')).toEqual(['instrument:Oud']);
    expect(await labels('kanun')).toEqual(['instrument:Qanun']);
    expect(await labels('قانون')).toEqual(['instrument:Qanun']);
    expect(await labels('دف')).toEqual(['instrument:Frame Drum']);
    // Only maqamat the catalog holds: no track is in Ajam.
    expect(await labels('aj')).toEqual([]);
    expect(await labels('عجم')).toEqual([]);
  });

  it('offers at most 8, leaves out unpublished tracks, and keeps the text data', async () => {
    expect(await suggest('night')).toHaveLength(8);
    expect(await labels('hidden d')).toEqual([]);
    expect(await labels('100%')).toEqual(['title:100% Oud_Solo']);
    expect(await labels('1_0')).toEqual([]);
    expect(await labels('%')).toEqual([]);
    expect(await labels('_')).toEqual([]);
    expect(await labels('\\')).toEqual([]);
    expect(await labels("'; drop table tracks; --")).toEqual([]);
    expect(await suggest('')).toEqual([]);
    expect(await suggest('   ')).toEqual([]);
  });

  it('refuses a missing or too long text with the one error shape', async () => {
    const missing = await callRoute(t.app, Api.catalog.suggest);
    expect(missing.status).toBe(400);
    expect(missing.error.message).toEqual(expect.any(String));
    const long = await callRoute(t.app, Api.catalog.suggest, { query: { q: 'x'.repeat(101) } });
    expect(long.status).toBe(400);
    expect(long.error).toMatchObject({ message: expect.any(String) });
    const badType = await callRoute(t.app, Api.catalog.suggest, { query: { q: 'a', type: 'video' } });
    expect(badType.status).toBe(400);
    expect(badType.error.message).toEqual(expect.any(String));
  });
});
