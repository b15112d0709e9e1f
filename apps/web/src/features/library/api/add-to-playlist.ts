import { Api } from '@tarab/contracts';
import type { TrackDto } from '@tarab/contracts';
import { Limits } from '@tarab/contracts/limits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commonMessages } from '@/lib/i18n/common-messages';
import { toast } from '@/lib/toast';
import { libraryAnswers } from '../lib/library-answers';
import { api, isApiError } from '@/lib/api-client';
import { libraryKeys } from './query-keys';

type AddToPlaylistInput = { playlistId: number; track: Pick<TrackDto, 'id' | 'kind'> };

/**
 * `POST /api/playlists/add-music {playlist_id, music_id}` or
 * `POST /api/playlists/add-loop {playlist_id, loop_id}`, by the track's kind.
 */
async function addToPlaylist({ playlistId, track }: AddToPlaylistInput) {
  return track.kind === 'loop'
    ? api.call(Api.library.addLoop, { body: { playlist_id: playlistId, loop_id: track.id } })
    : api.call(Api.library.addMusic, { body: { playlist_id: playlistId, music_id: track.id } });
}

/** Add-to-playlist toasts close after 1500 ms, as the favourites' (spec §4 "Toasts", §9). */
const toastOptions = { autoClose: Limits.toastFavouritesMs };

export function useAddToPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToPlaylist,
    onSuccess: (body, { playlistId }) => {
      void queryClient.invalidateQueries({ queryKey: libraryKeys.playlists(), exact: true });
      void queryClient.invalidateQueries({ queryKey: libraryKeys.playlist(playlistId) });
      if (body.data?.added === false) toast.info(libraryAnswers.trackAlreadyInPlaylist, toastOptions);
      else toast.success(commonMessages.trackAddedToPlaylist, toastOptions);
    },
    onError: (error) => {
      // An expired session: the same words as for a visitor (spec §5).
      toast.error(isApiError(error) && error.status === 401 ? commonMessages.loginToFavorite : error, toastOptions);
    },
  });
}
