import type { TrackDto } from '@tarab/contracts';

/** Spec §3: opening a playlist merges its loops into its musics list. */
export function mergePlaylistTracks(playlist: { musics?: TrackDto[]; loops?: TrackDto[] }): TrackDto[] {
  return [...(playlist.musics ?? []), ...(playlist.loops ?? [])];
}

/** Spec §2: a playlist's track count is its music plus its loops. */
export function playlistTrackCount(playlist: {
  tracks_count?: number;
  music_count?: number;
  loop_count?: number;
}): number {
  return playlist.tracks_count ?? (playlist.music_count ?? 0) + (playlist.loop_count ?? 0);
}
