import { addDays } from './time.js';
import type { Database } from '../src/db/client.js';
import {
  albums,
  artists,
  licenses,
  scales,
  sessions,
  tags,
  trackTags,
  tracks,
  users,
  type TagKind,
} from '../src/db/schema/index.js';
import { refreshTrackSearch } from '../src/modules/catalog/catalog-search.repo.js';
import { hashSessionToken, newSessionToken } from '../src/modules/auth/session-token.js';

/** Rows for tests, inserted through the real schema. Audio keys point at nothing unless a test writes them. */
let seq = 0;
const next = () => ++seq;

export async function makeTag(database: Database, kind: TagKind, name?: string) {
  const n = next();
  const [row] = await database.db
    .insert(tags)
    .values({ kind, name: name ?? `${kind} ${n}`, image: `images/tags/${kind}-${n}.svg`, color: '#aa7733' })
    .returning();
  return row!;
}

export async function makeScale(database: Database, keyType = 'Hijaz', key = 'D') {
  const [row] = await database.db
    .insert(scales)
    .values({ name: `${keyType} on ${key}`, key, keyType })
    .onConflictDoNothing()
    .returning();
  return row!;
}

export async function makeArtist(database: Database, name?: string, userId?: number) {
  const n = next();
  const [row] = await database.db
    .insert(artists)
    .values({ name: name ?? `Artist ${n}`, bio: 'Bio', image: `images/artists/a-${n}.svg`, userId: userId ?? null })
    .returning();
  return row!;
}

export async function makeAlbum(
  database: Database,
  artistId: number,
  title?: string,
  releasedAt = '2024-01-01',
  titleAr: string | null = null,
) {
  const n = next();
  const [row] = await database.db
    .insert(albums)
    .values({ title: title ?? `Album ${n}`, titleAr, artistId, image: `images/albums/al-${n}.svg`, releasedAt })
    .returning();
  return row!;
}

export interface TrackInput {
  kind?: 'music' | 'loop';
  title?: string;
  /** The Arabic title (issue 19), if any. */
  titleAr?: string | null;
  artistId: number;
  albumId?: number | null;
  regionId?: number | null;
  scaleId?: number | null;
  priceCents?: number;
  bpm?: number;
  durationS?: number;
  /** null: no maqam (default Hijaz on D in Maqsum, 4/4). */
  maqam?: string | null;
  tonic?: string | null;
  iqa?: string | null;
  meter?: string | null;
  published?: boolean;
  tagIds?: number[];
  masterSampleRate?: number | null;
  masterBitDepth?: number | null;
  /** Loops: the audition WAV's public key (decision 043). */
  auditionKey?: string | null;
}

export async function makeTrack(database: Database, input: TrackInput) {
  const n = next();
  const [row] = await database.db
    .insert(tracks)
    .values({
      kind: input.kind ?? 'music',
      title: input.title ?? `Track ${n}`,
      titleAr: input.titleAr ?? null,
      artistId: input.artistId,
      albumId: input.albumId ?? null,
      regionId: input.regionId ?? null,
      scaleId: input.scaleId ?? null,
      priceCents: input.priceCents ?? 499,
      bpm: input.bpm ?? 100,
      durationS: input.durationS ?? 61.4,
      maqam: input.maqam === undefined ? 'Hijaz' : input.maqam,
      tonic: input.tonic === undefined ? 'D' : input.tonic,
      iqa: input.iqa === undefined ? 'Maqsum' : input.iqa,
      meter: input.meter === undefined ? '4/4' : input.meter,
      published: input.published ?? true,
      audioKey: `originals/t-${n}.wav`,
      previewKey: `previews/t-${n}.mp3`,
      peaksKey: `peaks/t-${n}.json`,
      masterSampleRate: input.masterSampleRate ?? null,
      masterBitDepth: input.masterBitDepth ?? null,
      auditionKey: input.auditionKey ?? null,
    })
    .returning();
  if (input.tagIds?.length) {
    await database.db.insert(trackTags).values(input.tagIds.map((tagId) => ({ trackId: row!.id, tagId })));
  }
  await refreshTrackSearch(database.db, [row!.id]);
  return row!;
}

export async function makeUser(
  database: Database,
  input: { type?: 'user' | 'artist' | 'admin'; email?: string; name?: string; emailVerified?: boolean } = {},
) {
  const n = next();
  const [row] = await database.db
    .insert(users)
    .values({
      name: input.name ?? `User ${n}`,
      email: input.email ?? `user${n}-${Date.now()}@example.com`,
      type: input.type ?? 'user',
      emailVerifiedAt: input.emailVerified ? new Date() : null,
    })
    .returning();
  return row!;
}

/** A live session for the user; returns the bearer token. */
export async function makeSession(database: Database, userId: number, expiresAt = addDays(new Date(), 7)) {
  const token = newSessionToken();
  await database.db.insert(sessions).values({ userId, tokenHash: hashSessionToken(token), expiresAt });
  return token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A valid license of a track for a user (as a purchase or a subscription download records it). */
export async function makeLicense(database: Database, userId: number, trackId: number) {
  const [row] = await database.db
    .insert(licenses)
    .values({
      userId,
      trackId,
      licenseKey: `TRB-TEST-${next()}-${userId}-${trackId}`,
      source: 'purchase',
      orderId: null,
    })
    .returning();
  return row!;
}
