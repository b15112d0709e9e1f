import { eq } from 'drizzle-orm';
import type { TrackMetadata, TrackMetadataPatch } from '@tarab/contracts';
import { IngestMessages } from '@tarab/contracts';
import type { DbOrTx } from '../../db/client.js';
import { scales, trackTags, tracks, type UploadAnalysis } from '../../db/schema/index.js';
import { unprocessable, type FieldErrors } from '../../lib/errors.js';
import { refreshTrackSearch } from '../catalog/catalog-search.repo.js';
import * as repo from './ingest.repo.js';

const tagFields = ['genre', 'mood', 'theme', 'instrument'] as const;

/**
 * Checks a (partial) metadata object against the catalog's options: tags of the right kind, a
 * region that is a region, an album of this artist, a scale only on loops. 422 with field errors.
 */
export async function checkMetadataOptions(
  db: DbOrTx,
  artistId: number,
  kind: 'music' | 'loop',
  m: TrackMetadataPatch,
): Promise<void> {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const ids = [...tagFields.flatMap((f) => m[f] ?? []), ...(m.region_id ? [m.region_id] : [])];
  const kinds = new Map((await repo.findTagKinds(db, [...new Set(ids)])).map((t) => [t.id, t.kind]));
  for (const field of tagFields) {
    if ((m[field] ?? []).some((id) => kinds.get(id) !== field)) add(field, IngestMessages.unknownOption(field));
  }
  if (m.region_id && kinds.get(m.region_id) !== 'region') add('region_id', IngestMessages.unknownOption('region'));
  if (m.album_id && (await repo.albumOwner(db, m.album_id)) !== artistId) {
    add('album_id', IngestMessages.unknownOption('album'));
  }
  if (m.scale_id) {
    if (kind !== 'loop') add('scale_id', IngestMessages.scaleOnlyForLoops);
    else if (!(await repo.scaleExists(db, m.scale_id))) add('scale_id', IngestMessages.unknownOption('scale'));
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw unprocessable(first, errors);
}

async function tonicOf(db: DbOrTx, scaleId: number | null | undefined): Promise<string | null> {
  if (!scaleId) return null;
  const [row] = await db.select({ key: scales.key }).from(scales).where(eq(scales.id, scaleId));
  return row?.key ?? null;
}

async function replaceTags(tx: DbOrTx, trackId: number, m: TrackMetadataPatch): Promise<void> {
  if (!tagFields.some((f) => m[f] !== undefined)) return;
  const current = await tx.select({ tagId: trackTags.tagId }).from(trackTags).where(eq(trackTags.trackId, trackId));
  const kinds = new Map(
    (
      await repo.findTagKinds(
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
  importRef?: string | null;
}

/** Inserts a processed track with its tags and search document (inside the caller's transaction). */
export async function insertTrack(tx: DbOrTx, t: NewTrack): Promise<number> {
  const m = t.metadata;
  const [row] = await tx
    .insert(tracks)
    .values({
      kind: m.kind,
      title: m.title,
      artistId: t.artistId,
      albumId: m.album_id ?? null,
      regionId: m.region_id ?? null,
      scaleId: m.kind === 'loop' ? (m.scale_id ?? null) : null,
      tonic: m.kind === 'loop' ? await tonicOf(tx, m.scale_id) : null,
      priceCents: Math.round(m.price * 100),
      bpm: m.bpm ?? (t.analysis.bpm === null ? null : Math.round(t.analysis.bpm)),
      durationS: t.analysis.durationS,
      loudnessLufs: t.analysis.loudnessLufs,
      masterSampleRate: t.analysis.sampleRate,
      masterBitDepth: t.analysis.bitDepth ?? null,
      audioKey: t.audioKey,
      previewKey: t.previewKey,
      peaksKey: t.peaksKey,
      published: m.publish,
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
  if (m.album_id !== undefined) set.albumId = m.album_id;
  if (m.region_id !== undefined) set.regionId = m.region_id;
  if (m.scale_id !== undefined && kind === 'loop') {
    set.scaleId = m.scale_id;
    set.tonic = await tonicOf(tx, m.scale_id);
  }
  if (m.price !== undefined) set.priceCents = Math.round(m.price * 100);
  if (m.bpm !== undefined && m.bpm !== null) set.bpm = m.bpm;
  if (Object.keys(set).length > 0) await tx.update(tracks).set(set).where(eq(tracks.id, trackId));
  await replaceTags(tx, trackId, m);
  await refreshTrackSearch(tx, [trackId]);
}
