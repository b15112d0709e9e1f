import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { artists, licenses, tracks, users } from '../../db/schema/index.js';

export async function findDeliverable(db: DbOrTx, trackId: number) {
  const [row] = await db
    .select({
      id: tracks.id,
      kind: tracks.kind,
      title: tracks.title,
      titleAr: tracks.titleAr,
      audioKey: tracks.audioKey,
      published: tracks.published,
      masterSampleRate: tracks.masterSampleRate,
      masterBitDepth: tracks.masterBitDepth,
      bpm: tracks.bpm,
      maqam: tracks.maqam,
      tonic: tracks.tonic,
      artistName: artists.name,
      artistNameAr: artists.nameAr,
    })
    .from(tracks)
    .innerJoin(artists, eq(artists.id, tracks.artistId))
    .where(eq(tracks.id, trackId));
  return row;
}

export async function findLicensesOfUser(db: DbOrTx, userId: number, page: { limit: number; offset: number }) {
  const where = and(eq(licenses.userId, userId), isNull(licenses.revokedAt));
  const [rows, count] = await Promise.all([
    db
      .select()
      .from(licenses)
      .where(where)
      .orderBy(desc(licenses.createdAt), desc(licenses.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(licenses)
      .where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/**
 * The licensee's name for license.txt and the certificate (never the email). A disabled or deleted
 * account gets nothing: its downloads stop at once, whatever link or session is presented.
 */
export async function findLicensee(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.disabledAt), isNull(users.deletedAt)));
  return row;
}

/** The master facts of tracks (for the format labels of a download list). */
export async function findMasters(db: DbOrTx, trackIds: number[]) {
  if (trackIds.length === 0) return [];
  return db
    .select({ id: tracks.id, masterSampleRate: tracks.masterSampleRate, masterBitDepth: tracks.masterBitDepth })
    .from(tracks)
    .where(inArray(tracks.id, trackIds));
}
