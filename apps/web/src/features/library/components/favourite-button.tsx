import { trackTitle } from '@/lib/i18n/catalog-names';
import { FormattedMessage, useIntl } from 'react-intl';
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
  const intl = useIntl();

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
        {isFavourite ? (
          <FormattedMessage id="favourite.remove" defaultMessage="Remove from Favorites" />
        ) : (
          <FormattedMessage id="favourite.add" defaultMessage="Add to Favorites" />
        )}
      </button>
    );
  }

  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={isFavourite}
      aria-label={intl.formatMessage(
        { id: 'favourite.label', defaultMessage: 'Favorite {title}' },
        { title: trackTitle(track, intl.locale) },
      )}
      title={
        isFavourite
          ? intl.formatMessage({ id: 'favourite.removeTitle', defaultMessage: 'Remove from favorites' })
          : intl.formatMessage({ id: 'favourite.addTitle', defaultMessage: 'Add to favorites' })
      }
      className={cx(
        'grid size-10 shrink-0 place-items-center rounded-full transition-colors hover:bg-white/5',
        isFavourite ? 'text-pomegranate-400 hover:text-pomegranate-400' : 'text-fg-muted hover:text-fg',
      )}
    >
      <HeartIcon filled={isFavourite} />
    </button>
  );
}
