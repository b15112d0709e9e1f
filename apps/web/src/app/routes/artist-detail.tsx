import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { paths } from '@/config/paths';
import { useArtist } from '@/features/catalog/api/get-artist';
import { AlbumGrid } from '@/features/catalog/components/album-grid';
import { DetailHero, DetailLoading, DetailUnavailable } from '@/features/catalog/components/detail-hero';
import { TrackList } from '@/features/catalog/components/track-list';
import { artistBioIn, artistNameIn } from '@/lib/i18n/artist-name';
import { staticTrackSource } from '@/features/catalog/hooks/use-track-source';
import { useTrackListBindings } from '../compose/track-actions';

/** /artist/detail/:id (spec §2): artist header, tracks, Artist Albums. */
export default function ArtistDetailRoute() {
  const { id = '' } = useParams();
  const artist = useArtist(id);
  const bindings = useTrackListBindings();
  const intl = useIntl();

  if (artist.isPending) return <DetailLoading />;
  if (artist.isError) {
    return (
      <DetailUnavailable
        error={artist.error}
        eyebrow={intl.formatMessage({ id: 'artist.eyebrow', defaultMessage: 'Artist' })}
        backTo={paths.artists.getHref()}
        backLabel={<FormattedMessage id="artist.all" defaultMessage="All artists" />}
      />
    );
  }

  const { artist: person, albums, music } = artist.data;
  const name = artistNameIn(intl.locale, person);
  return (
    <>
      <DetailHero
        eyebrow={intl.formatMessage({ id: 'artist.eyebrow', defaultMessage: 'Artist' })}
        title={name}
        imageUrl={person.image.url}
        shape="round"
      >
        {/* Isolated: a Latin bio on an Arabic page keeps its full stop at its end (and the reverse). */}
        <p className="mt-3 max-w-prose text-fg-muted">
          <bdi data-testid="artist-bio">{artistBioIn(intl.locale, person)}</bdi>
        </p>
        <p className="mt-3 text-sm text-fg-subtle">
          <FormattedMessage
            id="artist.albumCount"
            defaultMessage="{count, plural, one {# album} other {# albums}}"
            values={{ count: person.album_count }}
          />
          <span aria-hidden="true"> · </span>
          <FormattedMessage
            id="catalog.trackCount"
            defaultMessage="{count, plural, one {# track} other {# tracks}}"
            values={{ count: person.music_count }}
          />
        </p>
      </DetailHero>
      <Container className="flex flex-col gap-16 pt-10">
        <section aria-labelledby="artist-tracks-title">
          <h2 id="artist-tracks-title" className="text-2xl font-bold text-fg sm:text-3xl">
            <FormattedMessage id="catalog.tracksLabel" defaultMessage="Tracks" />
          </h2>
          <TrackList
            key={person.id}
            source={staticTrackSource(music, 'success')}
            label={intl.formatMessage({ id: 'artist.tracksLabel', defaultMessage: 'Tracks by {name}' }, { name })}
            emptyText={intl.formatMessage({ id: 'tracks.none', defaultMessage: 'No tracks found.' })}
            className="mt-5"
            {...bindings}
          />
        </section>
        <section aria-labelledby="artist-albums-title">
          <h2 id="artist-albums-title" className="text-2xl font-bold text-fg sm:text-3xl">
            <FormattedMessage id="artist.albums" defaultMessage="Artist Albums" />
          </h2>
          <AlbumGrid
            albums={albums}
            status="success"
            label={intl.formatMessage({ id: 'artist.albums', defaultMessage: 'Artist Albums' })}
            className="mt-5"
          />
        </section>
      </Container>
    </>
  );
}
