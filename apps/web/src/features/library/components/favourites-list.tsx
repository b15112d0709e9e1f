import { FormattedMessage, useIntl } from 'react-intl';
import { errorText } from '@/lib/i18n/error-text';
import { useMemo } from 'react';
import { LoadingState } from '@/components/ui/loading-state';
import { useFavourites } from '../api/get-favourites';
import { HeartIcon } from './library-icons';
import { renderLibraryTracks, type RenderTrackList } from './library-track-list';

/** The Favorite tab of the Saved page: the user's liked tracks and loops (spec §2). */
export function FavouritesList({ renderList }: { renderList?: RenderTrackList }) {
  const favourites = useFavourites();
  const intl = useIntl();
  const tracks = useMemo(() => favourites.data?.map((favourite) => favourite.music) ?? [], [favourites.data]);

  if (favourites.isPending)
    return <LoadingState label={intl.formatMessage({ id: 'tracks.loadingMore', defaultMessage: 'Loading...' })} />;
  if (favourites.isError) {
    return (
      <p role="alert" className="rounded-xl border border-line bg-surface px-4 py-3 text-danger">
        {errorText(intl, favourites.error)}
      </p>
    );
  }
  if (favourites.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-2xl border border-line bg-surface/70 px-6 py-12 text-center">
        <span
          aria-hidden="true"
          className="grid size-14 place-items-center rounded-full bg-pomegranate-400/10 text-pomegranate-400 ring-1 ring-pomegranate-400/30"
        >
          <HeartIcon className="size-6" />
        </span>
        <p className="text-lg text-fg-muted">
          <FormattedMessage id="library.favourites.empty" defaultMessage="You haven't liked any artists yet." />
        </p>
      </div>
    );
  }
  return renderLibraryTracks(
    tracks,
    intl.formatMessage({ id: 'library.favourites.label', defaultMessage: 'Favorite tracks' }),
    renderList,
  );
}
