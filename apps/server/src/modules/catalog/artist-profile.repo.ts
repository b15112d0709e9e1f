import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { artists, tracks } from '../../db/schema/index.js';

const profileColumns = {
  id: artists.id,
  name: artists.name,
  nameAr: artists.nameAr,
  bio: artists.bio,
  bioAr: artists.bioAr,
  image: artists.image,
};

/** The artist profile linked to a user account, if any (decision 061). */
export async function findArtistProfileOfUser(db: DbOrTx, userId: number) {
  const [row] = await db.select(profileColumns).from(artists).where(eq(artists.userId, userId));
  return row;
}

export type ArtistProfileRow = NonNullable<Awaited<ReturnType<typeof findArtistProfileOfUser>>>;

/** Writes the given fields of one artist's profile; the fields left out stay as they are. */
export async function updateArtistProfile(
  db: DbOrTx,
  artistId: number,
  fields: Partial<{ name: string; nameAr: string | null; bio: string; bioAr: string | null }>,
): Promise<ArtistProfileRow | undefined> {
  if (Object.keys(fields).length === 0) {
    const [row] = await db.select(profileColumns).from(artists).where(eq(artists.id, artistId));
    return row;
  }
  const [row] = await db.update(artists).set(fields).where(eq(artists.id, artistId)).returning(profileColumns);
  return row;
}

/** The ids of an artist's tracks (their search documents hold the artist's names). */
export async function findTrackIdsOfArtist(db: DbOrTx, artistId: number): Promise<number[]> {
  const rows = await db.select({ id: tracks.id }).from(tracks).where(eq(tracks.artistId, artistId));
  return rows.map((r) => r.id);
}
