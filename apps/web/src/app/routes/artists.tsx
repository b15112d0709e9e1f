import { useIntl } from 'react-intl';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { ArtistDirectory } from '@/features/catalog/components/artist-directory';

/** /artists (spec §2): intro text and the artist grid (shown only without error). */
export default function ArtistsRoute() {
  const intl = useIntl();
  return (
    <>
      <PageHeader
        eyebrow={intl.formatMessage({ id: 'artists.eyebrow', defaultMessage: 'Community' })}
        title={intl.formatMessage({ id: 'nav.artists', defaultMessage: 'Artists' })}
        description={intl.formatMessage({
          id: 'artists.description',
          defaultMessage:
            'Meet the composers and musicians behind the Tarab library — oud and qanun masters, percussion sections and producers from across the region, each with their own take on the maqam tradition.',
        })}
      />
      <Container className="pt-8">
        <ArtistDirectory />
      </Container>
    </>
  );
}
