import { Api } from '@tarab/contracts/api-refs';
import type { FavouriteDto, TrackDto } from '@tarab/contracts';
import { Limits } from '@tarab/contracts/limits';
import { Messages } from '@tarab/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { api, isApiError } from '@/lib/api-client';
import { libraryKeys } from './query-keys';

/** `POST /api/music/favorite {music_id}` or `POST /api/loop/favorite {loop_id}`, by kind. */
export async function toggleFavourite(track: Pick<TrackDto, 'id' | 'kind'>) {
  return track.kind === 'loop'
    ? api.call(Api.library.favouriteLoop, { body: { loop_id: track.id } })
    : api.call(Api.library.favouriteMusic, { body: { music_id: track.id } });
}

const toastOptions = { autoClose: Limits.toastFavouritesMs };

export const toastLoginToFavourite = () => toast.info(Messages.loginToFavorite, toastOptions);

/** Adds or removes `track` in a favourites list (spec §4: adds if absent, removes if present). */
export function toggleInList(list: FavouriteDto[], track: TrackDto): FavouriteDto[] {
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
      if (body.data.favorited) toast.success(Messages.trackAddedToFavorites, toastOptions);
      else toast.info(Messages.trackRemovedFromFavorites, toastOptions);
    },
    onError: (error, _track, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      if (isApiError(error) && error.status === 401) toastLoginToFavourite();
      else toast.error(error.message, toastOptions);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
