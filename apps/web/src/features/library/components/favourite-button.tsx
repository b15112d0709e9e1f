import type { TrackDto } from '@tarab/contracts';
import { cx } from '@/lib/class-names';
import { useFavourite } from '../hooks/use-favourite';
import { HeartIcon } from './library-icons';

type FavouriteButtonProps = { track: TrackDto; variant?: 'icon' | 'menu-item' };

/**
 * The favourite heart of a track, used on rows and in the player (spec §2). `icon`: a
 * toggle button (aria-pressed); `menu-item`: a full-width row reading `Add to Favorites`
 * or `Remove from Favorites` for the mobile player's menu.
 */
export function FavouriteButton({ track, variant = 'icon' }: FavouriteButtonProps) {
  const { isFavourite, toggle } = useFavourite(track);

  if (variant === 'menu-item') {
    return (
      <button
        type="button"
        onClick={toggle}
        className="flex w-full items-center gap-3 rounded-lg px-3 py-3 text-start text-base font-medium text-fg transition-colors hover:bg-white/5"
      >
        <HeartIcon
          filled={isFavourite}
          className={cx('size-5', isFavourite ? 'text-pomegranate-400' : 'text-fg-muted')}
        />
        {isFavourite ? 'Remove from Favorites' : 'Add to Favorites'}
      </button>
    );
  }

  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={isFavourite}
      aria-label={`Favourite ${track.title}`}
      title={isFavourite ? 'Remove from favourites' : 'Add to favourites'}
      className={cx(
        'grid size-10 shrink-0 place-items-center rounded-full transition-colors hover:bg-white/5',
        isFavourite ? 'text-pomegranate-400 hover:text-pomegranate-400' : 'text-fg-muted hover:text-fg',
      )}
    >
      <HeartIcon filled={isFavourite} />
    </button>
  );
}
