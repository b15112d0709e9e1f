import type { AdminTrackDto, TrackDto } from '@tarab/contracts';
import { formatDuration } from '@/lib/format';

/**
 * A console track as the store's player takes it (issue #32: the console plays previews in the
 * store's own player, not in the browser's grey one). The console knows the preview, the peaks,
 * the length and the artist; the catalogue facts it does not show are left empty.
 */
export function playableOf(track: AdminTrackDto): TrackDto {
  const seconds = track.duration_seconds ?? 0;
  return {
    id: track.id,
    kind: track.kind,
    title: track.title,
    cr_public_id: track.preview_url,
    waveform_data: track.waveform_data ?? '',
    album: null,
    artist: { id: track.artist.id, name: track.artist.name },
    genre: [],
    mood: [],
    theme: [],
    instrument: [],
    region: null,
    scale: null,
    key: null,
    maqam: null,
    iqa: null,
    meter: null,
    bpm: null,
    duration: formatDuration(seconds),
    duration_seconds: seconds,
    created_at: track.created_at,
  };
}
