import { useIntl } from 'react-intl';
import { commonMessages } from '@/lib/i18n/common-messages';
import { Limits } from '@tarab/contracts/limits';
import { paths } from '@/config/paths';
import { useArtistsPreview } from '../api/get-artists';
import { ArtistGrid, ArtistGridSkeleton } from './artist-grid';
import { SectionHeading } from './section-heading';
import { StatusMessage } from './status-message';

/** /music's artists preview: the first 5 artists and View all Artists. */
export function ArtistShelf() {
  const artists = useArtistsPreview(Limits.homeArtists);
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'nav.artists', defaultMessage: 'Artists' });
  return (
    <section aria-labelledby="music-artists-title">
      <SectionHeading
        id="music-artists-title"
        title={label}
        eyebrow={intl.formatMessage({ id: 'music.artists.eyebrow', defaultMessage: 'The people behind the music' })}
        link={{
          to: paths.artists.getHref(),
          label: intl.formatMessage({ id: 'music.artists.viewAll', defaultMessage: 'View all Artists' }),
        }}
      />
      <div className="mt-6">
        {artists.isPending ? (
          <ArtistGridSkeleton label={label} />
        ) : artists.isError ? (
          <StatusMessage tone="error">{intl.formatMessage(commonMessages.somethingWentWrong)}</StatusMessage>
        ) : (
          <ArtistGrid artists={artists.data.data.slice(0, Limits.homeArtists)} label={label} />
        )}
      </div>
    </section>
  );
}
