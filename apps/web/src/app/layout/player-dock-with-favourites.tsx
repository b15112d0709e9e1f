import type { TrackDto } from '@tarab/contracts';
import { FavouriteButton } from '@/features/library/components/favourite-button';
import { PlayerDock } from '@/features/player/components/player-dock';

const renderFavourite = (track: TrackDto, variant: 'icon' | 'menu-item') => (
  <FavouriteButton track={track} variant={variant} />
);

/** The player feature's dock with the library's favourite heart composed in (loaded by PlayerDockSlot). */
export default function PlayerDockWithFavourites() {
  return <PlayerDock renderFavourite={renderFavourite} />;
}
