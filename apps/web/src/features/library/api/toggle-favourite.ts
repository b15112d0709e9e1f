import { Api } from '@tarab/contracts';
import type { FavouriteDto, TrackDto } from '@tarab/contracts';
import { Limits } from '@tarab/contracts/limits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commonMessages } from '@/lib/i18n/common-messages';
import { toast } from '@/lib/toast';
import { api, isApiError } from '@/lib/api-client';
import { libraryKeys } from './query-keys';

/** `POST /api/music/favorite {music_id}` or `POST /api/loop/favorite {loop_id}`, by kind. */
async function toggleFavourite(track: Pick<TrackDto, 'id' | 'kind'>) {
  return track.kind === 'loop'
    ? api.call(Api.library.favouriteLoop, { body: { loop_id: track.id } })
    : api.call(Api.library.favouriteMusic, { body: { music_id: track.id } });
}

const toastOptions = { autoClose: Limits.toastFavouritesMs };

export const toastLoginToFavourite = () => toast.info(commonMessages.loginToFavorite, toastOptions);

/** Adds or removes `track` in a favourites list (spec §4: adds if absent, removes if present). */
function toggleInList(list: FavouriteDto[], track: TrackDto): FavouriteDto[] {
  if (list.some((f) => f.music.id === track.id)) return list.filter((f) => f.music.id !== track.id);
  const entry: FavouriteDto = {
    music_id: track.kind === 'music' ? track.id : null,
    loop_id: track.kind === 'loop' ? track.id : null,
    created_at: new Date().toISOString(),
    music: track,
  };
  return [entry, ...list];
}

/**
 * Toggles a favourite with an optimistic update of the one favourites query (every heart
 * follows at once), then refreshes it from the server (spec §4).
 */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  const key = libraryKeys.favourites();
  return useMutation({
    mutationFn: (track: TrackDto) => toggleFavourite(track),
    onMutate: async (track) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<FavouriteDto[]>(key);
      if (previous) queryClient.setQueryData<FavouriteDto[]>(key, toggleInList(previous, track));
      return { previous };
    },
    onSuccess: (body) => {
      if (body.data.favorited) toast.success(commonMessages.trackAddedToFavorites, toastOptions);
      else toast.info(commonMessages.trackRemovedFromFavorites, toastOptions);
    },
    onError: (error, _track, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      if (isApiError(error) && error.status === 401) toastLoginToFavourite();
      else toast.error(error, toastOptions);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
