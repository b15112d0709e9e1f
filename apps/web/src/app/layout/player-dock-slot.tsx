import type { TrackDto } from '@tarab/contracts';
import { FavouriteButton } from '@/features/library/components/favourite-button';
import { PlayerDock } from '@/features/player/components/player-dock';

const renderFavourite = (track: TrackDto, variant: 'icon' | 'menu-item') => (
  <FavouriteButton track={track} variant={variant} />
);

/**
 * The audio player dock (spec §2 "Audio player"): the player feature's bar (desktop) or
 * collapsible full-screen player (under 768 px), with the library's favourite heart composed in.
 * Sticky at the bottom of the page frame, so it never hides the footer.
 */
export function PlayerDockSlot() {
  return (
    <div id="player-dock" data-slot="player-dock" className="sticky bottom-0 z-30">
      <PlayerDock renderFavourite={renderFavourite} />
    </div>
  );
}
