import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIST_LIST } from '@tarab/audio';
import type { Database } from '../db/client.js';
import { artists, tracks } from '../db/schema/index.js';
import { makeArtist, makeTrack } from '../../test/factories.js';
import { createTestDatabase } from '../../test/test-database.js';
import { backfillArabicArtistNames } from './arabic-names-backfill.js';
import { refreshTrackSearch } from '../modules/catalog/catalog-search.repo.js';

const arabicOnly = /^[\u0600-\u06FF\s،.]+$/;

describe("the demo artists' Arabic names and bios (decision 061)", () => {
  it('every demo artist has an Arabic name and bio, written in Arabic letters, no two names alike', () => {
    for (const artist of ARTIST_LIST) {
      expect(artist.nameAr, artist.name).toMatch(arabicOnly);
      expect(artist.bioAr, artist.name).toMatch(arabicOnly);
      expect(artist.bioAr.length, artist.name).toBeGreaterThan(60);
      // An Arabic sentence ends with its full stop: the web sets it in an RTL box so it stays at the end.
      expect(artist.bioAr.trim().endsWith('.'), artist.name).toBe(true);
    }
    expect(new Set(ARTIST_LIST.map((a) => a.nameAr)).size).toBe(ARTIST_LIST.length);
  });

  describe('backfill of folders seeded before migration 0023', () => {
    let database: Database;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(async () => database.close());

    it('fills the demo artists by their Latin name, only where name_ar is empty, once', async () => {
      const rimal = ARTIST_LIST.find((a) => a.key === 'rimal-collective')!;
      const layal = ARTIST_LIST.find((a) => a.key === 'layal-zahr')!;
      const demo = await makeArtist(database, rimal.name);
      const written = await makeArtist(database, layal.name);
      await database.db.update(artists).set({ nameAr: 'ليال', bioAr: null }).where(eq(artists.id, written.id));
      const stranger = await makeArtist(database, 'Someone Else');
      const track = await makeTrack(database, { artistId: demo.id, title: 'Dune Sea' });
      await refreshTrackSearch(database.db);

      expect(await backfillArabicArtistNames(database, { info: () => {} })).toBe(1);
      const rows = await database.db.select().from(artists);
      expect(rows.find((r) => r.id === demo.id)).toMatchObject({ nameAr: rimal.nameAr, bioAr: rimal.bioAr });
      // A name the artist wrote is theirs; an artist who is not a demo artist is left alone.
      expect(rows.find((r) => r.id === written.id)).toMatchObject({ nameAr: 'ليال', bioAr: null });
      expect(rows.find((r) => r.id === stranger.id)).toMatchObject({ nameAr: null, bioAr: null });
      // The track's search document has the Arabic name now.
      const [row] = await database.db.select({ search: tracks.search }).from(tracks).where(eq(tracks.id, track.id));
      expect(String(row?.search)).toContain('رمال');

      expect(await backfillArabicArtistNames(database, { info: () => {} })).toBe(0);
    });
  });
});
