import type { AlbumDto, ArtistDto, CategoryDto, FilterOption, ScaleDto, TagRef, TrackDto } from '@tarab/contracts';
import { arabicNameOf } from '@tarab/contracts/lexicon';
import type { AlbumRow, ArtistRow, ScaleRow, TagRow, TrackRow, TrackTagRow } from './catalog.repo.js';

/** Public URL of a public storage key. */
export const mediaUrl = (key: string) => `/media/${key}`;

function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

const toIso = (value: string | Date) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

/** Viewer context of a mapping: prices are shown to logged-in callers only (spec §6). */
export interface Viewer {
  loggedIn: boolean;
}

/** A track's or album's artist: the Arabic name only when there is one (decision 061). */
const artistRef = (row: { artist_id: number; artist_name: string; artist_name_ar: string | null }) => ({
  id: row.artist_id,
  name: row.artist_name,
  ...(row.artist_name_ar ? { name_ar: row.artist_name_ar } : {}),
});

function toTrackDto(row: TrackRow, tags: TrackTagRow[], viewer: Viewer): TrackDto {
  const ofKind = (kind: TrackTagRow['kind']): TagRef[] =>
    tags.filter((t) => t.kind === kind).map((t) => ({ id: t.id, name: t.name }));
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    // Only when it has one (issue 19): the field is optional in the DTO.
    ...(row.title_ar ? { title_ar: row.title_ar } : {}),
    ...(viewer.loggedIn ? { price: row.price_cents / 100 } : {}),
    cr_public_id: mediaUrl(row.preview_key),
    waveform_data: mediaUrl(row.peaks_key),
    // Loops: the gapless audition file (decision 043), an extra field beside the spec's envelope.
    ...(row.audition_key ? { audition_url: mediaUrl(row.audition_key) } : {}),
    album:
      row.album_id !== null && row.album_title !== null && row.album_image !== null
        ? {
            id: row.album_id,
            title: row.album_title,
            ...(row.album_title_ar ? { title_ar: row.album_title_ar } : {}),
            image: { url: mediaUrl(row.album_image) },
          }
        : null,
    artist: artistRef(row),
    genre: ofKind('genre'),
    mood: ofKind('mood'),
    theme: ofKind('theme'),
    instrument: ofKind('instrument'),
    region: row.region_id !== null && row.region_name !== null ? { id: row.region_id, name: row.region_name } : null,
    scale:
      row.scale_id !== null && row.scale_name !== null
        ? { id: row.scale_id, name: row.scale_name, key: row.scale_key ?? '', key_type: row.scale_key_type ?? '' }
        : null,
    key: row.tonic,
    maqam: row.maqam,
    iqa: row.iqa,
    meter: row.meter,
    bpm: row.bpm,
    duration: formatDuration(row.duration_s),
    duration_seconds: Math.round(row.duration_s * 100) / 100,
    created_at: toIso(row.created_at),
  };
}

export function toTrackDtos(rows: TrackRow[], tags: TrackTagRow[], viewer: Viewer): TrackDto[] {
  const byTrack = new Map<number, TrackTagRow[]>();
  for (const tag of tags) byTrack.set(tag.track_id, [...(byTrack.get(tag.track_id) ?? []), tag]);
  return rows.map((row) => toTrackDto(row, byTrack.get(row.id) ?? [], viewer));
}

export function toFilterOption(tag: TagRow, count: number): FilterOption {
  return { id: tag.id, name: tag.name, image: mediaUrl(tag.image), color: tag.color, count };
}

/** A tag as a category of /music, its Arabic name from the lexicon (decision 046); the count is the caller's. */
export function toCategoryDto(tag: TagRow): Omit<CategoryDto, 'music_count'> {
  return {
    id: tag.id,
    kind: tag.kind,
    name: tag.name,
    name_ar: arabicNameOf(tag.name) ?? null,
    image: mediaUrl(tag.image),
    color: tag.color,
  };
}

export function toScaleDto(row: ScaleRow): ScaleDto {
  return { id: row.id, name: row.name, key: row.key, key_type: row.key_type };
}

export function toArtistDto(row: ArtistRow): ArtistDto {
  return {
    id: row.id,
    name: row.name,
    ...(row.name_ar ? { name_ar: row.name_ar } : {}),
    bio: row.bio,
    ...(row.bio_ar ? { bio_ar: row.bio_ar } : {}),
    image: { url: mediaUrl(row.image) },
    album_count: row.album_count,
    music_count: row.music_count,
  };
}

export function toAlbumDto(row: AlbumRow): AlbumDto {
  return {
    id: row.id,
    title: row.title,
    ...(row.title_ar ? { title_ar: row.title_ar } : {}),
    image: { url: mediaUrl(row.image) },
    music_count: row.music_count,
    released_at: row.released_at,
    artist: artistRef(row),
  };
}
