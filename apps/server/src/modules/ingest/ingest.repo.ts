import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { selectRows, type DbOrTx } from '../../db/client.js';
import {
  albums,
  artists,
  scales,
  tags,
  tracks,
  uploads,
  type UploadAnalysis,
  type UploadStatusValue,
} from '../../db/schema/index.js';

export type UploadRow = typeof uploads.$inferSelect;

export async function findArtistOfUser(db: DbOrTx, userId: number) {
  const [row] = await db.select({ id: artists.id, name: artists.name }).from(artists).where(eq(artists.userId, userId));
  return row;
}

export async function findAlbumsOfArtist(db: DbOrTx, artistId: number) {
  return db
    .select({ id: albums.id, title: albums.title })
    .from(albums)
    .where(eq(albums.artistId, artistId))
    .orderBy(desc(albums.releasedAt), desc(albums.id));
}

export async function findTagKinds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select({ id: tags.id, kind: tags.kind }).from(tags).where(inArray(tags.id, ids));
}

export async function scaleExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: scales.id }).from(scales).where(eq(scales.id, id));
  return row !== undefined;
}

export async function albumOwner(db: DbOrTx, albumId: number): Promise<number | undefined> {
  const [row] = await db.select({ artistId: albums.artistId }).from(albums).where(eq(albums.id, albumId));
  return row?.artistId;
}

export async function insertUpload(db: DbOrTx, values: typeof uploads.$inferInsert): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(values).returning();
  return row!;
}

export async function findUpload(db: DbOrTx, id: number): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
  return row;
}

export async function findUploadsOfArtist(db: DbOrTx, artistId: number, limit = 100): Promise<UploadRow[]> {
  return db.select().from(uploads).where(eq(uploads.artistId, artistId)).orderBy(desc(uploads.id)).limit(limit);
}

/**
 * Claims the oldest queued upload for this worker: the row is locked while it is picked, and SKIP
 * LOCKED lets several workers (or server instances) claim different rows without waiting.
 */
export async function claimNextUpload(db: DbOrTx): Promise<UploadRow | undefined> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`
    update uploads set status = 'processing', locked_at = now(), updated_at = now(), attempts = attempts + 1
    where id = (
      select id from uploads where status = 'queued' order by id limit 1 for update skip locked
    )
    returning id`,
  );
  const id = rows[0]?.id;
  return id === undefined ? undefined : findUpload(db, id);
}

/** Jobs whose worker died (crash, kill -9) go back to the queue after `staleSeconds`. */
export async function requeueStale(db: DbOrTx, staleSeconds: number): Promise<number> {
  const rows = await db
    .update(uploads)
    .set({ status: 'queued', lockedAt: null, updatedAt: sql`now()` })
    .where(
      and(eq(uploads.status, 'processing'), lt(uploads.lockedAt, sql`now() - make_interval(secs => ${staleSeconds})`)),
    )
    .returning({ id: uploads.id });
  return rows.length;
}

export async function finishUpload(
  db: DbOrTx,
  id: number,
  values: {
    status: Extract<UploadStatusValue, 'processed' | 'failed' | 'queued'>;
    analysis?: UploadAnalysis | null;
    error?: string | null;
    trackId?: number | null;
    sourceKey?: string | null;
  },
): Promise<void> {
  await db
    .update(uploads)
    .set({ ...values, lockedAt: null, updatedAt: sql`now()` })
    .where(eq(uploads.id, id));
}

export async function findOwnTrack(db: DbOrTx, artistId: number, trackId: number) {
  const [row] = await db
    .select({
      id: tracks.id,
      kind: tracks.kind,
      published: tracks.published,
      loudnessLufs: tracks.loudnessLufs,
    })
    .from(tracks)
    .where(and(eq(tracks.id, trackId), eq(tracks.artistId, artistId)));
  return row;
}

export async function findTrackStates(db: DbOrTx, trackIds: number[]) {
  if (trackIds.length === 0) return [];
  return db
    .select({ id: tracks.id, published: tracks.published, loudnessLufs: tracks.loudnessLufs })
    .from(tracks)
    .where(inArray(tracks.id, trackIds));
}

export async function findTrackIdsOfArtist(db: DbOrTx, artistId: number): Promise<number[]> {
  const rows = await db
    .select({ id: tracks.id })
    .from(tracks)
    .where(eq(tracks.artistId, artistId))
    .orderBy(desc(tracks.id))
    .limit(500);
  return rows.map((r) => r.id);
}

export async function setPublished(db: DbOrTx, trackId: number, published: boolean): Promise<void> {
  await db.update(tracks).set({ published }).where(eq(tracks.id, trackId));
}

/** Which of these storage keys a row still points at (an upload's source or a track's audio). */
export async function referencedKeys(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const [fromUploads, fromTracks] = await Promise.all([
    db.select({ key: uploads.sourceKey }).from(uploads).where(inArray(uploads.sourceKey, keys)),
    db.select({ key: tracks.audioKey }).from(tracks).where(inArray(tracks.audioKey, keys)),
  ]);
  return new Set([...fromUploads, ...fromTracks].flatMap((r) => (r.key ? [r.key] : [])));
}
