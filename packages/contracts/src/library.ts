import { z } from './zod.js';
import { TrackDto } from './catalog.js';
import { ServerErrors } from './error-codes.js';

/** Playlists and favourites (spec sections 2 "Saved page", 3, 5, 7). */

export const LibraryLimits = { playlistNameMax: 100 } as const;

export const LibraryMessages = {
  playlistNameEmpty: ServerErrors.playlist_name_empty_field,
  playlistNameTooLong: `The playlist name may not be greater than ${LibraryLimits.playlistNameMax} characters.`,
  playlistNotFound: ServerErrors.playlist_not_found,
  playlistDeleted: 'Playlist deleted.',
  trackAddedToPlaylist: 'Track added to playlist successfully!',
  trackAlreadyInPlaylist: 'The track is already in this playlist.',
  musicInvalid: ServerErrors.music_id_invalid,
  loopInvalid: ServerErrors.loop_id_invalid,
  trackAddedToFavorites: 'Track added to favorites.',
  trackRemovedFromFavorites: 'Track removed from favorites.',
  shareCreated: 'Share link created.',
  shareRevoked: 'Share link revoked: the old link no longer opens the playlist.',
  sharedNotFound: ServerErrors.shared_playlist_not_found,
} as const;

/**
 * An id in a JSON body: a whole number, or a string of digits (form-style clients). Not coerced
 * from anything else: `true`, `[5]`, `"1e3"` or `" 5"` are not ids.
 */
const positiveId = (field: string) =>
  z.pipe(
    z.transform((value) => (typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value)),
    z
      .number({
        error: (issue) =>
          issue.input === undefined || issue.input === null
            ? `The ${field} field is required.`
            : `The ${field} must be an integer.`,
      })
      .check(z.int(`The ${field} must be an integer.`))
      .check(z.gte(1, `The ${field} must be a positive id.`))
      .check(z.lte(2_147_483_647, `The ${field} must be a positive id.`)),
  );

export const CreatePlaylistBody = z.object({
  name: z
    .string({ error: LibraryMessages.playlistNameEmpty })
    .check(z.trim())
    .check(z.minLength(1, LibraryMessages.playlistNameEmpty))
    .check(z.maxLength(LibraryLimits.playlistNameMax, LibraryMessages.playlistNameTooLong)),
});
export const AddMusicToPlaylistBody = z.object({
  playlist_id: positiveId('playlist id'),
  music_id: positiveId('music id'),
});
export const AddLoopToPlaylistBody = z.object({
  playlist_id: positiveId('playlist id'),
  loop_id: positiveId('loop id'),
});
export const MusicFavoriteBody = z.object({ music_id: positiveId('music id') });
export const LoopFavoriteBody = z.object({ loop_id: positiveId('loop id') });

export const PlaylistDto = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  music_count: z.number().check(z.int()),
  loop_count: z.number().check(z.int()),
  /** music plus loops */
  tracks_count: z.number().check(z.int()),
  created_at: z.string(),
});
export type PlaylistDto = z.infer<typeof PlaylistDto>;

export const PlaylistDetailDto = z.extend(PlaylistDto, {
  musics: z.array(TrackDto),
  loops: z.array(TrackDto),
  /** The owner's view only: the unlisted share link's path (`/p/{token}`), or null when not shared. */
  share_path: z.optional(z.nullable(z.string())),
});
export type PlaylistDetailDto = z.infer<typeof PlaylistDetailDto>;

/** POST /api/playlists/add: §7 names the answer `playlist`; `data` is the same playlist. */
export const CreatePlaylistResponse = z.object({ message: z.string(), data: PlaylistDto, playlist: PlaylistDetailDto });
/** GET /api/playlists/all: §7 `playlists`, each with its `musics[]` and `loops[]` (§3 Playlist). */
export const PlaylistListResponse = z.object({ playlists: z.array(PlaylistDetailDto) });
export const PlaylistDetailResponse = z.object({ data: PlaylistDetailDto });
export const AddToPlaylistResponse = z.object({
  message: z.string(),
  data: z.object({ playlist_id: z.number().check(z.int()), track_id: z.number().check(z.int()), added: z.boolean() }),
});

export const FavouriteDto = z.object({
  music_id: z.nullable(z.number().check(z.int())),
  loop_id: z.nullable(z.number().check(z.int())),
  created_at: z.string(),
  music: TrackDto,
});
export type FavouriteDto = z.infer<typeof FavouriteDto>;
/** GET /api/favourit/all: §7 names the answer `playlists`; `data` holds the same list. */
export const FavouriteListResponse = z.object({ data: z.array(FavouriteDto), playlists: z.array(FavouriteDto) });
export const ToggleFavouriteResponse = z.object({
  message: z.string(),
  data: z.object({ track_id: z.number().check(z.int()), favorited: z.boolean() }),
});

/** POST /api/playlists/{id}/share: the playlist's unlisted, read-only link (the same until revoked). */
export const SharePlaylistResponse = z.object({ message: z.string(), data: z.object({ share_path: z.string() }) });
export const ShareTokenParam = z.object({ token: z.string().check(z.minLength(1)).check(z.maxLength(200)) });
/** GET /api/shared/playlists/{token}: what anyone with the link sees (the owner by display name only). */
export const SharedPlaylistDto = z.extend(z.omit(PlaylistDto, { id: true }), {
  owner: z.string(),
  musics: z.array(TrackDto),
  loops: z.array(TrackDto),
});
export type SharedPlaylistDto = z.infer<typeof SharedPlaylistDto>;
export const SharedPlaylistResponse = z.object({ data: SharedPlaylistDto });
