import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  Api,
  pathOf,
  TrackDto,
  TrackListResponse,
  type FilterOption,
  type RouteBodyInput,
  type RouteQueryInput,
} from '@tarab/contracts';
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

describe('catalog API', () => {
  let t: TestApp;
  let token: string;
  const id: Record<string, number> = {};

  const titles = (list: readonly { title: string }[]) => list.map((x) => x.title).sort();

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
    const music = (query: RouteQueryInput<typeof Api.catalog.music> = {}, headers: Record<string, string> = {}) =>
      callRoute(t.app, Api.catalog.music, { query, headers });

    it('answers a page at data.data with the paging fields, newest first', async () => {
      const res = await music();
      expect(res.status).toBe(200);
      const page = res.json.data;
      expect(page).toMatchObject({ current_page: 1, per_page: 10, total: 13, last_page: 2 });
      expect(page.data).toHaveLength(10);
      const ids = page.data.map((x) => x.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      const page2 = (await music({ page: 2 })).json.data;
      expect(page2.data).toHaveLength(3);
      expect(page2.data.map((x) => x.id)).not.toContain(ids[0]);
      const small = (await music({ per_page: 5, page: 3 })).json.data;
      expect(small).toMatchObject({ current_page: 3, per_page: 5, total: 13, last_page: 3 });
      expect(small.data).toHaveLength(3);
    });

    it('returns tracks in the spec shape, price only for logged-in callers', async () => {
      const filters = { genre: id['sufi'], mood: id['mystical'] };
      const anon = (await music(filters)).json.data.data[0];
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
      const logged = (await music(filters, bearer(token))).json.data.data[0];
      expect(logged?.price).toBe(5.99);
      const bad = (await music(filters, bearer('x'.repeat(43)))).json.data.data[0];
      expect(bad).toBeDefined();
      expect(bad).not.toHaveProperty('price');
    });

    it('filters with OR inside a category and AND across categories, in every array form', async () => {
      const found = async (query: RouteQueryInput<typeof Api.catalog.music>) =>
        titles((await music(query)).json.data.data);
      expect(await found({ genre: id['sufi'] })).toEqual(['Bayati Dawn', 'Hijaz Caravan']);
      expect(await found({ genre: id['sufi'], mood: id['joyful'] })).toEqual(['Bayati Dawn']);
      // The bracket form: genre[]=…&genre[]=…&mood[]=…
      const both = { genre: [id['sufi']!, id['pop']!], mood: [id['joyful']!] };
      expect(await found(both)).toEqual(['Bayati Dawn', 'Cairo Nights']);
      // The comma form: genre=…,…
      const comma = { genre: `${id['sufi']},${id['pop']}`, mood: id['joyful'] };
      expect(await found(comma)).toEqual(['Bayati Dawn', 'Cairo Nights']);
      expect(await found({ instrument: id['ney'] })).toEqual(['Bayati Dawn']);
      expect(await found({ theme: id['desert'] })).toEqual(['Hijaz Caravan']);
      expect(await found({ region: id['egypt'] })).toEqual(['Bayati Dawn', 'Cairo Nights']);
      expect((await music({ region: id['levant'], mood: id['joyful'] })).json.data.total).toBe(0);
    });

    it('ignores empty filter values', async () => {
      // literal (the query; the path is the table's): the empty values in their three forms are what is tested,
      // and toQueryString would leave them out.
      const res = await t.app.inject({
        method: Api.catalog.music.method,
        url: `${pathOf(Api.catalog.music)}?genre=&mood[]=&keyword=%20`,
      });
      expect(res.statusCode).toBe(200);
      expect(TrackListResponse.parse(res.json()).data.total).toBe(13);
    });

    it('rejects unknown or malformed values with 400 naming the field', async () => {
      const unknown = await music({ genre: 99999 });
      expect(unknown.status).toBe(400);
      expect(unknown.error.errors).toHaveProperty('genre');
      const wrongKind = await music({ genre: id['joyful'] });
      expect(wrongKind.status).toBe(400);
      expect(wrongKind.error.errors).toHaveProperty('genre');
      const malformed = await music({ mood: 'abc' });
      expect(malformed.status).toBe(400);
      expect(malformed.error.errors).toHaveProperty('mood');
      expect((await music({ page: 0 })).status).toBe(400);
      expect((await music({ per_page: 1000 })).status).toBe(400);
      expect((await music({ keyword: 'x'.repeat(201) })).status).toBe(400);
    });

    it('finds music by keyword with the same filters', async () => {
      expect(titles((await music({ keyword: 'caravan' })).json.data.data)).toEqual(['Hijaz Caravan']);
      expect(titles((await music({ keyword: 'dawn', genre: id['pop'] })).json.data.data)).toEqual([]);
    });
  });

  describe('GET /api/loop', () => {
    it('lists loops only, with scale and BPM filters', async () => {
      const loops = (query: RouteQueryInput<typeof Api.catalog.loops> = {}) =>
        callRoute(t.app, Api.catalog.loops, { query });
      const found = async (query: RouteQueryInput<typeof Api.catalog.loops>) =>
        titles((await loops(query)).json.data.data);
      const all = (await loops()).json.data;
      expect(all.total).toBe(2);
      expect(all.data.every((x) => x.kind === 'loop')).toBe(true);
      expect(await found({ scale: id['hijaz'] })).toEqual(['Darbuka Maqsum 96']);
      expect(await found({ bpm_min: 100 })).toEqual(['Oud Phrase Bayati 110']);
      expect(await found({ bpm_max: 100 })).toEqual(['Darbuka Maqsum 96']);
      expect(await found({ bpm: 110 })).toEqual(['Oud Phrase Bayati 110']);
      expect((await loops({ bpm_min: 120, bpm_max: 100 })).status).toBe(400);
      expect((await loops({ scale: 4242 })).error.errors).toHaveProperty('scale');
      const loop = (await loops({ scale: id['hijaz'] })).json.data.data[0];
      expect(loop).toMatchObject({ key: 'D', scale: { key_type: 'Hijaz' }, bpm: 96 });
      // The gapless audition file's URL (decision 043): loops that have one; never music.
      expect(loop?.audition_url).toBe('/media/auditions/darbuka-maqsum-96-0123456789ab.wav');
      const other = (await loops({ bpm: 110 })).json.data.data[0];
      expect(other).toBeDefined();
      expect(other).not.toHaveProperty('audition_url');
      const music = (await callRoute(t.app, Api.catalog.music)).json.data.data;
      expect(music.some((x) => 'audition_url' in x)).toBe(false);
    });
  });

  describe('POST /api/music/filter (search)', () => {
    const search = (body: RouteBodyInput<typeof Api.catalog.search>) => callRoute(t.app, Api.catalog.search, { body });

    it('answers the data list beside the paging fields, defaults 10 and 1', async () => {
      const res = await search({ type: 'music', keyword: 'song' });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ current_page: 1, per_page: 10, total: 10, last_page: 1 });
      const paged = (await search({ type: 'music', keyword: 'song', perPage: 4, page: 3 })).json;
      expect(paged).toMatchObject({ current_page: 3, per_page: 4, total: 10, last_page: 3 });
      expect(paged.data).toHaveLength(2);
    });

    it('matches words exactly, by prefix, with typos and transliterations, ranked by title first', async () => {
      for (const keyword of ['Hijaz', 'hijaz', 'hij', 'hijas', 'hicaz', 'HEJAZ']) {
        const { json } = await search({ type: 'music', keyword });
        expect(json.data[0]?.title, keyword).toBe('Hijaz Caravan');
      }
      expect(titles((await search({ type: 'music', keyword: 'nour' })).json.data)).toEqual([
        'Bayati Dawn',
        'Hijaz Caravan',
      ]);
      expect(titles((await search({ type: 'music', keyword: 'mystical' })).json.data)).toEqual(['Hijaz Caravan']);
      expect(titles((await search({ type: 'music', keyword: 'cairo lights' })).json.data)).toContain('Cairo Nights');
      expect((await search({ type: 'music', keyword: 'zzzzqqq' })).json.total).toBe(0);
    });

    it('searches loops when asked and survives hostile keywords', async () => {
      expect(titles((await search({ type: 'loop', keyword: 'darbuka' })).json.data)).toEqual(['Darbuka Maqsum 96']);
      expect(titles((await search({ type: 'loop', keyword: 'doumbek' })).json.data)).toEqual(['Darbuka Maqsum 96']);
      for (const keyword of ["' or 1=1 --", '(&|!:*)', '\\', '"', 'ñ ü 中文 العود']) {
        expect((await search({ type: 'music', keyword })).status, keyword).toBe(200);
      }
      // A kind the body's type does not admit: sent as raw JSON.
      const video = await callRoute(t.app, Api.catalog.search, {
        payload: JSON.stringify({ type: 'video' }),
        headers: { 'content-type': 'application/json' },
      });
      expect(video.status).toBe(422);
      expect(video.error.errors).toHaveProperty('type');
      // `keyword: undefined` is left out of the JSON; the body's input type names the key
      // (its transform reads `unknown`).
      expect((await search({ type: 'music', keyword: undefined, perPage: 0 })).status).toBe(422);
    });
  });

  describe('POST /api/filter', () => {
    const filter = (query: RouteQueryInput<typeof Api.catalog.filter>) =>
      callRoute(t.app, Api.catalog.filter, { query });

    it('answers music, loops, totals and the options with facet counts', async () => {
      const res = await filter({ genre: [id['sufi']!] });
      expect(res.status).toBe(200);
      const body = res.json;
      expect(titles(body.music)).toEqual(['Bayati Dawn', 'Hijaz Caravan']);
      expect(titles(body.loop)).toEqual(['Darbuka Maqsum 96']);
      expect(body.total).toEqual({ music: 2, loop: 1 });
      const option = (list: readonly FilterOption[], name: string): FilterOption => list.find((o) => o.name === name)!;
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
      expect(body.filters.themes.map((o) => o.name)).toEqual(['Desert']);
      expect(body.filters.scale.map((s) => s.key_type).sort()).toEqual(['Bayati', 'Hijaz']);
      expect(body.filters.bpm).toEqual({ min: 96, max: 110 });
    });

    it('counts loop facets when type=loop and rejects unknown ids', async () => {
      const { json } = await filter({ type: 'loop' });
      expect(json.filters.scale.find((s) => s.key_type === 'Hijaz')?.count).toBe(1);
      const bad = await filter({ instrument: 777777 });
      expect(bad.status).toBe(400);
      expect(bad.error.errors).toHaveProperty('instrument');
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
      const res = await callRoute(t.app, Api.catalog.artists);
      expect(res.status).toBe(200);
      const list = res.json.data.data.data;
      expect(list.map((a) => a.name)).toEqual(['Karim Haddad', 'Nour Ensemble']);
      expect(list.find((a) => a.name === 'Nour Ensemble')).toMatchObject({
        album_count: 2,
        image: { url: expect.stringMatching(/^\/media\//) },
      });
      expect(res.json.data.data).toMatchObject({ current_page: 1, total: 2 });
    });

    it('GET /api/artist/:id answers artist, albums and music; 404 and 400 otherwise', async () => {
      const artist = (artistId: number | string) => callRoute(t.app, Api.catalog.artist, { params: { id: artistId } });
      const { data } = (await artist(id['a1']!)).json;
      expect(data.artist).toMatchObject({ name: 'Nour Ensemble', album_count: 2 });
      expect(data.albums.map((a) => a.title)).toEqual(['Desert Nights', 'Sufi Circles']);
      expect(titles(data.music)).toEqual(['Bayati Dawn', 'Hijaz Caravan', 'Oud Phrase Bayati 110']);
      const missing = await artist(999999);
      expect(missing.status).toBe(404);
      expect(missing.error).toEqual({ code: 'artist_not_found', message: 'Artist not found' });
      expect((await artist('abc')).status).toBe(400);
    });

    it('GET /api/albums lists albums with music counts, newest first', async () => {
      const { data } = (await callRoute(t.app, Api.catalog.albums)).json;
      expect(data.map((a) => a.title)).toEqual(['Desert Nights', 'Sufi Circles', 'Cairo Lights']);
      expect(data.find((a) => a.title === 'Cairo Lights')?.music_count).toBe(11);
    });

    it('GET /api/album/:id answers current_album, related_albums and music', async () => {
      const album = (albumId: number) => callRoute(t.app, Api.catalog.album, { params: { id: albumId } });
      const { data } = (await album(id['al1']!)).json;
      expect(data.current_album).toMatchObject({ title: 'Desert Nights', music_count: 1 });
      expect(data.related_albums.map((a) => a.title)).not.toContain('Desert Nights');
      expect(data.related_albums[0]?.title).toBe('Sufi Circles');
      expect(titles(data.music)).toEqual(['Hijaz Caravan']);
      expect((await album(424242)).status).toBe(404);
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
        (await callRoute(t.app, Api.catalog.music, { headers })).json.data;
      expect((await list()).total).toBe(1);
      await makeTrack(t.database, { artistId: artist.id, title: 'After' });
      expect((await list()).total).toBe(1);
      const logged = await list(bearer(token));
      expect(logged.total).toBe(2);
      expect(logged.data[0]?.price).toBeTypeOf('number');
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
        const res = await callRoute(t.app, Api.catalog.stats);
        expect(res.status).toBe(200);
        return res.json;
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
