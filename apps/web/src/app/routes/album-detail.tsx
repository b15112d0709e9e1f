import { albumTitle } from '@/lib/i18n/catalog-names';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { Container } from '@/components/ui/container';
import { paths } from '@/config/paths';
import { useAlbum } from '@/features/catalog/api/get-album';
import { AlbumGrid } from '@/features/catalog/components/album-grid';
import { DetailHero, DetailLoading, DetailUnavailable } from '@/features/catalog/components/detail-hero';
import { TrackList } from '@/features/catalog/components/track-list';
import { artistNameIn } from '@/lib/i18n/artist-name';
import { staticTrackSource } from '@/features/catalog/hooks/use-track-source';
import { useTrackListBindings } from '../compose/track-actions';

/** /album/detail/:id (spec §2): album header, tracks, Related Albums. */
export default function AlbumDetailRoute() {
  const { id = '' } = useParams();
  const album = useAlbum(id);
  const bindings = useTrackListBindings();
  const intl = useIntl();

  if (album.isPending) return <DetailLoading />;
  if (album.isError) {
    return (
      <DetailUnavailable
        error={album.error}
        eyebrow={intl.formatMessage({ id: 'album.eyebrow', defaultMessage: 'Album' })}
        backTo={paths.albums.getHref()}
        backLabel={<FormattedMessage id="album.all" defaultMessage="All albums" />}
      />
    );
  }

  const { current_album: current, related_albums: related, music } = album.data;
  const year = current.released_at ? new Date(current.released_at).getUTCFullYear() : null;
  return (
    <>
      <DetailHero
        eyebrow={intl.formatMessage({ id: 'album.eyebrow', defaultMessage: 'Album' })}
        title={albumTitle(current, intl.locale)}
        imageUrl={current.image.url}
        shape="square"
      >
        <p className="mt-3 text-fg-muted">
          <Link to={paths.artistDetail.getHref(current.artist.id)} className="font-semibold text-fg hover:underline">
            <bdi>{artistNameIn(intl.locale, current.artist)}</bdi>
          </Link>
          <span aria-hidden="true"> · </span>
          <FormattedMessage
            id="album.trackCount"
            defaultMessage="{count} tracks"
            values={{ count: String(current.music_count) }}
          />
          {year ? (
            <>
              <span aria-hidden="true"> · </span>
              {year}
            </>
          ) : null}
        </p>
      </DetailHero>
      <Container className="flex flex-col gap-16 pt-10">
        <section aria-labelledby="album-tracks-title">
          <h2 id="album-tracks-title" className="text-2xl font-bold text-fg sm:text-3xl">
            <FormattedMessage id="catalog.tracksLabel" defaultMessage="Tracks" />
          </h2>
          <TrackList
            key={current.id}
            source={staticTrackSource(music, 'success')}
            label={intl.formatMessage(
              { id: 'album.tracksLabel', defaultMessage: '{title} tracks' },
              { title: albumTitle(current, intl.locale) },
            )}
            emptyText={intl.formatMessage({ id: 'tracks.none', defaultMessage: 'No tracks found.' })}
            className="mt-5"
            {...bindings}
          />
        </section>
        <section aria-labelledby="related-albums-title">
          <h2 id="related-albums-title" className="text-2xl font-bold text-fg sm:text-3xl">
            <FormattedMessage id="album.related" defaultMessage="Related Albums" />
          </h2>
          <AlbumGrid
            albums={related}
            status="success"
            label={intl.formatMessage({ id: 'album.related', defaultMessage: 'Related Albums' })}
            emptyText={intl.formatMessage({ id: 'album.relatedNone', defaultMessage: 'No related albums found.' })}
            className="mt-5"
          />
        </section>
      </Container>
    </>
  );
}
