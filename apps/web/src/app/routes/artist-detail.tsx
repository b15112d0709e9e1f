import { serverText } from '@/lib/i18n/server-messages';
import { useParams } from 'react-router';
import { Messages } from '@tarab/contracts/messages';
import { Container } from '@/components/ui/container';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { LoadingState } from '@/components/ui/loading-state';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useArtist } from '@/features/catalog/api/get-artist';
import { AlbumGrid } from '@/features/catalog/components/album-grid';
import { DetailHero } from '@/features/catalog/components/detail-hero';
import { TrackList } from '@/features/catalog/components/track-list';
import { staticTrackSource } from '@/features/catalog/hooks/use-track-source';
import { useTrackListBindings } from '../compose/track-actions';

/** /artist/detail/:id (spec §2): artist header, tracks, Artist Albums. */
export default function ArtistDetailRoute() {
  const { id = '' } = useParams();
  const artist = useArtist(id);
  const bindings = useTrackListBindings();

  if (artist.isPending) return <LoadingState label="Loading..." />;
  if (artist.isError) {
    const notFound = isApiError(artist.error) && artist.error.status === 404;
    return (
      <Container className="py-16">
        <title>Artist · Tarab</title>
        <EmptyState
          titleAs="h1"
          title={serverText(notFound ? artist.error.message : Messages.somethingWentWrong)}
          description={notFound ? undefined : serverText(artist.error.message)}
          action={<LinkButton to={paths.artists.getHref()}>All artists</LinkButton>}
        />
      </Container>
    );
  }

  const { artist: person, albums, music } = artist.data;
  return (
    <>
      <DetailHero eyebrow="Artist" title={person.name} imageUrl={person.image.url} shape="round">
        <p className="mt-3 max-w-prose text-fg-muted">{person.bio}</p>
        <p className="mt-3 text-sm text-fg-subtle">
          {person.album_count} {person.album_count === 1 ? 'album' : 'albums'}
          <span aria-hidden="true"> · </span>
          {person.music_count} {person.music_count === 1 ? 'track' : 'tracks'}
        </p>
      </DetailHero>
      <Container className="flex flex-col gap-16 pt-10">
        <section aria-labelledby="artist-tracks-title">
          <h2 id="artist-tracks-title" className="text-2xl font-bold text-fg sm:text-3xl">
            Tracks
          </h2>
          <TrackList
            key={person.id}
            source={staticTrackSource(music, 'success')}
            label={`Tracks by ${person.name}`}
            emptyText="No tracks found."
            className="mt-5"
            {...bindings}
          />
        </section>
        <section aria-labelledby="artist-albums-title">
          <h2 id="artist-albums-title" className="text-2xl font-bold text-fg sm:text-3xl">
            Artist Albums
          </h2>
          <AlbumGrid albums={albums} status="success" label="Artist Albums" className="mt-5" />
        </section>
      </Container>
    </>
  );
}
