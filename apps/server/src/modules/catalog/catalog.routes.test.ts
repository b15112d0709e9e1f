import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Api, CatalogStatsResponse, TrackDto } from '@tarab/contracts';
import { tracks } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { callRoute } from '../../../test/call-route.js';
import {
  bearer,
  makeAlbum,
  makeArtist,
  makeScale,
  makeSession,
  makeTag,
  makeTrack,
  makeUser,
} from '../../../test/factories.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('catalog API', () => {
  let t: TestApp;
  let token: string;
  const id: Record<string, number> = {};

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, body: res.json() as Json };
  };
  const post = async (url: string, payload?: unknown) => {
    const res = await t.app.inject({ method: 'POST', url, payload: payload as object });
    return { status: res.statusCode, body: res.json() as Json };
  };
  const titles = (list: Json[]) => list.map((x) => x.title).sort();

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database;
    const tag = async (key: string, kind: Parameters<typeof makeTag>[1], name: string) =>
      (id[key] = (await makeTag(db, kind, name)).id);
    await tag('sufi', 'genre', 'Sufi');
    await tag('pop', 'genre', 'Arabic Pop');
    await tag('mystical', 'mood', 'Mystical');
    await tag('joyful', 'mood', 'Joyful');
    await tag('desert', 'theme', 'Desert');
    await tag('oud', 'instrument', 'Oud');
    await tag('ney', 'instrument', 'Ney');
    await tag('levant', 'region', 'Levant');
    await tag('egypt', 'region', 'Egypt');
    id['hijaz'] = (await makeScale(db, 'Hijaz', 'D')).id;
    id['bayati'] = (await makeScale(db, 'Bayati', 'D')).id;
    id['a1'] = (await makeArtist(db, 'Nour Ensemble')).id;
    id['a2'] = (await makeArtist(db, 'Karim Haddad')).id;
    id['al1'] = (await makeAlbum(db, id['a1']!, 'Desert Nights', '2024-05-01')).id;
    id['al2'] = (await makeAlbum(db, id['a1']!, 'Sufi Circles', '2023-05-01')).id;
    id['al3'] = (await makeAlbum(db, id['a2']!, 'Cairo Lights', '2022-05-01')).id;
    id['m1'] = (
      await makeTrack(db, {
        title: 'Hijaz Caravan',
        artistId: id['a1']!,
        albumId: id['al1'],
        regionId: id['levant'],
        scaleId: id['hijaz'],
        maqam: 'Hijaz',
        priceCents: 599,
        tagIds: [id['sufi']!, id['mystical']!, id['desert']!, id['oud']!],
      })
    ).id;
    id['m2'] = (
      await makeTrack(db, {
        title: 'Bayati Dawn',
        artistId: id['a1']!,
        albumId: id['al2'],
        regionId: id['egypt'],
        scaleId: id['bayati'],
        maqam: 'Bayati',
        tagIds: [id['sufi']!, id['joyful']!, id['ney']!],
      })
    ).id;
    id['m3'] = (
      await makeTrack(db, {
        title: 'Cairo Nights',
        artistId: id['a2']!,
        albumId: id['al3'],
        regionId: id['egypt'],
        maqam: 'Rast',
        tagIds: [id['pop']!, id['joyful']!, id['oud']!],
      })
    ).id;
    for (let i = 0; i < 10; i++) {
      await makeTrack(db, {
        title: `Filler Song ${i}`,
        artistId: id['a2']!,
        albumId: id['al3'],
        maqam: 'Ajam',
        tagIds: [id['pop']!],
      });
    }
    id['l1'] = (
      await makeTrack(db, {
        kind: 'loop',
        title: 'Darbuka Maqsum 96',
        artistId: id['a2']!,
        bpm: 96,
        scaleId: id['hijaz'],
        priceCents: 199,
        auditionKey: 'auditions/darbuka-maqsum-96-0123456789ab.wav',
        tagIds: [id['sufi']!, id['oud']!],
      })
    ).id;
    id['l2'] = (
      await makeTrack(db, {
        kind: 'loop',
        title: 'Oud Phrase Bayati 110',
        artistId: id['a1']!,
        bpm: 110,
        scaleId: id['bayati'],
        priceCents: 299,
        tagIds: [id['pop']!, id['oud']!],
      })
    ).id;
    const user = await makeUser(db);
    token = await makeSession(db, user.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('GET /api/music', () => {
    it('answers a page at data.data with the paging fields, newest first', async () => {
      const { status, body } = await get('/api/music');
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ current_page: 1, per_page: 10, total: 13, last_page: 2 });
      expect(body.data.data).toHaveLength(10);
      const ids = body.data.data.map((x: Json) => x.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      const page2 = await get('/api/music?page=2');
      expect(page2.body.data.data).toHaveLength(3);
      expect(page2.body.data.data.map((x: Json) => x.id)).not.toContain(ids[0]);
      const small = await get('/api/music?per_page=5&page=3');
      expect(small.body.data).toMatchObject({ current_page: 3, per_page: 5, total: 13, last_page: 3 });
      expect(small.body.data.data).toHaveLength(3);
    });

    it('returns tracks in the spec shape, price only for logged-in callers', async () => {
      const anon = (await get(`/api/music?genre=${id['sufi']}&mood=${id['mystical']}`)).body.data.data[0];
      expect(() => TrackDto.parse(anon)).not.toThrow();
      expect(anon).toMatchObject({
        id: id['m1'],
        title: 'Hijaz Caravan',
        album: { id: id['al1'], title: 'Desert Nights', image: { url: expect.stringMatching(/^\/media\/images\//) } },
        artist: { name: 'Nour Ensemble' },
        region: { name: 'Levant' },
        scale: { key: 'D', key_type: 'Hijaz' },
        genre: [{ name: 'Sufi' }],
        mood: [{ name: 'Mystical' }],
        theme: [{ name: 'Desert' }],
        instrument: [{ name: 'Oud' }],
        duration: '1:01',
        cr_public_id: expect.stringMatching(/^\/media\/previews\/.+\.mp3$/),
        waveform_data: expect.stringMatching(/^\/media\/peaks\/.+\.json$/),
      });
      expect(anon).not.toHaveProperty('price');
      const logged = (await get(`/api/music?genre=${id['sufi']}&mood=${id['mystical']}`, bearer(token))).body.data
        .data[0];
      expect(logged.price).toBe(5.99);
      const bad = (await get(`/api/music?genre=${id['sufi']}&mood=${id['mystical']}`, bearer('x'.repeat(43)))).body.data
        .data[0];
      expect(bad).not.toHaveProperty('price');
    });

    it('filters with OR inside a category and AND across categories, in every array form', async () => {
      expect(titles((await get(`/api/music?genre=${id['sufi']}`)).body.data.data)).toEqual([
        'Bayati Dawn',
        'Hijaz Caravan',
      ]);
      expect(titles((await get(`/api/music?genre=${id['sufi']}&mood=${id['joyful']}`)).body.data.data)).toEqual([
        'Bayati Dawn',
      ]);
      const both = `/api/music?genre[]=${id['sufi']}&genre[]=${id['pop']}&mood[]=${id['joyful']}`;
      expect(titles((await get(both)).body.data.data)).toEqual(['Bayati Dawn', 'Cairo Nights']);
      const comma = `/api/music?genre=${id['sufi']},${id['pop']}&mood=${id['joyful']}`;
      expect(titles((await get(comma)).body.data.data)).toEqual(['Bayati Dawn', 'Cairo Nights']);
      expect(titles((await get(`/api/music?instrument=${id['ney']}`)).body.data.data)).toEqual(['Bayati Dawn']);
      expect(titles((await get(`/api/music?theme=${id['desert']}`)).body.data.data)).toEqual(['Hijaz Caravan']);
      expect(titles((await get(`/api/music?region=${id['egypt']}`)).body.data.data)).toEqual([
        'Bayati Dawn',
        'Cairo Nights',
      ]);
      expect((await get(`/api/music?region=${id['levant']}&mood=${id['joyful']}`)).body.data.total).toBe(0);
    });

    it('ignores empty filter values', async () => {
      const { status, body } = await get('/api/music?genre=&mood[]=&keyword=%20');
      expect(status).toBe(200);
      expect(body.data.total).toBe(13);
    });

    it('rejects unknown or malformed values with 400 naming the field', async () => {
      const unknown = await get('/api/music?genre=99999');
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors).toHaveProperty('genre');
      const wrongKind = await get(`/api/music?genre=${id['joyful']}`);
      expect(wrongKind.status).toBe(400);
      expect(wrongKind.body.errors).toHaveProperty('genre');
      const malformed = await get('/api/music?mood=abc');
      expect(malformed.status).toBe(400);
      expect(malformed.body.errors).toHaveProperty('mood');
      expect((await get('/api/music?page=0')).status).toBe(400);
      expect((await get('/api/music?per_page=1000')).status).toBe(400);
      expect((await get(`/api/music?keyword=${'x'.repeat(201)}`)).status).toBe(400);
    });

    it('finds music by keyword with the same filters', async () => {
      expect(titles((await get('/api/music?keyword=caravan')).body.data.data)).toEqual(['Hijaz Caravan']);
      expect(titles((await get(`/api/music?keyword=dawn&genre=${id['pop']}`)).body.data.data)).toEqual([]);
    });
  });

  describe('GET /api/loop', () => {
    it('lists loops only, with scale and BPM filters', async () => {
      const all = (await get('/api/loop')).body.data;
      expect(all.total).toBe(2);
      expect(all.data.every((x: Json) => x.kind === 'loop')).toBe(true);
      expect(titles((await get(`/api/loop?scale=${id['hijaz']}`)).body.data.data)).toEqual(['Darbuka Maqsum 96']);
      expect(titles((await get('/api/loop?bpm_min=100')).body.data.data)).toEqual(['Oud Phrase Bayati 110']);
      expect(titles((await get('/api/loop?bpm_max=100')).body.data.data)).toEqual(['Darbuka Maqsum 96']);
      expect(titles((await get('/api/loop?bpm=110')).body.data.data)).toEqual(['Oud Phrase Bayati 110']);
      expect((await get('/api/loop?bpm_min=120&bpm_max=100')).status).toBe(400);
      expect((await get('/api/loop?scale=4242')).body.errors).toHaveProperty('scale');
      const loop = (await get(`/api/loop?scale=${id['hijaz']}`)).body.data.data[0];
      expect(loop).toMatchObject({ key: 'D', scale: { key_type: 'Hijaz' }, bpm: 96 });
      // The gapless audition file's URL (decision 043): loops that have one; never music.
      expect(loop.audition_url).toBe('/media/auditions/darbuka-maqsum-96-0123456789ab.wav');
      const other = (await get('/api/loop?bpm=110')).body.data.data[0];
      expect(other).not.toHaveProperty('audition_url');
      expect((await get('/api/music')).body.data.data.some((x: Json) => 'audition_url' in x)).toBe(false);
    });
  });

  describe('POST /api/music/filter (search)', () => {
    const search = (body: object) => post('/api/music/filter', body);

    it('answers the data list beside the paging fields, defaults 10 and 1', async () => {
      const { status, body } = await search({ type: 'music', keyword: 'song' });
      expect(status).toBe(200);
      expect(body).toMatchObject({ current_page: 1, per_page: 10, total: 10, last_page: 1 });
      const paged = await search({ type: 'music', keyword: 'song', perPage: 4, page: 3 });
      expect(paged.body).toMatchObject({ current_page: 3, per_page: 4, total: 10, last_page: 3 });
      expect(paged.body.data).toHaveLength(2);
    });

    it('matches words exactly, by prefix, with typos and transliterations, ranked by title first', async () => {
      for (const keyword of ['Hijaz', 'hijaz', 'hij', 'hijas', 'hicaz', 'HEJAZ']) {
        const { body } = await search({ type: 'music', keyword });
        expect(body.data[0]?.title, keyword).toBe('Hijaz Caravan');
      }
      expect(titles((await search({ type: 'music', keyword: 'nour' })).body.data)).toEqual([
        'Bayati Dawn',
        'Hijaz Caravan',
      ]);
      expect(titles((await search({ type: 'music', keyword: 'mystical' })).body.data)).toEqual(['Hijaz Caravan']);
      expect(titles((await search({ type: 'music', keyword: 'cairo lights' })).body.data)).toContain('Cairo Nights');
      expect((await search({ type: 'music', keyword: 'zzzzqqq' })).body.total).toBe(0);
    });

    it('searches loops when asked and survives hostile keywords', async () => {
      expect(titles((await search({ type: 'loop', keyword: 'darbuka' })).body.data)).toEqual(['Darbuka Maqsum 96']);
      expect(titles((await search({ type: 'loop', keyword: 'doumbek' })).body.data)).toEqual(['Darbuka Maqsum 96']);
      for (const keyword of ["' or 1=1 --", '(&|!:*)', '\\', '"', 'ñ ü 中文 العود']) {
        expect((await search({ type: 'music', keyword })).status, keyword).toBe(200);
      }
      expect((await search({ type: 'video' })).status).toBe(422);
      expect((await search({ type: 'music', perPage: 0 })).status).toBe(422);
    });
  });

  describe('POST /api/filter', () => {
    it('answers music, loops, totals and the options with facet counts', async () => {
      const { status, body } = await post(`/api/filter?genre[]=${id['sufi']}`);
      expect(status).toBe(200);
      expect(titles(body.music)).toEqual(['Bayati Dawn', 'Hijaz Caravan']);
      expect(titles(body.loop)).toEqual(['Darbuka Maqsum 96']);
      expect(body.total).toEqual({ music: 2, loop: 1 });
      const option = (list: Json[], name: string): Json => list.find((o) => o.name === name)!;
      // The genre facet ignores the genre selection itself (it shows what adding a genre would give).
      expect(option(body.filters.genres, 'Sufi')).toMatchObject({
        count: 2,
        color: '#aa7733',
        image: expect.stringMatching(/^\/media\//),
      });
      expect(option(body.filters.genres, 'Arabic Pop').count).toBe(11);
      // Other facets are narrowed by the genre selection.
      expect(option(body.filters.moods, 'Joyful').count).toBe(1);
      expect(option(body.filters.moods, 'Mystical').count).toBe(1);
      expect(option(body.filters.instruments, 'Ney').count).toBe(1);
      expect(option(body.filters.regions, 'Egypt').count).toBe(1);
      expect(body.filters.themes.map((o: Json) => o.name)).toEqual(['Desert']);
      expect(body.filters.scale.map((s: Json) => s.key_type).sort()).toEqual(['Bayati', 'Hijaz']);
      expect(body.filters.bpm).toEqual({ min: 96, max: 110 });
    });

    it('counts loop facets when type=loop and rejects unknown ids', async () => {
      const { body } = await post('/api/filter?type=loop');
      expect(body.filters.scale.find((s: Json) => s.key_type === 'Hijaz').count).toBe(1);
      const bad = await post('/api/filter?instrument=777777');
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toHaveProperty('instrument');
    });

    it('never reads a body it does not take: a deeply nested or large one is ignored, and shares the cached answer', async () => {
      const plain = await callRoute(t.app, Api.catalog.filter, { query: { type: 'loop' } });
      for (const payload of ['['.repeat(5000) + ']'.repeat(5000), JSON.stringify({ pad: 'x'.repeat(200_000) })]) {
        const res = await callRoute(t.app, Api.catalog.filter, {
          query: { type: 'loop' },
          payload,
          headers: { 'content-type': 'application/json' },
        });
        expect(res.status).toBe(200);
        expect(res.response.body).toBe(plain.response.body);
      }
    });
  });

  describe('artists and albums', () => {
    it('GET /api/artists lists at data.data.data with album counts', async () => {
      const { status, body } = await get('/api/artists');
      expect(status).toBe(200);
      const list = body.data.data.data as Json[];
      expect(list.map((a) => a.name)).toEqual(['Karim Haddad', 'Nour Ensemble']);
      expect(list.find((a) => a.name === 'Nour Ensemble')).toMatchObject({
        album_count: 2,
        image: { url: expect.stringMatching(/^\/media\//) },
      });
      expect(body.data.data).toMatchObject({ current_page: 1, total: 2 });
    });

    it('GET /api/artist/:id answers artist, albums and music; 404 and 400 otherwise', async () => {
      const { body } = await get(`/api/artist/${id['a1']}`);
      expect(body.data.artist).toMatchObject({ name: 'Nour Ensemble', album_count: 2 });
      expect(body.data.albums.map((a: Json) => a.title)).toEqual(['Desert Nights', 'Sufi Circles']);
      expect(titles(body.data.music)).toEqual(['Bayati Dawn', 'Hijaz Caravan', 'Oud Phrase Bayati 110']);
      const missing = await get('/api/artist/999999');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ code: 'artist_not_found', message: 'Artist not found' });
      expect((await get('/api/artist/abc')).status).toBe(400);
    });

    it('GET /api/albums lists albums with music counts, newest first', async () => {
      const { body } = await get('/api/albums');
      expect(body.data.map((a: Json) => a.title)).toEqual(['Desert Nights', 'Sufi Circles', 'Cairo Lights']);
      expect(body.data.find((a: Json) => a.title === 'Cairo Lights').music_count).toBe(11);
    });

    it('GET /api/album/:id answers current_album, related_albums and music', async () => {
      const { body } = await get(`/api/album/${id['al1']}`);
      expect(body.data.current_album).toMatchObject({ title: 'Desert Nights', music_count: 1 });
      expect(body.data.related_albums.map((a: Json) => a.title)).not.toContain('Desert Nights');
      expect(body.data.related_albums[0].title).toBe('Sufi Circles');
      expect(titles(body.data.music)).toEqual(['Hijaz Caravan']);
      expect((await get('/api/album/424242')).status).toBe(404);
    });
  });
});

describe('catalog micro-cache', () => {
  it('answers a repeated query from the cache for 10 s, separately for visitors and logged-in users', async () => {
    const t = await buildTestApp();
    try {
      const artist = await makeArtist(t.database);
      await makeTrack(t.database, { artistId: artist.id, title: 'Before' });
      const token = await makeSession(t.database, (await makeUser(t.database)).id);
      const list = async (headers: Record<string, string> = {}) =>
        (await t.app.inject({ method: 'GET', url: '/api/music', headers })).json().data;
      expect((await list()).total).toBe(1);
      await makeTrack(t.database, { artistId: artist.id, title: 'After' });
      expect((await list()).total).toBe(1);
      const logged = await list(bearer(token));
      expect(logged.total).toBe(2);
      expect(logged.data[0].price).toBeTypeOf('number');
      expect((await list()).data[0]).not.toHaveProperty('price');
    } finally {
      await t.close();
    }
  });

  it('GET /api/catalog/stats counts the published music and loops, cached like the other catalog answers', async () => {
    const t = await buildTestApp();
    try {
      const artist = await makeArtist(t.database);
      for (let i = 0; i < 3; i++) await makeTrack(t.database, { artistId: artist.id });
      for (let i = 0; i < 2; i++) await makeTrack(t.database, { artistId: artist.id, kind: 'loop' });
      const draft = await makeTrack(t.database, { artistId: artist.id });
      await t.database.db.update(tracks).set({ published: false }).where(eq(tracks.id, draft.id));

      const stats = async () => {
        const res = await t.app.inject({ method: 'GET', url: '/api/catalog/stats' });
        expect(res.statusCode).toBe(200);
        return CatalogStatsResponse.parse(res.json());
      };
      expect(await stats()).toEqual({ data: { tracks: 3, loops: 2 } });
      // Decision 011: one computation per 10 s.
      await makeTrack(t.database, { artistId: artist.id, kind: 'loop' });
      expect(await stats()).toEqual({ data: { tracks: 3, loops: 2 } });
    } finally {
      await t.close();
    }
  });
});
