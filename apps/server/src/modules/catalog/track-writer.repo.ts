import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TrackMetadata, TrackMetadataPatch } from '@tarab/contracts';
import type { DbOrTx } from '../../db/client.js';
import { albums, artists, scales, tags, trackTags, tracks, type UploadAnalysis } from '../../db/schema/index.js';
import { refreshTrackSearch } from './catalog-search.repo.js';

/** Writes of catalog tracks (uploads, edits, publishing, bulk import); the search documents follow. */
export const tagFields = ['genre', 'mood', 'theme', 'instrument'] as const;

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

/** Publishes or withdraws a track; the search lexicon follows (words only a withdrawn track had leave it). */
export async function setTrackPublished(db: DbOrTx, trackId: number, published: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    // Either ends a review under way (a publish request withdrawn, or MODERATION turned off since).
    await tx
      .update(tracks)
      .set({ published, reviewState: null, reviewNote: null, reviewAt: null })
      .where(eq(tracks.id, trackId));
    await refreshTrackSearch(tx, [trackId]);
  });
}

/** The account an artist profile is linked to (null: none); undefined when there is no such artist. */
export async function findArtistAccount(db: DbOrTx, artistId: number): Promise<{ userId: number | null } | undefined> {
  const [row] = await db.select({ userId: artists.userId }).from(artists).where(eq(artists.id, artistId));
  return row;
}

/** Links an artist profile to an account; the account's other profile, if any, is detached first. */
export async function linkArtistToUser(db: DbOrTx, artistId: number, userId: number): Promise<void> {
  await db.update(artists).set({ userId: null }).where(eq(artists.userId, userId));
  await db.update(artists).set({ userId }).where(eq(artists.id, artistId));
}

/** Detaches the account's artist profile (the account is deleted; the profile and its tracks stay). */
export async function detachArtistOfUser(db: DbOrTx, userId: number): Promise<void> {
  await db.update(artists).set({ userId: null }).where(eq(artists.userId, userId));
}

// ---- the operator console's decisions (admin.service, each with its audit row in one transaction) ----

/** Unpublishes the track and records why (the service then has the catalog refresh its search data). */
export async function takeDownTrack(
  db: DbOrTx,
  id: number,
  takedown: { reason: 'copyright' | 'quality' | 'other'; note: string | null; at: Date },
): Promise<void> {
  await db
    .update(tracks)
    // A publish request under review ends too: the takedown is what the artist is told.
    .set({
      published: false,
      takenDownAt: takedown.at,
      takedownReason: takedown.reason,
      takedownNote: takedown.note,
      reviewState: null,
      reviewNote: null,
      reviewAt: null,
    })
    .where(and(eq(tracks.id, id), isNull(tracks.takenDownAt)));
}

/** Lifts the takedown; the track stays unpublished until its artist publishes it again. */
export async function liftTakedown(db: DbOrTx, id: number): Promise<void> {
  await db.update(tracks).set({ takenDownAt: null, takedownReason: null, takedownNote: null }).where(eq(tracks.id, id));
}

/** Approves a waiting track: it is published and its review ends (the service refreshes its search data). */
export async function approveTrack(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(tracks)
    .set({ published: true, reviewState: null, reviewNote: null, reviewAt: null })
    .where(and(eq(tracks.id, id), eq(tracks.reviewState, 'pending'), isNull(tracks.takenDownAt)));
}

/** Rejects a waiting track with the reason its artist reads; it stays unpublished. */
export async function rejectTrack(db: DbOrTx, id: number, reason: string, at: Date): Promise<void> {
  await db
    .update(tracks)
    .set({ reviewState: 'rejected', reviewNote: reason, reviewAt: at })
    .where(and(eq(tracks.id, id), eq(tracks.reviewState, 'pending')));
}

/** MODERATION=on: the artist asks to publish; the track waits (unpublished) in the review queue. */
export async function requestTrackReview(db: DbOrTx, trackId: number): Promise<void> {
  await db
    .update(tracks)
    .set({ reviewState: 'pending', reviewNote: null, reviewAt: new Date() })
    .where(and(eq(tracks.id, trackId), eq(tracks.published, false)));
}

/** Name → id lookups of the catalog's options (the bulk import reads them once). */
export async function loadCatalogOptions(db: DbOrTx) {
  const [tagRows, scaleRows, artistRows, albumRows] = await Promise.all([
    db.select({ id: tags.id, kind: tags.kind, name: tags.name }).from(tags),
    db.select({ id: scales.id, name: scales.name, key: scales.key, keyType: scales.keyType }).from(scales),
    db.select({ id: artists.id, name: artists.name }).from(artists),
    db.select({ id: albums.id, title: albums.title, artistId: albums.artistId }).from(albums),
  ]);
  return { tagRows, scaleRows, artistRows, albumRows };
}

/** The track a bulk import made under this reference, if any. */
export async function findImportedTrack(db: DbOrTx, importRef: string) {
  const [row] = await db
    .select({ id: tracks.id, kind: tracks.kind, audioKey: tracks.audioKey })
    .from(tracks)
    .where(eq(tracks.importRef, importRef));
  return row;
}

/** The tonic and maqam of a scale (an uploaded loop's scale sets both, so facets and tuning files see it). */
async function scaleOf(
  db: DbOrTx,
  scaleId: number | null | undefined,
): Promise<{ tonic: string | null; maqam: string | null }> {
  if (!scaleId) return { tonic: null, maqam: null };
  const [row] = await db
    .select({ key: scales.key, keyType: scales.keyType })
    .from(scales)
    .where(eq(scales.id, scaleId));
  return { tonic: row?.key ?? null, maqam: row?.keyType ?? null };
}

async function replaceTags(tx: DbOrTx, trackId: number, m: TrackMetadataPatch): Promise<void> {
  if (!tagFields.some((f) => m[f] !== undefined)) return;
  const current = await tx.select({ tagId: trackTags.tagId }).from(trackTags).where(eq(trackTags.trackId, trackId));
  const kinds = new Map(
    (
      await findTagKinds(
        tx,
        current.map((c) => c.tagId),
      )
    ).map((t) => [t.id, t.kind]),
  );
  // Kinds not in the patch keep their tags; kinds in it are replaced.
  const kept = current.map((c) => c.tagId).filter((id) => m[kinds.get(id) as (typeof tagFields)[number]] === undefined);
  const next = [...new Set([...kept, ...tagFields.flatMap((f) => m[f] ?? [])])];
  await tx.delete(trackTags).where(eq(trackTags.trackId, trackId));
  if (next.length > 0) await tx.insert(trackTags).values(next.map((tagId) => ({ trackId, tagId })));
}

export interface NewTrack {
  artistId: number;
  metadata: TrackMetadata;
  analysis: UploadAnalysis;
  audioKey: string;
  previewKey: string;
  peaksKey: string;
  /** Loops: the gapless audition WAV's public key (decision 043). */
  auditionKey?: string | null;
  importRef?: string | null;
  /** MODERATION=on and the artist asked to publish: the track waits for review, unpublished (decision 041). */
  review?: boolean;
}

/** Inserts a processed track with its tags and search document (inside the caller's transaction). */
export async function insertTrack(tx: DbOrTx, t: NewTrack): Promise<number> {
  const m = t.metadata;
  const [row] = await tx
    .insert(tracks)
    .values({
      kind: m.kind,
      title: m.title,
      titleAr: m.title_ar ?? null,
      artistId: t.artistId,
      albumId: m.album_id ?? null,
      regionId: m.region_id ?? null,
      scaleId: m.kind === 'loop' ? (m.scale_id ?? null) : null,
      ...(m.kind === 'loop' ? await scaleOf(tx, m.scale_id) : { tonic: null, maqam: null }),
      priceCents: Math.round(m.price * 100),
      bpm: m.bpm ?? (t.analysis.bpm === null ? null : Math.round(t.analysis.bpm)),
      durationS: t.analysis.durationS,
      loudnessLufs: t.analysis.loudnessLufs,
      masterSampleRate: t.analysis.sampleRate,
      masterBitDepth: t.analysis.bitDepth ?? null,
      audioKey: t.audioKey,
      previewKey: t.previewKey,
      peaksKey: t.peaksKey,
      auditionKey: m.kind === 'loop' ? (t.auditionKey ?? null) : null,
      published: m.publish && !t.review,
      ...(m.publish && t.review ? { reviewState: 'pending' as const, reviewAt: new Date() } : {}),
      importRef: t.importRef ?? null,
    })
    .returning({ id: tracks.id });
  const id = row!.id;
  await replaceTags(tx, id, m);
  await refreshTrackSearch(tx, [id]);
  return id;
}

/** Applies a metadata patch to an existing track (inside the caller's transaction). */
export async function updateTrack(
  tx: DbOrTx,
  trackId: number,
  kind: 'music' | 'loop',
  m: TrackMetadataPatch,
  extra: Partial<typeof tracks.$inferInsert> = {},
): Promise<void> {
  const set: Partial<typeof tracks.$inferInsert> = { ...extra };
  if (m.title !== undefined) set.title = m.title;
  if (m.title_ar !== undefined) set.titleAr = m.title_ar;
  if (m.album_id !== undefined) set.albumId = m.album_id;
  if (m.region_id !== undefined) set.regionId = m.region_id;
  if (m.scale_id !== undefined && kind === 'loop') {
    set.scaleId = m.scale_id;
    Object.assign(set, await scaleOf(tx, m.scale_id));
  }
  if (m.price !== undefined) set.priceCents = Math.round(m.price * 100);
  if (m.bpm !== undefined && m.bpm !== null) set.bpm = m.bpm;
  // A re-import never publishes a track an operator took down (issue 22): it stays down.
  const stayDown = set.published === true ? { published: sql<boolean>`${tracks.takenDownAt} is null` } : {};
  if (Object.keys(set).length > 0)
    await tx
      .update(tracks)
      .set({ ...set, ...stayDown })
      .where(eq(tracks.id, trackId));
  await replaceTags(tx, trackId, m);
  await refreshTrackSearch(tx, [trackId]);
}
