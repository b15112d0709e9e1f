import { useMemo } from 'react';
import type { TrackDto } from '@tarab/contracts';
import type { TrackListBindings, TrackPlayback } from '@/features/catalog/types';
import { useOwnedTrackIds } from '@/features/commerce/api/get-downloads';
import { PurchaseActions } from '@/features/commerce/components/purchase-actions';
import { useSession } from '@/features/commerce/hooks/use-session';
import { LibraryActions } from '@/features/library/components/library-actions';
import { usePlayerStore } from '@/features/player/stores/player-store';

/**
 * What can be done with a track, composed from the features that own each part (features
 * never import each other; `src/app` puts them together):
 * - the row actions: the library's favourite / add to playlist, and commerce's buy / download;
 *   a downloaded (licensed) track shows only its Downloaded button (spec §2 "Track rows");
 * - playing it: the catalog's track lists are bound to the player store.
 */
export function TrackActions({ track }: { track: TrackDto }) {
  const loggedIn = useSession().status === 'user';
  // The same cached downloads query PurchaseActions reads: no extra request.
  const owned = useOwnedTrackIds(loggedIn);
  if (loggedIn && owned.data?.has(track.id)) return <PurchaseActions track={track} />;
  return (
    <>
      <LibraryActions track={track} />
      <PurchaseActions track={track} />
    </>
  );
}

const renderTrackActions = (track: TrackDto) => <TrackActions track={track} />;

/** The player as a track list sees it: which track is current, and play/toggle with the list as queue. */
export function useTrackPlayback(): TrackPlayback {
  const currentTrackId = usePlayerStore((state) => state.currentTrack?.id ?? null);
  const isPlaying = usePlayerStore((state) => state.isPlaying);
  const play = usePlayerStore((state) => state.playTrack);
  return useMemo(() => ({ currentTrackId, isPlaying, play }), [currentTrackId, isPlaying, play]);
}

/** Everything a catalog track list needs from the rest of the app: `<TrackList {...useTrackListBindings()} />`. */
export function useTrackListBindings(): Required<TrackListBindings> {
  const playback = useTrackPlayback();
  return { playback, renderActions: renderTrackActions };
}
