import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ARTIST_LIST } from '@tarab/audio';
import type { Database } from '../db/client.js';
import { artists, tracks } from '../db/schema/index.js';
import { refreshTrackSearch } from '../modules/catalog/catalog-search.repo.js';
import type { SeedLog } from './demo-catalog.js';

/**
 * Demo folders seeded before artists had Arabic names (migration 0023, decision 061) get the demo
 * artists' Arabic names and bios: matched by the demo artist's Latin name, and only where `name_ar`
 * is still empty, so a name an artist has since written (or cleared and rewritten) is never replaced.
 * An artist whose Latin name was changed is not a demo artist any more and is left alone. Cheap (one
 * update per demo artist, none once done): run at every start, before the server listens.
 */
export async function backfillArabicArtistNames(database: Database, log: SeedLog): Promise<number> {
  const filled = await database.db.transaction(async (tx) => {
    const ids: number[] = [];
    for (const artist of ARTIST_LIST) {
      const updated = await tx
        .update(artists)
        .set({ nameAr: artist.nameAr, bioAr: sql`coalesce(${artists.bioAr}, ${artist.bioAr})` })
        .where(and(eq(artists.name, artist.name), isNull(artists.nameAr)))
        .returning({ id: artists.id });
      ids.push(...updated.map((row) => row.id));
    }
    if (ids.length === 0) return 0;
    // Their tracks' search documents hold the artist's names: search finds them by the Arabic one too.
    const trackRows = await tx.select({ id: tracks.id }).from(tracks).where(inArray(tracks.artistId, ids));
    if (trackRows.length > 0)
      await refreshTrackSearch(
        tx,
        trackRows.map((row) => row.id),
      );
    return ids.length;
  });
  if (filled > 0) log.info(`Gave ${filled} demo artist${filled === 1 ? '' : 's'} their Arabic name and bio.`);
  return filled;
}
