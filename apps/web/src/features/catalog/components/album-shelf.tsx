import { Limits } from '@tarab/contracts/limits';
import { paths } from '@/config/paths';
import { useAlbums } from '../api/get-albums';
import { AlbumGrid } from './album-grid';
import { SectionHeading } from './section-heading';

/** Home's album section (spec §2 "Home"): title Album, View all Albums, the first 5 albums. */
export function AlbumShelf() {
  const albums = useAlbums();
  return (
    <section aria-labelledby="home-albums-title">
      <SectionHeading
        id="home-albums-title"
        title="Album"
        eyebrow="Collections"
        link={{ to: paths.albums.getHref(), label: 'View all Albums' }}
      />
      <AlbumGrid
        albums={albums.data}
        status={albums.status}
        limit={Limits.homeAlbums}
        label="Albums"
        className="mt-6"
      />
    </section>
  );
}
