import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { AlbumGrid } from '@/features/catalog/components/album-grid';
import { AlbumPromo } from '@/features/catalog/components/album-promo';
import { useAlbums } from '@/features/catalog/api/get-albums';

/** /album (spec §2): the album grid and a promotional banner; No albums found. when empty. */
export default function AlbumsRoute() {
  const albums = useAlbums();
  return (
    <>
      <PageHeader
        eyebrow="Library"
        title="Albums"
        description="Complete collections from our artists, from classical takht to modern fusion."
      />
      <Container className="flex flex-col gap-14 pt-8">
        <AlbumGrid albums={albums.data} status={albums.status} label="Albums" />
        <AlbumPromo />
      </Container>
    </>
  );
}
