import { randomBytes } from 'node:crypto';
import {
  LibraryMessages,
  type FavouriteDto,
  type PlaylistDetailDto,
  type PlaylistDto,
  type SharedPlaylistDto,
  type TrackKind,
} from '@tarab/contracts';
import type { DbOrTx } from '../../db/client.js';
import { notFound, fieldError } from '../../lib/errors.js';
import { findTrackKind, getTracksByIds } from '../catalog/catalog.service.js';
import * as repo from './library.repo.js';

const LOGGED_IN = { loggedIn: true };
const toIso = (v: string | Date) => (v instanceof Date ? v : new Date(v)).toISOString();

function toPlaylistDto(row: repo.PlaylistRow): PlaylistDto {
  return {
    id: row.id,
    name: row.name,
    music_count: row.music_count,
    loop_count: row.loop_count,
    tracks_count: row.music_count + row.loop_count,
    created_at: toIso(row.created_at),
  };
}

export async function createPlaylist(db: DbOrTx, userId: number, name: string): Promise<PlaylistDto> {
  const row = await repo.insertPlaylist(db, userId, name);
  return toPlaylistDto({
    id: row.id,
    name: row.name,
    share_token: null,
    created_at: row.createdAt.toISOString(),
    music_count: 0,
    loop_count: 0,
  });
}

/** The user's playlists with their counts and, as the spec's Playlist entity has them, `musics[]` and `loops[]`. */
export async function listPlaylists(db: DbOrTx, userId: number): Promise<PlaylistDetailDto[]> {
  const rows = await repo.findPlaylistsOfUser(db, userId);
  const items = await repo.findItemsOfPlaylists(
    db,
    rows.map((r) => r.id),
  );
  const tracks = new Map(
    (await getTracksByIds(db, [...new Set(items.map((i) => i.trackId))], LOGGED_IN)).map((t) => [t.id, t]),
  );
  return rows.map((row) => {
    const own = items.flatMap((i) =>
      i.playlistId === row.id && tracks.has(i.trackId) ? [tracks.get(i.trackId)!] : [],
    );
    return {
      ...toPlaylistDto(row),
      musics: own.filter((t) => t.kind === 'music'),
      loops: own.filter((t) => t.kind === 'loop'),
    };
  });
}

export async function getPlaylist(db: DbOrTx, userId: number, playlistId: number): Promise<PlaylistDetailDto> {
  const playlist = await repo.findPlaylistOfUser(db, userId, playlistId);
  if (!playlist) throw notFound('playlist_not_found');
  const tracks = await getTracksByIds(db, await repo.findPlaylistTrackIds(db, playlistId), LOGGED_IN);
  return {
    ...toPlaylistDto(playlist),
    musics: tracks.filter((t) => t.kind === 'music'),
    loops: tracks.filter((t) => t.kind === 'loop'),
    share_path: playlist.share_token ? sharePath(playlist.share_token) : null,
  };
}

const sharePath = (token: string) => `/p/${token}`;

/**
 * The owner's unlisted, read-only link: 192 random bits, kept until revoked (asking again answers
 * the same link). Someone else's playlist is 404.
 */
export async function sharePlaylist(db: DbOrTx, userId: number, playlistId: number): Promise<string> {
  const playlist = await repo.findPlaylistOfUser(db, userId, playlistId);
  if (!playlist) throw notFound('playlist_not_found');
  if (playlist.share_token) return sharePath(playlist.share_token);
  const token = randomBytes(24).toString('base64url');
  await repo.setShareToken(db, userId, playlistId, token);
  return sharePath(token);
}

/** Revokes the link: the old token opens nothing any more (a new share makes a new one). */
export async function unsharePlaylist(db: DbOrTx, userId: number, playlistId: number): Promise<void> {
  if (!(await repo.setShareToken(db, userId, playlistId, null))) throw notFound('playlist_not_found');
}

/** What anyone with the link sees: the tracks (previews), counts, and the owner's display name only. */
export async function getSharedPlaylist(
  db: DbOrTx,
  token: string,
  viewer: { loggedIn: boolean },
): Promise<SharedPlaylistDto> {
  const playlist = await repo.findSharedPlaylist(db, token);
  if (!playlist) throw notFound('shared_playlist_not_found');
  const tracks = await getTracksByIds(db, await repo.findPlaylistTrackIds(db, playlist.id), viewer);
  const { id: _id, ...rest } = toPlaylistDto(playlist);
  return {
    ...rest,
    owner: playlist.owner_name,
    musics: tracks.filter((t) => t.kind === 'music'),
    loops: tracks.filter((t) => t.kind === 'loop'),
  };
}

/** Checks the id names a track of the expected kind: a 422 naming the field otherwise. */
async function requireTrackOfKind(db: DbOrTx, trackId: number, kind: TrackKind): Promise<void> {
  if ((await findTrackKind(db, trackId)) !== kind) {
    const field = kind === 'music' ? 'music_id' : 'loop_id';
    throw fieldError(kind === 'music' ? 'music_id_invalid' : 'loop_id_invalid', field);
  }
}

export async function addToPlaylist(db: DbOrTx, userId: number, playlistId: number, trackId: number, kind: TrackKind) {
  if (!(await repo.findPlaylistOfUser(db, userId, playlistId))) throw notFound('playlist_not_found');
  await requireTrackOfKind(db, trackId, kind);
  const added = await repo.addPlaylistItem(db, playlistId, trackId);
  return {
    message: added ? LibraryMessages.trackAddedToPlaylist : LibraryMessages.trackAlreadyInPlaylist,
    data: { playlist_id: playlistId, track_id: trackId, added },
  };
}

export async function deletePlaylist(db: DbOrTx, userId: number, playlistId: number): Promise<void> {
  if (!(await repo.deletePlaylistOfUser(db, userId, playlistId))) throw notFound('playlist_not_found');
}

export async function toggleFavourite(db: DbOrTx, userId: number, trackId: number, kind: TrackKind) {
  await requireTrackOfKind(db, trackId, kind);
  const favorited = await repo.toggleFavourite(db, userId, trackId);
  return {
    message: favorited ? LibraryMessages.trackAddedToFavorites : LibraryMessages.trackRemovedFromFavorites,
    data: { track_id: trackId, favorited },
  };
}

export async function listFavourites(db: DbOrTx, userId: number): Promise<FavouriteDto[]> {
  const rows = await repo.findFavouritesOfUser(db, userId);
  const tracks = await getTracksByIds(
    db,
    rows.map((r) => r.trackId),
    LOGGED_IN,
  );
  const byId = new Map(tracks.map((t) => [t.id, t]));
  return rows.flatMap((r) => {
    const music = byId.get(r.trackId);
    if (!music) return [];
    return [
      {
        music_id: music.kind === 'music' ? music.id : null,
        loop_id: music.kind === 'loop' ? music.id : null,
        created_at: r.createdAt.toISOString(),
        music,
      },
    ];
  });
}

/**
 * A playlist of this user and its track ids in the order they were added, or undefined when it is not
 * theirs (the commerce module's playlist checkout).
 */
export async function playlistTracksOfUser(
  db: DbOrTx,
  userId: number,
  playlistId: number,
): Promise<{ name: string; trackIds: number[] } | undefined> {
  const playlist = await repo.findPlaylistOfUser(db, userId, playlistId);
  if (!playlist) return undefined;
  return { name: playlist.name, trackIds: await repo.findPlaylistTrackIds(db, playlistId) };
}

/** Deleting an account: its playlists (with their items) and favourites go (in the caller's transaction). */
export async function deleteLibraryOfUser(db: DbOrTx, userId: number): Promise<void> {
  await repo.deleteLibraryOfUser(db, userId);
}
