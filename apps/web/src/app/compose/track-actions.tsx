import { useEffect, useMemo } from 'react';
import type { TrackDto } from '@tarab/contracts';
import type { TrackListBindings, TrackPlayback } from '@/features/catalog/types';
import { usePlayerStore } from '@/features/player/stores/player-store';
import { preloadable } from '@/lib/preloadable';

/**
 * The row actions (track-row-actions.tsx) are their own chunk, like the rows (decision 050): a
 * list's rows suspend until both are here, and the lists fetch both while their tracks load.
 */
const actions = preloadable(() => import('./track-row-actions').then((module) => module.TrackActions));

const renderTrackActions = (track: TrackDto) => <actions.Component track={track} />;

/** The player as a track list sees it: which track is current, and play/toggle with the list as queue. */
function useTrackPlayback(): TrackPlayback {
  const currentTrackId = usePlayerStore((state) => state.currentTrack?.id ?? null);
  const isPlaying = usePlayerStore((state) => state.isPlaying);
  const play = usePlayerStore((state) => state.playTrack);
  return useMemo(() => ({ currentTrackId, isPlaying, play }), [currentTrackId, isPlaying, play]);
}

/**
 * Everything a catalog track list needs from the rest of the app: `<TrackList {...useTrackListBindings()} />`.
 * The catalog's track lists are bound to the player store, and their rows to the track actions.
 */
export function useTrackListBindings(): Required<TrackListBindings> {
  const playback = useTrackPlayback();
  useEffect(() => void actions.preload().catch(() => undefined), []);
  return { playback, renderActions: renderTrackActions };
}
