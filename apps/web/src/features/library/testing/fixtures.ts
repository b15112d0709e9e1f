import type { FavouriteDto, PlaylistDto, TrackDto } from '@tarab/contracts';
import { makeTrack as makeAnyTrack } from '@/testing/make-track';

/** Test data shaped like the server's DTOs (only used by this feature's tests). */
export function makeTrack(overrides: Partial<TrackDto> = {}): TrackDto {
  return makeAnyTrack(overrides.id ?? 11, {
    price: 4.99,
    album: { id: 1, title: 'Nights in Cairo', image: { url: '/media/images/album-1.svg' } },
    artist: { id: 1, name: 'Layla Mansour' },
    created_at: '2024-01-01T00:00:00.000Z',
    ...overrides,
  });
}

export function makePlaylist(overrides: Partial<PlaylistDto> = {}): PlaylistDto {
  const music = overrides.music_count ?? 0;
  const loop = overrides.loop_count ?? 0;
  return {
    id: 1,
    name: 'Playlist',
    music_count: music,
    loop_count: loop,
    tracks_count: music + loop,
    created_at: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const favouriteOf = (track: TrackDto): FavouriteDto => ({
  music_id: track.kind === 'music' ? track.id : null,
  loop_id: track.kind === 'loop' ? track.id : null,
  created_at: '2024-01-01T00:00:00.000Z',
  music: track,
});

/** `GET /api/playlists/all`'s answer: each playlist with its (here empty) musics and loops. */
export const playlistsBody = (playlists: PlaylistDto[]) => ({
  playlists: playlists.map((playlist) => ({ ...playlist, musics: [], loops: [] })),
});

/** `POST /api/playlists/add`'s answer. */
export const createdBody = (playlist: PlaylistDto) => ({
  message: 'Playlist created successfully!',
  data: playlist,
  playlist: { ...playlist, musics: [], loops: [] },
});

/** `GET /api/favourit/all`'s answer (§7 sends the list twice). */
export const favouritesBody = (favourites: FavouriteDto[]) => ({ data: favourites, playlists: favourites });
