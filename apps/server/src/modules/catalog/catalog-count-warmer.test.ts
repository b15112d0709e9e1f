import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.js';
import { makeArtist, makeTag, makeTrack } from '../../../test/factories.js';
import { selectRows, type Database } from '../../db/client.js';
import { createCatalogEvents } from '../../lib/catalog-events.js';
import { startCountWarmer, type CountWarmer } from './catalog-count-warmer.js';
import { cachedCount } from './catalog-count-cache.js';
import { catalogVersionOf, whereTracks, type TrackCriteria } from './catalog.repo.js';
import { listTracks, searchTracks, wordsToWarm } from './catalog.service.js';
import { buildTsQuery, tokenize } from './search-query.js';
import { z } from 'zod';

/**
 * Decision 042: the warmer counts the broad search words ahead, into the same versioned cache the
 * searches read, and again after the catalog changes. Real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL); the cache is read with `cachedCount`, which never counts by itself.
 */
describe('the search count warmer', () => {
  let database: Database;
  let artistId: number;
  const events = createCatalogEvents();
  let warmer: CountWarmer;
  const runs: number[] = [];

  const exact = async (c: TrackCriteria) =>
    (
      await selectRows(
        database.db,
        z.object({ n: z.number() }),
        sql`select count(*)::int as n from tracks t where ${whereTracks(c)}`,
      )
    )[0]!.n;
  const criteriaOf = (kind: 'music' | 'loop', keyword: string): TrackCriteria => ({
    kind,
    tsQuery: buildTsQuery(tokenize(keyword)),
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    artistId = (await makeArtist(database, 'Warm Ensemble')).id;
    const oud = await makeTag(database, 'instrument', 'Oud');
    const mood = await makeTag(database, 'mood', 'Mystical');
    for (let i = 0; i < 12; i++) {
      await makeTrack(database, {
        kind: i % 3 === 0 ? 'music' : 'loop',
        title: `${i % 2 ? 'Lantern' : 'Caravan'} ${i}`,
        artistId,
        maqam: i % 4 ? 'Hijaz' : 'Bayati',
        tagIds: i % 2 ? [oud.id] : [mood.id],
      });
    }
    warmer = startCountWarmer(database.db, { events, debounceMs: 5, pollMs: 3_600_000, onWarmed: () => runs.push(1) });
  });
  afterAll(async () => {
    await warmer.close();
    await database.close();
  });

  it('takes the lexicon (Latin and Arabic spellings) and every tag name', async () => {
    const words = await wordsToWarm(database.db, 50);
    for (const word of ['hijaz', 'hicaz', 'حجاز', 'oud', 'عود', 'darbuka', 'derbake', 'mystical']) {
      expect(words, word).toContain(word);
    }
    expect(new Set(words).size).toBe(words.length);
  });

  it('leaves exact counts of those words ready for both kinds, shared by every spelling and both list routes', async () => {
    await warmer.warm();
    const version = (await catalogVersionOf(database.db))!;
    for (const keyword of ['hijaz', 'Hicaz', 'حجاز', 'oud', 'ʿūd', 'mystical', 'bayati']) {
      for (const kind of ['music', 'loop'] as const) {
        const c = criteriaOf(kind, keyword);
        expect(cachedCount(database.db, c, version), `${keyword} ${kind}`).toBe(await exact(c));
      }
    }
    // A word of the catalog that no list names (a title word on a database without statistics) was not counted…
    expect(cachedCount(database.db, criteriaOf('music', 'lantern'), version)).toBeUndefined();
    // …and a search for it keeps its count under the same key as the warmer, whichever route asks.
    const listed = await listTracks(
      database.db,
      'music',
      { keyword: 'lantern', page: 1, per_page: 10 },
      { loggedIn: false },
    );
    expect(cachedCount(database.db, criteriaOf('music', 'lantern'), version)).toBe(listed.total);
    const searched = await searchTracks(
      database.db,
      { type: 'music', keyword: 'lantern', page: 1, perPage: 10 },
      { loggedIn: false },
    );
    expect(searched.total).toBe(listed.total);
  });

  it('counts again after a catalog change, at the new version, once for a burst of notices', async () => {
    await warmer.warm();
    const before = runs.length;
    const c = criteriaOf('loop', 'oud');
    const old = await exact(c);
    const oud = (
      await selectRows(database.db, z.object({ id: z.number() }), sql`select id from tags where name = 'Oud'`)
    )[0]!.id;
    await makeTrack(database, { kind: 'loop', title: 'Late Oud', artistId, tagIds: [oud] });
    const version = (await catalogVersionOf(database.db))!;
    expect(cachedCount(database.db, c, version)).toBeUndefined();
    for (let i = 0; i < 5; i++) events.changed();
    await expect.poll(() => cachedCount(database.db, c, version), { timeout: 10_000 }).toBe(old + 1);
    await warmer.warm(); // the run under way ends; the version is warmed, so no other run counts
    expect(runs.length).toBe(before + 1);
  });

  it('does nothing more once closed', async () => {
    await warmer.close();
    await makeTrack(database, { kind: 'music', title: 'After Close', artistId, maqam: 'Hijaz' });
    const version = (await catalogVersionOf(database.db))!;
    events.changed();
    await warmer.warm();
    expect(cachedCount(database.db, criteriaOf('music', 'hijaz'), version)).toBeUndefined();
  });
});
