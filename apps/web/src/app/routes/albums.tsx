import { useIntl } from 'react-intl';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { AlbumGrid } from '@/features/catalog/components/album-grid';
import { AlbumPromo } from '@/features/catalog/components/album-promo';
import { useAlbums } from '@/features/catalog/api/get-albums';

/** /album (spec §2): the album grid and a promotional banner; No albums found. when empty. */
export default function AlbumsRoute() {
  const albums = useAlbums();
  const intl = useIntl();
  return (
    <>
      <PageHeader
        eyebrow={intl.formatMessage({ id: 'library.eyebrow', defaultMessage: 'Library' })}
        title={intl.formatMessage({ id: 'nav.albums', defaultMessage: 'Albums' })}
        description={intl.formatMessage({
          id: 'albums.description',
          defaultMessage: 'Complete collections from our artists, from classical takht to modern fusion.',
        })}
      />
      <Container className="flex flex-col gap-14 pt-8">
        <AlbumGrid
          albums={albums.data}
          status={albums.status}
          label={intl.formatMessage({ id: 'nav.albums', defaultMessage: 'Albums' })}
        />
        <AlbumPromo />
      </Container>
    </>
  );
}
