import { serverText } from '@/lib/i18n/server-messages';
import { Link, useParams } from 'react-router';
import { Messages } from '@tarab/contracts/messages';
import { Container } from '@/components/ui/container';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { LoadingState } from '@/components/ui/loading-state';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useAlbum } from '@/features/catalog/api/get-album';
import { AlbumGrid } from '@/features/catalog/components/album-grid';
import { DetailHero } from '@/features/catalog/components/detail-hero';
import { TrackList } from '@/features/catalog/components/track-list';
import { staticTrackSource } from '@/features/catalog/hooks/use-track-source';
import { useTrackListBindings } from '../compose/track-actions';

/** /album/detail/:id (spec §2): album header, tracks, Related Albums. */
export default function AlbumDetailRoute() {
  const { id = '' } = useParams();
  const album = useAlbum(id);
  const bindings = useTrackListBindings();

  if (album.isPending) return <LoadingState label="Loading..." />;
  if (album.isError) {
    const notFound = isApiError(album.error) && album.error.status === 404;
    return (
      <Container className="py-16">
        <title>Album · Tarab</title>
        <EmptyState
          titleAs="h1"
          title={serverText(notFound ? album.error.message : Messages.somethingWentWrong)}
          description={notFound ? undefined : serverText(album.error.message)}
          action={<LinkButton to={paths.albums.getHref()}>All albums</LinkButton>}
        />
      </Container>
    );
  }

  const { current_album: current, related_albums: related, music } = album.data;
  const year = current.released_at ? new Date(current.released_at).getUTCFullYear() : null;
  return (
    <>
      <DetailHero eyebrow="Album" title={current.title} imageUrl={current.image.url} shape="square">
        <p className="mt-3 text-fg-muted">
          <Link to={paths.artistDetail.getHref(current.artist.id)} className="font-semibold text-fg hover:underline">
            {current.artist.name}
          </Link>
          <span aria-hidden="true"> · </span>
          {current.music_count} tracks
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
            Tracks
          </h2>
          <TrackList
            key={current.id}
            source={staticTrackSource(music, 'success')}
            label={`${current.title} tracks`}
            emptyText="No tracks found."
            className="mt-5"
            {...bindings}
          />
        </section>
        <section aria-labelledby="related-albums-title">
          <h2 id="related-albums-title" className="text-2xl font-bold text-fg sm:text-3xl">
            Related Albums
          </h2>
          <AlbumGrid
            albums={related}
            status="success"
            label="Related Albums"
            emptyText="No related albums found."
            className="mt-5"
          />
        </section>
      </Container>
    </>
  );
}
