import { useIntl } from 'react-intl';
import { Limits } from '@tarab/contracts/limits';
import { paths } from '@/config/paths';
import { useAlbums } from '../api/get-albums';
import { AlbumGrid } from './album-grid';
import { SectionHeading } from './section-heading';

/** Home's album section (spec §2 "Home"): title Album, View all Albums, the first 5 albums. */
export function AlbumShelf() {
  const albums = useAlbums();
  const intl = useIntl();
  return (
    <section aria-labelledby="home-albums-title">
      <SectionHeading
        id="home-albums-title"
        title={intl.formatMessage({ id: 'home.albums.title', defaultMessage: 'Album' })}
        eyebrow={intl.formatMessage({ id: 'home.albums.eyebrow', defaultMessage: 'Collections' })}
        link={{
          to: paths.albums.getHref(),
          label: intl.formatMessage({ id: 'home.albums.viewAll', defaultMessage: 'View all Albums' }),
        }}
      />
      <AlbumGrid
        albums={albums.data}
        status={albums.status}
        limit={Limits.homeAlbums}
        label={intl.formatMessage({ id: 'nav.albums', defaultMessage: 'Albums' })}
        className="mt-6"
      />
    </section>
  );
}
