import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { tracks } from '../../db/schema/index.js';

/** The master's facts of one published track or loop (the formats its licence delivers), or undefined. */
export async function findPublishedMaster(
  tx: DbOrTx,
  id: number,
): Promise<{ masterSampleRate: number | null; masterBitDepth: number | null } | undefined> {
  const rows = await tx
    .select({ masterSampleRate: tracks.masterSampleRate, masterBitDepth: tracks.masterBitDepth })
    .from(tracks)
    .where(and(eq(tracks.id, id), eq(tracks.published, true)));
  return rows[0];
}

/** The ids of published tracks and loops, oldest first, at most `limit` (the sitemap's track pages). */
export async function findPublishedTrackIds(tx: DbOrTx, limit: number): Promise<number[]> {
  const rows = await tx
    .select({ id: tracks.id })
    .from(tracks)
    .where(eq(tracks.published, true))
    .orderBy(asc(tracks.id))
    .limit(limit);
  return rows.map((r) => r.id);
}
