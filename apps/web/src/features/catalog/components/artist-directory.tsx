import { FormattedMessage, useIntl } from 'react-intl';
import { commonMessages } from '@/lib/i18n/common-messages';
import { Button } from '@/components/ui/button';
import { useArtists } from '../api/get-artists';
import { ArtistGrid, ArtistGridSkeleton } from './artist-grid';
import { StatusMessage } from './status-message';

const PAGE_SIZE = 20;

/** Every artist, a page at a time; the grid shows only when the list loaded without error. */
export function ArtistDirectory() {
  const artists = useArtists(PAGE_SIZE);
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'nav.artists', defaultMessage: 'Artists' });
  if (artists.isPending) return <ArtistGridSkeleton count={10} label={label} />;
  if (artists.isError)
    return <StatusMessage tone="error">{intl.formatMessage(commonMessages.somethingWentWrong)}</StatusMessage>;
  const list = artists.data.pages.flatMap((page) => page.data);
  if (list.length === 0) {
    return (
      <StatusMessage>
        <FormattedMessage id="artist.none" defaultMessage="No artists found." />
      </StatusMessage>
    );
  }
  return (
    <div>
      <ArtistGrid artists={list} label={label} />
      {artists.hasNextPage ? (
        <div className="mt-8 flex justify-center">
          <Button
            variant="secondary"
            disabled={artists.isFetchingNextPage}
            onClick={() => void artists.fetchNextPage()}
          >
            {artists.isFetchingNextPage ? (
              <FormattedMessage id="tracks.loadingMore" defaultMessage="Loading..." />
            ) : (
              <FormattedMessage id="tracks.viewMore" defaultMessage="View more" />
            )}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
