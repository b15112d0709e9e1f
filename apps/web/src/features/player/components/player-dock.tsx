import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useIsNarrow } from '../hooks/use-is-narrow';
import { useMediaSession } from '../hooks/use-media-session';
import { usePlayerKeyboard } from '../hooks/use-player-keyboard';
import { usePlayerStore } from '../stores/player-store';
import type { RenderFavourite } from '../types';
import { DesktopPlayer } from './desktop-player';
import { MobilePlayer } from './mobile-player';
import { PlayerAudio } from './player-audio';

/**
 * The one player of the app (mounted once, in the layout, so playback goes on across pages):
 * the `<audio>` element, keyboard and Media Session, and the bar for the screen size.
 */
export function PlayerDock({ renderFavourite }: { renderFavourite?: RenderFavourite }) {
  const track = usePlayerStore((state) => state.currentTrack);
  const selection = usePlayerStore((state) => state.selection);
  const setExpanded = usePlayerStore((state) => state.setExpanded);
  const isNarrow = useIsNarrow();
  const { pathname } = useLocation();
  usePlayerKeyboard();
  useMediaSession();

  // Small screens: the player opens when a track is picked from a list (also for a pick made
  // before the dock was mounted: it is loaded after the page).
  const seenSelection = usePlayerStore((state) => state.seenSelection);
  const seeSelection = usePlayerStore((state) => state.seeSelection);
  useEffect(() => {
    if (selection !== seenSelection) seeSelection(isNarrow);
  }, [selection, seenSelection, isNarrow, seeSelection]);

  // A new page: the full-screen player steps aside (playback goes on).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (pathname === shownPath.current) return;
    shownPath.current = pathname;
    setExpanded(false);
  }, [pathname, setExpanded]);

  return (
    <>
      <PlayerAudio />
      {track ? (
        isNarrow ? (
          <MobilePlayer track={track} renderFavourite={renderFavourite} />
        ) : (
          <DesktopPlayer track={track} {...(renderFavourite ? { renderFavourite } : {})} />
        )
      ) : null}
    </>
  );
}
