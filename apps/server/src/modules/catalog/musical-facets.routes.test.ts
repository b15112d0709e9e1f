import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, type NamedOption, type RouteQueryInput } from '@tarab/contracts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { callRoute } from '../../../test/call-route.js';
import { makeArtist, makeTag, makeTrack } from '../../../test/factories.js';

type ListQuery = RouteQueryInput<typeof Api.catalog.music>;
type FilterQuery = RouteQueryInput<typeof Api.catalog.filter>;

/** Musical facets (issue 18): maqam family, maqam, jins, tonic, iqa' and meter, with counts, and search phrases. */
describe('musical facets API', () => {
  let t: TestApp;
  let sufi: number;

  const list = (query: ListQuery, kind: 'music' | 'loop' = 'music') =>
    callRoute(t.app, kind === 'music' ? Api.catalog.music : Api.catalog.loops, { query });
  const filter = (query: FilterQuery) => callRoute(t.app, Api.catalog.filter, { query });
  const titles = (rows: readonly { title: string }[]) => rows.map((x) => x.title).sort();
  const listed = async (query: ListQuery, kind: 'music' | 'loop' = 'music') => {
    const res = await list(query, kind);
    expect(res.status).toBe(200);
    const { data } = res.json;
    expect(data.total).toBe(data.data.length);
    return titles(data.data);
  };
  const searched = async (type: 'music' | 'loop', keyword: string) => {
    const res = await callRoute(t.app, Api.catalog.search, { body: { type, keyword } });
    expect(res.status).toBe(200);
    const body = res.json;
    expect(body.total).toBe(body.data.length);
    return titles(body.data);
  };
  const count = (options: readonly NamedOption[], value: string) => options.find((o) => o.value === value)?.count;

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database;
    sufi = (await makeTag(db, 'genre', 'Sufi')).id;
    const artistId = (await makeArtist(db, 'Maqam Ensemble')).id;
    const track = (
      title: string,
      maqam: string | null,
      tonic: string | null,
      iqa: string | null,
      meter: string | null,
    ) => ({ title, artistId, maqam, tonic, iqa, meter }) as const;
    await makeTrack(db, { ...track('Dawn Song', 'Bayati', 'D', 'Maqsum', '4/4'), tagIds: [sufi] });
    await makeTrack(db, track('Evening Song', 'Bayati', 'A', 'Saidi', '4/4'));
    await makeTrack(db, track('Caravan Song', 'Hijaz', 'D', "Sama'i Thaqil", '10/8'));
    await makeTrack(db, { ...track('Bright Song', 'Hijazkar', 'C', 'Maqsum', '4/4'), tagIds: [sufi] });
    await makeTrack(db, { ...track('Hidden Song', 'Rast', 'C', 'Wahda', '4/4'), published: false });
    await makeTrack(db, track('Free Song', null, null, null, null));
    await makeTrack(db, { ...track('Sikah Loop', 'Sikah', 'E half-flat', 'Karsilama', '9/8'), kind: 'loop' });
    await makeTrack(db, { ...track('Huzam Loop', 'Huzam', 'E half-flat', 'Maqsum', '4/4'), kind: 'loop' });
  });
  afterAll(async () => t.close());

  it('filters by maqam: OR within the facet, AND with the other facets', async () => {
    expect(await listed({ maqam: 'Bayati' })).toEqual(['Dawn Song', 'Evening Song']);
    expect(await listed({ maqam: 'Bayati', tonic: 'D' })).toEqual(['Dawn Song']);
    expect(await listed({ maqam: 'Bayati,Hijaz' })).toEqual(['Caravan Song', 'Dawn Song', 'Evening Song']);
    expect(await listed({ maqam: ['Bayati', 'Hijazkar'], tonic: 'C' })).toEqual(['Bright Song']);
    expect(await listed({ maqam: 'Rast' })).toEqual([]);
  });

  it('filters by family and jins (the maqamat that have them), iqa and meter, with the tag facets', async () => {
    expect(await listed({ maqam_family: 'Hijaz' })).toEqual(['Bright Song', 'Caravan Song']);
    expect(await listed({ jins_upper: 'Nahawand' })).toEqual(['Caravan Song', 'Dawn Song', 'Evening Song']);
    expect(await listed({ jins_upper: 'Nahawand', maqam_family: 'Hijaz' })).toEqual(['Caravan Song']);
    expect(await listed({ iqa: 'Maqsum', genre: sufi })).toEqual(['Bright Song', 'Dawn Song']);
    expect(await listed({ meter: '10/8' })).toEqual(['Caravan Song']);
    expect(await listed({ iqa: "Sama'i Thaqil" })).toEqual(['Caravan Song']);
    expect(await listed({ jins_lower: 'Sikah' }, 'loop')).toEqual(['Huzam Loop', 'Sikah Loop']);
    expect(await listed({ tonic: 'E half-flat', meter: '9/8' }, 'loop')).toEqual(['Sikah Loop']);
  });

  it('refuses unknown values with a 400 naming each field', async () => {
    const res = await list({ maqam: 'Nope', tonic: 'H', meter: '7/8', iqa: 'Waltz' });
    expect(res.status).toBe(400);
    const body = res.error;
    expect(body.message).toBe('Invalid filter: maqam, tonic, iqa, meter');
    expect(body.errors).toEqual({
      maqam: ['Unknown maqam: Nope'],
      tonic: ['Unknown tonic: H'],
      iqa: ['Unknown iqa: Waltz'],
      meter: ['Unknown meter: 7/8'],
    });
    expect((await list({ maqam: 'x'.repeat(41) })).status).toBe(400);
    expect((await filter({ maqam_family: 'Jazz' })).status).toBe(400);
  });

  it("counts every option with the rest of the selection (each facet's own values left out)", async () => {
    const res = await filter({ type: 'music', maqam: 'Bayati', per_page: 5 });
    expect(res.status).toBe(200);
    const body = res.json;
    expect(body.total.music).toBe(2);
    const f = body.filters;
    // The maqam facet ignores its own selection: every published maqam counted; the unpublished Rast is 0.
    expect(count(f.maqam, 'Bayati')).toBe(2);
    expect(count(f.maqam, 'Hijaz')).toBe(1);
    expect(count(f.maqam, 'Hijazkar')).toBe(1);
    expect(count(f.maqam, 'Rast')).toBe(0);
    expect(f.maqam.map((o) => o.value)).toContain('Nikriz');
    // The other facets count within Bayati.
    expect(count(f.maqam_family, 'Bayati')).toBe(2);
    expect(count(f.maqam_family, 'Hijaz')).toBe(0);
    expect(count(f.jins_lower, 'Bayati')).toBe(2);
    expect(count(f.jins_upper, 'Nahawand')).toBe(2);
    expect(count(f.tonic, 'D')).toBe(1);
    expect(count(f.tonic, 'A')).toBe(1);
    expect(count(f.iqa, 'Maqsum')).toBe(1);
    expect(count(f.iqa, 'Saidi')).toBe(1);
    expect(count(f.meter, '4/4')).toBe(2);
    expect(count(f.meter, '10/8')).toBe(0);
    // Tonics in pitch order.
    const tonics = f.tonic.map((o) => o.value);
    expect(tonics.indexOf('C')).toBeLessThan(tonics.indexOf('D'));
    expect(tonics.indexOf('E half-flat')).toBeLessThan(tonics.indexOf('G'));

    const family = (await filter({ type: 'music', maqam_family: 'Hijaz', maqam: 'Hijaz' })).json;
    expect(family.total.music).toBe(1);
    expect(count(family.filters.maqam_family, 'Hijaz')).toBe(1);
    expect(count(family.filters.maqam_family, 'Bayati')).toBe(0);
    expect(count(family.filters.maqam, 'Hijazkar')).toBe(1);

    const loops = (await filter({ type: 'loop' })).json.filters;
    expect(count(loops.maqam_family, 'Sikah')).toBe(2);
    expect(count(loops.tonic, 'E half-flat')).toBe(2);
    expect(count(loops.meter, '9/8')).toBe(1);
  });

  it('search reads "bayati on d", "hijaz kar", "maqsum" and "10/8"', async () => {
    expect(await searched('music', 'bayati on d')).toEqual(['Dawn Song']);
    expect(await searched('music', 'Bayati on A')).toEqual(['Evening Song']);
    expect(await searched('music', 'hijaz kar')).toEqual(['Bright Song']);
    expect(await searched('music', 'maqsum')).toEqual(['Bright Song', 'Dawn Song']);
    expect(await searched('music', '10/8')).toEqual(['Caravan Song']);
    expect(await searched('loop', 'sikah on e half flat')).toEqual(['Sikah Loop']);
    expect(await searched('loop', 'maqsum 4/4')).toEqual(['Huzam Loop']);
    // The same phrases in the lists' keyword, ANDed with the facets.
    expect(await listed({ keyword: 'bayati on d', tonic: 'A' })).toEqual([]);
    expect(await listed({ keyword: 'hijaz kar', iqa: 'Maqsum' })).toEqual(['Bright Song']);
  });

  it('every row carries its maqam, tonic, iqa and meter', async () => {
    const body = (await list({ maqam: 'Hijaz' })).json;
    expect(body.data.data[0]).toMatchObject({ maqam: 'Hijaz', key: 'D', iqa: "Sama'i Thaqil", meter: '10/8' });
    const free = (await list({ keyword: 'free' })).json.data.data[0];
    expect(free).toMatchObject({ maqam: null, key: null, iqa: null, meter: null });
  });
});
