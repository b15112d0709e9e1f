import { lazy, Suspense, useEffect, useState } from 'react';
import { usePlayerStore } from '@/features/player/stores/player-store';
import { onIdle } from '@/lib/idle';

/** Not needed to paint a page: its code is fetched once the page is up (own chunk). */
const PlayerDockWithFavourites = lazy(() => import('./player-dock-with-favourites'));

/**
 * The audio player dock (spec §2 "Audio player"): the player feature's bar (desktop) or
 * collapsible full-screen player (under 768 px), with the library's favourite heart composed in.
 * Sticky at the bottom of the page frame, so it never hides the footer. Mounted once the page is
 * up and idle, or as soon as a track is picked (not part of the prerendered page either): playback
 * state lives in the player store, so the track plays as soon as the dock is there.
 */
export function PlayerDockSlot() {
  const hasTrack = usePlayerStore((state) => state.currentTrack !== null);
  const [idle, setIdle] = useState(false);
  useEffect(() => onIdle(() => setIdle(true), 3000), []);
  return (
    <div id="player-dock" data-slot="player-dock" className="sticky bottom-0 z-30">
      {idle || hasTrack ? (
        <Suspense fallback={null}>
          <PlayerDockWithFavourites />
        </Suspense>
      ) : null}
    </div>
  );
}
