import type { TrackDto } from '@tarab/contracts';
import { AddToPlaylistMenu } from './add-to-playlist-menu';
import { FavouriteButton } from './favourite-button';

/** Favourite and add-to-playlist actions of a track row (spec §2 "Track rows", §4). */
export function LibraryActions({ track }: { track: TrackDto }) {
  return (
    <div className="flex items-center gap-0.5">
      <FavouriteButton track={track} />
      <AddToPlaylistMenu track={track} />
    </div>
  );
}
