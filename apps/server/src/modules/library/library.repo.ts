import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { selectRows, timestampText, type DbOrTx } from '../../db/client.js';
import { favourites, playlistItems, playlists } from '../../db/schema/index.js';

const playlistRow = z.object({
  id: z.number(),
  name: z.string(),
  share_token: z.string().nullable(),
  created_at: timestampText,
  music_count: z.number(),
  loop_count: z.number(),
});
export type PlaylistRow = z.infer<typeof playlistRow>;
const sharedPlaylistRow = playlistRow.extend({ owner_name: z.string() });

const playlistSelect = sql`
  select p.id, p.name, p.share_token, p.created_at,
    count(t.id) filter (where t.kind = 'music')::int as music_count,
    count(t.id) filter (where t.kind = 'loop')::int as loop_count
  from playlists p
  left join playlist_items pi on pi.playlist_id = p.id
  left join tracks t on t.id = pi.track_id`;

export async function insertPlaylist(db: DbOrTx, userId: number, name: string) {
  const [row] = await db.insert(playlists).values({ userId, name }).returning();
  return row!;
}

export async function findPlaylistsOfUser(db: DbOrTx, userId: number): Promise<PlaylistRow[]> {
  return selectRows(
    db,
    playlistRow,
    sql`${playlistSelect} where p.user_id = ${userId} group by p.id order by p.id desc`,
  );
}

/** A playlist only through its owner's id: someone else's playlist is simply not found. */
export async function findPlaylistOfUser(
  db: DbOrTx,
  userId: number,
  playlistId: number,
): Promise<PlaylistRow | undefined> {
  const rows = await selectRows(
    db,
    playlistRow,
    sql`${playlistSelect} where p.user_id = ${userId} and p.id = ${playlistId} group by p.id`,
  );
  return rows[0];
}

export async function findPlaylistTrackIds(db: DbOrTx, playlistId: number): Promise<number[]> {
  const rows = await db
    .select({ trackId: playlistItems.trackId })
    .from(playlistItems)
    .where(eq(playlistItems.playlistId, playlistId))
    .orderBy(playlistItems.addedAt, playlistItems.trackId);
  return rows.map((r) => r.trackId);
}

/** The items of several playlists, in the order they were added. */
export async function findItemsOfPlaylists(db: DbOrTx, playlistIds: number[]) {
  if (playlistIds.length === 0) return [];
  return db
    .select({ playlistId: playlistItems.playlistId, trackId: playlistItems.trackId })
    .from(playlistItems)
    .where(inArray(playlistItems.playlistId, playlistIds))
    .orderBy(playlistItems.addedAt, playlistItems.trackId);
}

/** Adds once: the primary key (playlist, track) makes a repeated or concurrent add a no-op. */
export async function addPlaylistItem(db: DbOrTx, playlistId: number, trackId: number): Promise<boolean> {
  const rows = await db.insert(playlistItems).values({ playlistId, trackId }).onConflictDoNothing().returning();
  return rows.length > 0;
}

/** Every playlist (items cascade) and favourite of a user. */
export async function deleteLibraryOfUser(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(playlists).where(eq(playlists.userId, userId));
  await db.delete(favourites).where(eq(favourites.userId, userId));
}

export async function deletePlaylistOfUser(db: DbOrTx, userId: number, playlistId: number): Promise<boolean> {
  const rows = await db
    .delete(playlists)
    .where(and(eq(playlists.id, playlistId), eq(playlists.userId, userId)))
    .returning({ id: playlists.id });
  return rows.length > 0;
}

/**
 * Toggles without read-then-write: insert if absent (the primary key makes a concurrent insert wait
 * for the first and then find the row), else delete. Every call flips the state exactly once, so
 * N concurrent toggles leave it flipped N times; a call that lost both races tries again. Answers
 * whether the track is now a favourite.
 */
export async function toggleFavourite(db: DbOrTx, userId: number, trackId: number): Promise<boolean> {
  for (let attempt = 0; ; attempt += 1) {
    const added = await db
      .insert(favourites)
      .values({ userId, trackId })
      .onConflictDoNothing()
      .returning({ trackId: favourites.trackId });
    if (added.length > 0) return true;
    const removed = await db
      .delete(favourites)
      .where(and(eq(favourites.userId, userId), eq(favourites.trackId, trackId)))
      .returning({ trackId: favourites.trackId });
    if (removed.length > 0 || attempt >= 9) return false;
  }
}

export async function findFavouritesOfUser(db: DbOrTx, userId: number) {
  return db
    .select({ trackId: favourites.trackId, createdAt: favourites.createdAt })
    .from(favourites)
    .where(eq(favourites.userId, userId))
    .orderBy(desc(favourites.createdAt), desc(favourites.trackId));
}

/** Sets (a token) or clears (null) the owner's share link; false when the playlist is not theirs. */
export async function setShareToken(db: DbOrTx, userId: number, playlistId: number, token: string | null) {
  const rows = await db
    .update(playlists)
    .set({ shareToken: token })
    .where(and(eq(playlists.id, playlistId), eq(playlists.userId, userId)))
    .returning({ id: playlists.id });
  return rows.length > 0;
}

/**
 * A shared playlist by its token, with its owner's display name. The link of a disabled or deleted
 * account opens nothing (the same as an unknown token): an operator's disabling ends what it shares.
 */
export async function findSharedPlaylist(db: DbOrTx, token: string) {
  const rows = await selectRows(
    db,
    sharedPlaylistRow,
    sql`select s.*, u.name as owner_name from (${playlistSelect} where p.share_token = ${token} group by p.id) s
        join playlists p2 on p2.id = s.id join users u on u.id = p2.user_id
        where u.disabled_at is null and u.deleted_at is null`,
  );
  return rows[0];
}
