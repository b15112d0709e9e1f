import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '@tarab/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { callRoute } from '../../../test/call-route.js';
import { makeAlbum, makeArtist, makeTag, makeTrack } from '../../../test/factories.js';

/**
 * Issue #32 items 5 and 12: a category stands on its id (names in both languages, colour, image), and
 * a search explains itself — how it read a typo, the artists and albums it names, and the filters its
 * words name when nothing matched. Real database (PGlite).
 */
describe('category by id and search that explains itself', () => {
  let t: TestApp;
  const id: Record<string, number> = {};

  const search = async (keyword: string, type: 'music' | 'loop' = 'music', page = 1) => {
    const res = await callRoute(t.app, Api.catalog.search, { body: { type, keyword, page } });
    expect(res.status, keyword).toBe(200);
    return res.json;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database;
    const nour = await makeArtist(db, 'Nour Ensemble');
    const layla = await makeArtist(db, 'Layla Haddad');
    await makeArtist(db, 'Nour Silent'); // no published track: never listed
    const wedding = await makeTag(db, 'theme', 'Wedding');
    const melancholic = await makeTag(db, 'mood', 'Melancholic');
    const joyful = await makeTag(db, 'mood', 'Joyful');
    const oud = await makeTag(db, 'instrument', 'Oud');
    const belly = await makeTag(db, 'genre', 'Belly Dance');
    const egypt = await makeTag(db, 'region', 'Egypt');
    await makeTag(db, 'theme', 'Documentary'); // no track: never suggested
    Object.assign(id, {
      wedding: wedding.id,
      melancholic: melancholic.id,
      joyful: joyful.id,
      oud: oud.id,
      belly: belly.id,
      egypt: egypt.id,
    });
    const album = await makeAlbum(db, layla.id, 'Cairo Nights', '2024-03-01', 'ليالي القاهرة');
    await makeTrack(db, {
      title: 'Zaffa of the Bride',
      artistId: nour.id,
      maqam: 'Rast',
      tagIds: [wedding.id, joyful.id],
    });
    await makeTrack(db, { title: 'Hijaz Lament', artistId: nour.id, maqam: 'Hijaz', tagIds: [oud.id, melancholic.id] });
    await makeTrack(db, {
      title: 'Shimmy Street',
      artistId: layla.id,
      albumId: album.id,
      maqam: 'Bayati',
      regionId: egypt.id,
      tagIds: [belly.id],
    });
    await makeTrack(db, { kind: 'loop', title: 'Oud Loop 90', artistId: layla.id, maqam: 'Hijaz', tagIds: [oud.id] });
  });
  afterAll(async () => t.close());

  describe('GET /api/category/:id', () => {
    it('answers a category from its id alone: names in both languages, colour, image, music count', async () => {
      const res = await callRoute(t.app, Api.catalog.category, { params: { id: id['wedding']! } });
      expect(res.status).toBe(200);
      const { data } = res.json;
      expect(data).toMatchObject({
        id: id['wedding'],
        kind: 'theme',
        name: 'Wedding',
        name_ar: 'زفاف',
        music_count: 1,
      });
      expect(data.color).toMatch(/^#[0-9a-f]{6}$/i);
      expect(data.image).toMatch(/^\/media\/images\/tags\//);
    });

    it('names regions and compound names in Arabic too', async () => {
      const belly = (await callRoute(t.app, Api.catalog.category, { params: { id: id['belly']! } })).json;
      expect(belly.data).toMatchObject({ kind: 'genre', name: 'Belly Dance', name_ar: 'رقص شرقي', music_count: 1 });
      const egypt = (await callRoute(t.app, Api.catalog.category, { params: { id: id['egypt']! } })).json;
      expect(egypt.data).toMatchObject({ kind: 'region', name: 'Egypt', name_ar: 'مصر', music_count: 1 });
    });

    it('answers 404 in the one error shape for an unknown id, 400 for a malformed one', async () => {
      const missing = await callRoute(t.app, Api.catalog.category, { params: { id: 999_999 } });
      expect(missing.status).toBe(404);
      expect(missing.error).toMatchObject({ message: 'Category not found' });
      const malformed = await callRoute(t.app, Api.catalog.category, { params: { id: 'abc' } });
      expect(malformed.status).toBe(400);
      expect(malformed.error).toHaveProperty('message');
    });
  });

  describe('POST /api/music/filter explains itself', () => {
    it('keeps the spec envelope and adds nothing to a search read as typed', async () => {
      const answer = await search('lament');
      expect(answer).toMatchObject({ current_page: 1, per_page: 10, total: 1, last_page: 1 });
      expect(answer.data.map((x) => x.title)).toEqual(['Hijaz Lament']);
      expect(answer.showing_results_for).toBeUndefined();
      expect(answer.facet_suggestions).toBeUndefined();
    });

    it('says how it read a corrected typo ("Showing results for Hijaz")', async () => {
      const answer = await search('hijas');
      expect(answer.total).toBeGreaterThan(0);
      expect(answer.showing_results_for).toBe('Hijaz');
      const two = await search('lamnet oud');
      expect(two.data.map((x) => x.title)).toEqual(['Hijaz Lament']);
      expect(two.showing_results_for).toBe('lament Oud');
    });

    it('lists the artists and albums the term names (published work only), on the first page only', async () => {
      const nour = await search('nour');
      expect(nour.artists?.map((a) => a.name)).toEqual(['Nour Ensemble']);
      expect(nour.artists?.[0]?.image.url).toMatch(/^\/media\//);
      const cairo = await search('cairo');
      expect(cairo.albums).toEqual([
        expect.objectContaining({
          title: 'Cairo Nights',
          title_ar: 'ليالي القاهرة',
          artist: expect.objectContaining({ name: 'Layla Haddad' }),
        }),
      ]);
      expect((await search('القاهرة')).albums?.map((a) => a.title)).toEqual(['Cairo Nights']);
      expect((await search('nour', 'music', 2)).artists).toBeUndefined();
      expect((await search('lament')).artists).toBeUndefined();
    });

    it('offers the filters the words name when nothing matches: "sad wedding" → Theme: Wedding, Mood: Melancholic', async () => {
      const answer = await search('sad wedding');
      expect(answer.total).toBe(0);
      expect(answer.facet_suggestions).toEqual(
        expect.arrayContaining([
          { facet: 'mood', value: String(id['melancholic']), label: 'Melancholic', word: 'sad', count: 1 },
          { facet: 'theme', value: String(id['wedding']), label: 'Wedding', word: 'wedding', count: 1 },
        ]),
      );
      expect(answer.facet_suggestions).toHaveLength(2);
    });

    it('reads Arabic names, lexicon spellings, maqamat, typos and regions as filters', async () => {
      const facetsOf = async (keyword: string, type: 'music' | 'loop' = 'music') =>
        ((await search(keyword, type)).facet_suggestions ?? []).map((f) => `${f.facet}:${f.label}`).sort();
      expect(await facetsOf('زفاف حزين')).toEqual(['mood:Melancholic', 'theme:Wedding']);
      expect(await facetsOf('happy egyptian zzqx')).toEqual(['mood:Joyful', 'region:Egypt']);
      expect(await facetsOf('weding melancholc')).toEqual(['mood:Melancholic', 'theme:Wedding']);
      expect(await facetsOf('hicaz wedding')).toEqual(['maqam:Hijaz', 'theme:Wedding']);
      expect(await facetsOf('dance sorrow')).toEqual(['genre:Belly Dance', 'mood:Melancholic']);
      // Only filters that find something of the kind searched.
      expect(await facetsOf('oud wedding', 'loop')).toEqual(['instrument:Oud']);
      expect(await facetsOf('documentary qwxz')).toEqual([]);
      expect(await facetsOf('zzzz qqqq')).toEqual([]);
    });
  });
});
