import type { TrackDto } from '@tarab/contracts';
import { useFavouriteIds } from '../api/get-favourites';
import { toastLoginToFavourite, useToggleFavourite } from '../api/toggle-favourite';
import { useSessionState } from './use-session-state';

/**
 * The favourite state of one track and its toggle, shared by the row heart and the
 * player (spec §2, §5: a visitor gets `Please log in to add tracks to favorites.`).
 */
export function useFavourite(track: TrackDto) {
  const session = useSessionState();
  const ids = useFavouriteIds({ enabled: session === 'user' });
  const mutation = useToggleFavourite();
  const isFavourite = ids.data?.has(track.id) ?? false;

  const toggle = () => {
    if (session === 'anonymous') {
      toastLoginToFavourite();
      return;
    }
    // Logged in, or not known yet: the server decides (a 401 gives the same toast).
    mutation.mutate(track);
  };

  return { isFavourite, toggle, isPending: mutation.isPending };
}
