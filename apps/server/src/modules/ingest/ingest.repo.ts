import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { selectRows, type DbOrTx } from '../../db/client.js';
import type { UploadFailure } from './ingest-errors.js';
import {
  albums,
  artists,
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

export type { UploadAnalysis } from '../../db/schema/index.js';

/** Locks an upload's row for the rest of the transaction (a requeued copy of a job waits here). */
export async function lockUpload(tx: DbOrTx, id: number): Promise<UploadRow | undefined> {
  const [row] = await tx.select().from(uploads).where(eq(uploads.id, id)).for('update');
  return row;
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
const idRow = z.object({ id: z.number() });
const spentRow = z.object({ id: z.number(), sourceKey: z.string().nullable() });

export async function claimNextUpload(db: DbOrTx): Promise<UploadRow | undefined> {
  const rows = await selectRows(
    db,
    idRow,
    sql`
    update uploads set status = 'processing', locked_at = now(), updated_at = now(), attempts = attempts + 1
    where id = (
      select id from uploads where status = 'queued' and run_after <= now()
      order by id limit 1 for update skip locked
    )
    returning id`,
  );
  const id = rows[0]?.id;
  return id === undefined ? undefined : findUpload(db, id);
}

/** Renews the lease of a job in progress (the worker's heartbeat); false when the job is no longer ours. */
export async function renewLease(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(uploads)
    .set({ lockedAt: sql`now()` })
    .where(and(eq(uploads.id, id), eq(uploads.status, 'processing')))
    .returning({ id: uploads.id });
  return rows.length > 0;
}

/**
 * Jobs whose lease expired (their worker or process died: no heartbeat for `leaseSeconds`): queued
 * again, or failed with `reason` (its text, code and params) once they used up `maxAttempts`. Answers the failed rows' source
 * files, for the caller to remove.
 */
export async function expireLeases(
  db: DbOrTx,
  leaseSeconds: number,
  maxAttempts: number,
  reason: UploadFailure,
): Promise<{ requeued: number; failed: { id: number; sourceKey: string | null }[] }> {
  const expired = and(
    eq(uploads.status, 'processing'),
    lt(uploads.lockedAt, sql`now() - make_interval(secs => ${leaseSeconds})`),
  );
  const failed = await selectRows(
    db,
    spentRow,
    sql`
    with spent as (
      select id, source_key from uploads
      where status = 'processing' and locked_at < now() - make_interval(secs => ${leaseSeconds})
        and attempts >= ${maxAttempts}
      for update skip locked
    )
    update uploads u set status = 'failed', error = ${reason.error}, error_code = ${reason.errorCode},
      error_params = ${reason.errorParams === null ? null : JSON.stringify(reason.errorParams)}::jsonb,
      locked_at = null, source_key = null, updated_at = now()
    from spent where u.id = spent.id
    returning u.id as "id", spent.source_key as "sourceKey"`,
  );
  const requeued = await db
    .update(uploads)
    .set({ status: 'queued', lockedAt: null, updatedAt: sql`now()` })
    .where(and(expired, lt(uploads.attempts, maxAttempts)))
    .returning({ id: uploads.id });
  return { requeued: requeued.length, failed };
}

export async function finishUpload(
  db: DbOrTx,
  id: number,
  values: {
    status: Extract<UploadStatusValue, 'processed' | 'failed' | 'queued'>;
    analysis?: UploadAnalysis | null;
    /** A failed upload's reason (`UploadFailure`); null clears it. */
    error?: string | null;
    errorCode?: string | null;
    errorParams?: Record<string, string | number> | null;
    trackId?: number | null;
    sourceKey?: string | null;
    /** Queued again: not before this many seconds from now. */
    retryInSeconds?: number;
  },
): Promise<void> {
  const { retryInSeconds, ...rest } = values;
  await db
    .update(uploads)
    .set({
      ...rest,
      lockedAt: null,
      updatedAt: sql`now()`,
      ...(retryInSeconds ? { runAfter: sql`now() + make_interval(secs => ${retryInSeconds})` } : {}),
    })
    .where(eq(uploads.id, id));
}

export async function findOwnTrack(db: DbOrTx, artistId: number, trackId: number) {
  const [row] = await db
    .select({
      id: tracks.id,
      kind: tracks.kind,
      published: tracks.published,
      takenDownAt: tracks.takenDownAt,
      reviewState: tracks.reviewState,
      loudnessLufs: tracks.loudnessLufs,
    })
    .from(tracks)
    .where(and(eq(tracks.id, trackId), eq(tracks.artistId, artistId)));
  return row;
}

export async function findTrackStates(db: DbOrTx, trackIds: number[]) {
  if (trackIds.length === 0) return [];
  return db
    .select({
      id: tracks.id,
      published: tracks.published,
      loudnessLufs: tracks.loudnessLufs,
      takenDownAt: tracks.takenDownAt,
      takedownReason: tracks.takedownReason,
      takedownNote: tracks.takedownNote,
      reviewState: tracks.reviewState,
      reviewNote: tracks.reviewNote,
      reviewAt: tracks.reviewAt,
    })
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

/** Which of these storage keys a row still points at (an upload's source or a track's audio). */
export async function referencedKeys(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const [fromUploads, fromTracks] = await Promise.all([
    db.select({ key: uploads.sourceKey }).from(uploads).where(inArray(uploads.sourceKey, keys)),
    db.select({ key: tracks.audioKey }).from(tracks).where(inArray(tracks.audioKey, keys)),
  ]);
  return new Set([...fromUploads, ...fromTracks].flatMap((r) => (r.key ? [r.key] : [])));
}

const allowanceRow = z.object({
  last_hour: z.coerce.number(),
  retry_after_s: z.coerce.number().nullable(),
  stored_bytes: z.coerce.number(),
});

/**
 * What an artist has used of the upload limits: uploads received in the last hour (and the seconds
 * until the oldest of them leaves the hour), and the bytes of the uploads that were not failed
 * (a failed upload's file is deleted). Times are the database's.
 */
export async function uploadAllowance(
  db: DbOrTx,
  artistId: number,
): Promise<{ lastHour: number; retryAfterS: number; storedBytes: number }> {
  const [row] = await selectRows(
    db,
    allowanceRow,
    sql`select count(*) filter (where ${uploads.createdAt} > now() - interval '1 hour') as last_hour,
          extract(epoch from (min(${uploads.createdAt}) filter (where ${uploads.createdAt} > now() - interval '1 hour')
            + interval '1 hour' - now())) as retry_after_s,
          coalesce(sum(${uploads.sizeBytes}) filter (where ${uploads.status} <> 'failed'), 0) as stored_bytes
        from ${uploads} where ${uploads.artistId} = ${artistId}`,
  );
  return {
    lastHour: row?.last_hour ?? 0,
    retryAfterS: Math.max(1, Math.ceil(row?.retry_after_s ?? 1)),
    storedBytes: row?.stored_bytes ?? 0,
  };
}
