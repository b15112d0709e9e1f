import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '@tarab/contracts';
import { selectRows } from '../../src/db/client.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { callRoute } from '../call-route.js';
import { bearer, makeArtist, makeSession, makeTrack, makeUser } from '../factories.js';
import { createPrng, fuzzSeed } from './prng.js';
import { z } from 'zod';

/**
 * Issue #15 item 3: search input is data, never syntax. One artist's titles full of tsquery
 * operators, LIKE wildcards, regex metacharacters, quotes and backslashes (seeded; FUZZ_SEED=<n>
 * replays another run) must not change what anyone else's searches find, must never answer 5xx,
 * and their words must leave the typo lexicon when the titles change back.
 */
const SEED = fuzzSeed(0x5ea2c4);

const SPECIALS = [
  ...`&|!:*()<>'\\%_.^$[]{}+?-/@#~\`"=,;`,
  '<->',
  '<2>',
  ':*',
  ':A',
  "''",
  '\\\\',
  '%%',
  '_%',
  '.*',
  '(?:',
  '[^a]',
  ' ',
];
const WORDS = ['hijaz', 'oud', 'saba', 'nahawand', 'taqsim', 'night', 'dance', 'bayat', 'hijas', 'ud', 'x', '1'];
const HOSTS = ['com', 'de', 'example.org', 'h.com/p', 'a!b@c.de', 'x.y.z'];

describe('search syntax fuzz: hostile titles and keywords', () => {
  let t: TestApp;
  let artistToken: string;
  const victimTitles = [
    'Hijaz Caravan',
    'Oud Sunrise',
    'Nahawand Night',
    'Saba Lament',
    'Bayati Dance',
    'Taqsim on Rast',
    'Sikah Breeze',
  ];
  const queries = [
    'hijaz',
    'hij',
    'hijas',
    'hicaz',
    'oud',
    'ud',
    'nahawand night',
    'saba',
    'bayat',
    'taqsim',
    'dance',
    'sikah',
    'breeze sunrise',
    'night',
  ];
  const baseline = new Map<string, string[]>();
  const hostileIds = new Set<number>();

  type Row = { id: number; title: string };
  const search = async (keyword: string, page = 1) => {
    const res = await callRoute(t.app, Api.catalog.search, { body: { type: 'music', keyword, perPage: 50, page } });
    const listed = await callRoute(t.app, Api.catalog.music, { query: { per_page: 50, page, keyword } });
    return { res, listed };
  };
  /**
   * Titles other than the hostile artist's, in answer order over every page, from both search routes
   * (the hostile tracks may outrank them: only what is found, and its order, must not change).
   */
  const othersFound = async (keyword: string) => {
    const post: Row[] = [];
    const get: Row[] = [];
    for (let page = 1; page <= 10; page++) {
      const { res, listed } = await search(keyword, page);
      expect(res.status, `POST ${keyword}`).toBe(200);
      expect(listed.status, `GET ${keyword}`).toBe(200);
      const a = res.json.data;
      const b = listed.json.data.data;
      post.push(...a);
      get.push(...b);
      if (a.length < 50 && b.length < 50) break;
    }
    const pick = (rows: Row[]) => rows.filter((r) => !hostileIds.has(r.id)).map((r) => r.title);
    return [...pick(post), '|', ...pick(get)];
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const artist = await makeArtist(t.database, 'Ensemble Nour');
    for (const title of victimTitles) await makeTrack(t.database, { artistId: artist.id, title });
    const user = await makeUser(t.database, { type: 'artist' });
    await makeArtist(t.database, 'Hostile Artist', user.id);
    artistToken = await makeSession(t.database, user.id);
    for (const q of queries) baseline.set(q, await othersFound(q));
    expect(baseline.get('hijaz')).toContain('Hijaz Caravan');
    expect(baseline.get('hijas')).toContain('Hijaz Caravan');
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`does not change anyone else's results, never answers 5xx, and cleans the lexicon (seed ${SEED})`, async () => {
    const rng = createPrng(SEED);
    const hostileArtist = (
      await selectRows(
        t.database.db,
        z.object({ id: z.number() }),
        sql`select id from artists where name = 'Hostile Artist'`,
      )
    )[0]!.id;
    const piece = () => {
      switch (rng.int(4)) {
        case 0:
          return rng.pick(SPECIALS);
        case 1:
          return `${rng.pick(WORDS)}${rng.pick(SPECIALS)}${rng.pick(WORDS)}`;
        case 2:
          return `${rng.pick(WORDS)}.${rng.pick(HOSTS)}/${rng.pick(SPECIALS)}${rng.pick(WORDS)}`;
        default:
          return `${rng.pick(SPECIALS)}${rng.pick(WORDS)}${rng.pick(SPECIALS)}`;
      }
    };
    const hostileText = () =>
      Array.from({ length: 1 + rng.int(6) }, piece)
        .join(rng.pick(['', ' ', '']))
        .slice(0, 120);

    // Every special character at least once, then seeded mixtures.
    const titles = [
      SPECIALS.join(''),
      ...SPECIALS.map((s) => `hijaz${s}oud ${s}saba${s}`),
      "hijaz.com/x'y oud.de/a:b*c!d|e(f)&g<h>i\\j%k_l a!b@c.de o'neil@hijaz.com",
      ...Array.from({ length: 40 }, hostileText),
    ].filter((title) => title.trim().length > 0);

    const tracks: number[] = [];
    for (const [i, title] of titles.entries()) {
      const track = await makeTrack(t.database, { artistId: hostileArtist, title: `plain ${i}` });
      tracks.push(track.id);
      hostileIds.add(track.id);
      // The real edit path (artist API → track-writer → refreshTrackSearch).
      const edit = await callRoute(t.app, Api.ingest.editTrack, {
        params: { id: track.id },
        headers: bearer(artistToken),
        body: { title },
      });
      expect(edit.status, JSON.stringify(title)).toBe(200);
    }

    for (const q of queries) expect(await othersFound(q), q).toEqual(baseline.get(q));
    // The hostile texts as keywords: never a 5xx.
    for (const keyword of [...titles, ...Array.from({ length: 60 }, hostileText)]) {
      const { res, listed } = await search(keyword.slice(0, 200));
      expect(res.status, JSON.stringify(keyword)).toBeLessThan(500);
      expect(listed.status, JSON.stringify(keyword)).toBeLessThan(500);
    }

    // The lexicon holds words only, never syntax.
    const odd = await selectRows(
      t.database.db,
      z.object({ term: z.string() }),
      sql`select term from search_terms where term ~ '[[:punct:][:space:][:cntrl:]]'`,
    );
    expect(odd.map((r) => r.term)).toEqual([]);

    // Titles changed back: their words leave the lexicon, and results stay the baseline.
    const before = new Set(
      (await selectRows(t.database.db, z.object({ term: z.string() }), sql`select term from search_terms`)).map(
        (r) => r.term,
      ),
    );
    for (const [i, id] of tracks.entries()) {
      const edit = await callRoute(t.app, Api.ingest.editTrack, {
        params: { id },
        headers: bearer(artistToken),
        body: { title: `plain ${i}` },
      });
      expect(edit.status).toBe(200);
    }
    const after = (
      await selectRows(t.database.db, z.object({ term: z.string() }), sql`select term from search_terms`)
    ).map((r) => r.term);
    const expected = await selectRows(
      t.database.db,
      z.object({ term: z.string() }),
      sql`select distinct w as term from tracks t, unnest(tsvector_to_array(t.search)) w
          where t.published and length(w) between 2 and 40 and w !~ '^[0-9]+$' and w !~ '[[:punct:][:space:][:cntrl:]]'`,
    );
    expect(after.sort()).toEqual(expected.map((r) => r.term).sort());
    expect(before.size).toBeGreaterThan(after.length);
    for (const q of queries) expect(await othersFound(q), q).toEqual(baseline.get(q));
  }, 120_000);

  it('removes the words of a withdrawn track from the lexicon and brings them back on publishing', async () => {
    const artist = await makeArtist(t.database, 'Withdrawn Artist');
    const track = await makeTrack(t.database, { artistId: artist.id, title: 'Zanzibarqux Melody' });
    const has = async () =>
      (
        await selectRows(
          t.database.db,
          z.object({ n: z.number() }),
          sql`select count(*)::int as n from search_terms where term = 'zanzibarqux'`,
        )
      )[0]!.n;
    expect(await has()).toBe(1);
    const user = await makeUser(t.database, { type: 'artist' });
    await t.database.db.execute(sql`update artists set user_id = ${user.id} where id = ${artist.id}`);
    const token = await makeSession(t.database, user.id);
    const toggle = (route: typeof Api.ingest.publish | typeof Api.ingest.unpublish) =>
      callRoute(t.app, route, { params: { id: track.id }, headers: bearer(token) });
    expect((await toggle(Api.ingest.unpublish)).status).toBe(200);
    expect(await has()).toBe(0);
    expect((await toggle(Api.ingest.publish)).status).toBe(200);
    expect(await has()).toBe(1);
  });
});
