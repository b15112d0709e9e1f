import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.js';
import { makeArtist, makeTag, makeTrack } from '../../../test/factories.js';
import { selectRows, type Database } from '../../db/client.js';
import { trackTags, tracks } from '../../db/schema/index.js';
import { refreshTrackSearch } from './catalog-search.repo.js';
import { criteriaKey } from './catalog-count-cache.js';
import { countTracks, keptCountKey, whereTracks, type TrackCriteria } from './catalog.repo.js';
import { buildTsQuery } from './search-query.js';
import { searchTracks } from './catalog.service.js';
import { z } from 'zod';

/**
 * Decision 022: list totals come from counts kept by triggers (`track_counts`) or from an in-process
 * cache keyed by the catalog version; both must equal `count(*)` after every kind of catalog write.
 * Real database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
describe('exact list totals (kept counts and the count cache)', () => {
  let database: Database;
  let tagIds: { genre: number[]; mood: number[]; instrument: number[] };
  let artistId: number;

  const counted = async (c: TrackCriteria) =>
    (
      await selectRows(
        database.db,
        z.object({ n: z.number() }),
        sql`select count(*)::int as n from tracks t where ${whereTracks(c)}`,
      )
    )[0]!.n;

  /** Every criteria shape a list can ask: kept counts (0-2 single facets) and the cached rest. */
  const allCriteria = (): TrackCriteria[] => {
    const out: TrackCriteria[] = [];
    for (const kind of ['music', 'loop'] as const) {
      out.push({ kind });
      for (const g of tagIds.genre) {
        out.push({ kind, tagsByKind: { genre: [g] } });
        for (const m of tagIds.mood) out.push({ kind, tagsByKind: { genre: [g], mood: [m] } });
        out.push({ kind, tagsByKind: { genre: [g], instrument: [tagIds.instrument[0]!] } });
      }
      out.push({ kind, tagsByKind: { genre: tagIds.genre } });
      out.push({
        kind,
        tagsByKind: { genre: [tagIds.genre[0]!], mood: [tagIds.mood[0]!], instrument: tagIds.instrument },
      });
      out.push({ kind, tsQuery: buildTsQuery(['hijaz']) });
      out.push({ kind, tsQuery: buildTsQuery(['desert']), tagsByKind: { mood: [tagIds.mood[1]!] } });
      out.push({ kind, bpmMin: 100 });
    }
    return out;
  };

  const expectExact = async (when: string) => {
    for (const c of allCriteria()) {
      expect(await countTracks(database.db, c), `${when}: ${JSON.stringify(c)}`).toBe(await counted(c));
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    artistId = (await makeArtist(database)).id;
    tagIds = {
      genre: [(await makeTag(database, 'genre')).id, (await makeTag(database, 'genre')).id],
      mood: [(await makeTag(database, 'mood')).id, (await makeTag(database, 'mood')).id],
      instrument: [(await makeTag(database, 'instrument')).id, (await makeTag(database, 'instrument')).id],
    };
    for (let i = 0; i < 24; i++) {
      await makeTrack(database, {
        kind: i % 3 === 0 ? 'music' : 'loop',
        title: `${i % 2 ? 'Desert' : 'Oasis'} ${i}`,
        artistId,
        maqam: i % 4 ? 'Hijaz' : 'Rast',
        bpm: 80 + i * 3,
        tagIds: [
          tagIds.genre[i % 2]!,
          tagIds.mood[Math.floor(i / 2) % 2]!,
          ...(i % 5 === 0 ? [] : [tagIds.instrument[i % 2]!]),
        ],
      });
    }
  });
  afterAll(async () => database.close());

  it('keys the count cache by every criterion, and by nothing empty', () => {
    const base: TrackCriteria = { kind: 'music', tsQuery: buildTsQuery(['oud']) };
    expect(criteriaKey({ ...base, tagsByKind: { genre: undefined, mood: [] }, region: [] })).toBe(criteriaKey(base));
    const variants: TrackCriteria[] = [
      { ...base, kind: 'loop' },
      { ...base, kindRange: 'music' },
      { ...base, tagsByKind: { genre: [1] } },
      { ...base, tagsByKind: { mood: [1] } },
      { ...base, region: [1] },
      { ...base, scale: [1] },
      { ...base, bpm: 90 },
      { ...base, bpmMin: 90 },
      { ...base, bpmMax: 90 },
      { ...base, tsQuery: buildTsQuery(['ney']) },
      { ...base, musical: [{ facet: 'maqam', column: 'maqam', values: ['Bayati'] }] },
      { ...base, musical: [{ facet: 'tonic', column: 'tonic', values: ['D'] }] },
      { ...base, artistId: 1 },
      { ...base, albumId: 1 },
      { ...base, ids: [1] },
      { ...base, includeUnpublished: true },
    ];
    const keys = new Set([criteriaKey(base), ...variants.map(criteriaKey)]);
    expect(keys.size).toBe(variants.length + 1);
  });

  it('knows which criteria the kept counts answer', () => {
    expect(keptCountKey({ kind: 'loop' })).toEqual({ kind: 'loop', a: 0, b: 0 });
    expect(keptCountKey({ kind: 'loop', tagsByKind: { mood: [9], genre: [4] } })).toEqual({ kind: 'loop', a: 4, b: 9 });
    expect(keptCountKey({ kind: 'loop', tagsByKind: { genre: [4, 5] } })).toBeNull();
    expect(keptCountKey({ kind: 'loop', tsQuery: "'x':*" })).toBeNull();
    expect(keptCountKey({ tagsByKind: { genre: [4] } })).toBeNull();
    expect(keptCountKey({ kind: 'music', includeUnpublished: true })).toBeNull();
    expect(keptCountKey({ kind: 'music', region: [3] })).toBeNull();
  });

  it('equal count(*) after inserts, tag edits, withdrawals, deletes and a rolled-back write', async () => {
    await expectExact('seeded');
    await expectExact('seeded, asked again (cached)');

    await makeTrack(database, { kind: 'loop', title: 'Hijaz Desert Late', artistId, tagIds: [tagIds.genre[0]!] });
    await expectExact('after an insert');

    const [first] = await selectRows(
      database.db,
      z.object({ id: z.number() }),
      sql`select min(id)::int as id from tracks`,
    );
    const id = first!.id;
    await database.db.delete(trackTags).where(eq(trackTags.trackId, id));
    await database.db.insert(trackTags).values([{ trackId: id, tagId: tagIds.mood[1]! }]);
    await refreshTrackSearch(database.db, [id]);
    await expectExact('after a tag edit');

    await database.db
      .update(tracks)
      .set({ published: false })
      .where(eq(tracks.id, id + 1));
    await expectExact('after a withdrawal');
    await database.db
      .update(tracks)
      .set({ published: true })
      .where(eq(tracks.id, id + 1));
    await database.db
      .update(tracks)
      .set({ kind: 'music' })
      .where(eq(tracks.id, id + 2));
    await expectExact('after a republish and a change of kind');

    await database.db.delete(tracks).where(eq(tracks.id, id + 3));
    await expectExact('after a delete');

    await database.db
      .transaction(async (tx) => {
        await tx
          .update(tracks)
          .set({ published: false })
          .where(sql`true`);
        // Inside the transaction the counts see its own write…
        expect(await countTracks(tx, { kind: 'loop' })).toBe(0);
        expect(await countTracks(tx, { kind: 'loop', tsQuery: buildTsQuery(['hijaz']) })).toBe(0);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    // …and after the rollback nothing of it remains, cached or kept.
    await expectExact('after a rolled-back write');

    await database.db
      .update(tracks)
      .set({ published: false })
      .where(sql`id % 2 = 0`);
    await refreshTrackSearch(database.db);
    await expectExact('after withdrawing half and a full refresh');
  });

  it('forgets the cached lexicon lookup and total when the catalog changes', async () => {
    const search = (keyword: string) =>
      searchTracks(database.db, { type: 'music', keyword, page: 1, perPage: 10 }, { loggedIn: false });
    expect((await search('Lantren')).total).toBe(0);
    expect((await search('Lantren')).total).toBe(0);
    await makeTrack(database, { kind: 'music', title: 'Lantern Song', artistId });
    const found = await search('Lantren');
    expect(found.total).toBe(1);
    expect(found.data.map((t) => t.title)).toEqual(['Lantern Song']);
  });
});
