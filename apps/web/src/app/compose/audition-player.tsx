import { useEffect, useMemo } from 'react';
import type { TrackDto } from '@tarab/contracts';
import { AuditionButton } from '@/features/audition/components/audition-button';
import { useAuditionStore } from '@/features/audition/stores/audition-store';
import type { TrackListBindings } from '@/features/catalog/types';
import { usePlayerStore } from '@/features/player/stores/player-store';
import { TrackActions } from './track-row-actions';

/**
 * The player dock and loop audition never play at the same time (issue 18): starting one pauses the
 * other. Mounted where audition lives (/loops).
 */
export function usePlayerAuditionExclusion(): void {
  useEffect(() => {
    const offAudition = useAuditionStore.subscribe((state, previous) => {
      if (state.playing && !previous.playing && usePlayerStore.getState().isPlaying) usePlayerStore.getState().stop();
    });
    const offPlayer = usePlayerStore.subscribe((state, previous) => {
      if (state.isPlaying && !previous.isPlaying && useAuditionStore.getState().playing)
        useAuditionStore.getState().stop();
    });
    return () => {
      offAudition();
      offPlayer();
    };
  }, []);
}

const renderLoopActions = (track: TrackDto) => (
  <>
    <AuditionButton track={track} />
    <TrackActions track={track} />
  </>
);

/** /loops rows: the Audition toggle before the usual actions. */
export function useLoopRowActions(bindings: Required<TrackListBindings>): Required<TrackListBindings> {
  return useMemo(() => ({ ...bindings, renderActions: renderLoopActions }), [bindings]);
}
