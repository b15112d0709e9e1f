import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AlbumDto, Api, type ArtistDto } from '@tarab/contracts';
import { jsonResponse, on, renderRoutes, stubRoutes } from '@/testing/render-app';
import { renderArabicRoutes } from '@/testing/render-arabic';
import { makeTrack } from '@/testing/make-track';
import AlbumDetailRoute from './album-detail';
import ArtistDetailRoute from './artist-detail';
import ArtistsRoute from './artists';

/** Issue #32 item 8 (decision 061): artists' Arabic names and bios on /ar/, Latin fallbacks isolated. */
const rimal: ArtistDto = {
  id: 1,
  name: 'Rimal Collective',
  name_ar: 'مجموعة رمال',
  bio: 'An ambient project born on night drives through the dunes.',
  bio_ar: 'مشروع موسيقى محيطية وُلد في رحلات ليلية بين الكثبان.',
  image: { url: '/media/images/artists/rimal.svg' },
  album_count: 1,
  music_count: 1,
};
const idris: ArtistDto = {
  id: 2,
  name: 'Idris Tafsut',
  bio: 'An oud player from the Maghreb.',
  image: { url: '/media/images/artists/idris.svg' },
  album_count: 0,
  music_count: 0,
};
const album: AlbumDto = {
  id: 5,
  title: 'Dunes',
  title_ar: 'كثبان',
  image: { url: '/media/images/albums/dunes.svg' },
  music_count: 1,
  released_at: '2024-01-01',
  artist: { id: 1, name: 'Rimal Collective', name_ar: 'مجموعة رمال' },
};
const track = makeTrack(9, {
  title: 'Night Drive',
  artist: { id: 1, name: 'Rimal Collective', name_ar: 'مجموعة رمال' },
});

const routes = [
  { path: '/artists', element: <ArtistsRoute /> },
  { path: '/artist/detail/:id', element: <ArtistDetailRoute /> },
  { path: '/album/detail/:id', element: <AlbumDetailRoute /> },
];

function stubCatalog() {
  const page = (data: ArtistDto[]) => ({
    data: { data: { data, current_page: 1, per_page: 50, total: data.length, last_page: 1 } },
  });
  vi.stubGlobal(
    'fetch',
    stubRoutes([
      on(Api.catalog.artists, () => jsonResponse(200, page([rimal, idris]))),
      on(Api.catalog.artist, { id: 1 }, () =>
        jsonResponse(200, { data: { artist: rimal, albums: [album], music: [track] } }),
      ),
      on(Api.catalog.artist, { id: 2 }, () => jsonResponse(200, { data: { artist: idris, albums: [], music: [] } })),
      on(Api.catalog.album, { id: 5 }, () =>
        jsonResponse(200, { data: { current_album: album, related_albums: [], music: [track] } }),
      ),
    ]).fetchStub,
  );
}

describe('artist pages in Arabic', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('/ar/artist/detail shows the Arabic name and bio, and the tab title ends with طرب', async () => {
    stubCatalog();
    renderArabicRoutes(routes, { user: null, path: '/artist/detail/1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'مجموعة رمال' })).toBeInTheDocument();
    expect(screen.getByTestId('artist-bio')).toHaveTextContent(rimal.bio_ar!);
    expect(screen.queryByText(rimal.bio)).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('مجموعة رمال · طرب'));
  });

  it('falls back to the Latin name and bio, isolated so the full stop stays at the end', async () => {
    stubCatalog();
    renderArabicRoutes(routes, { user: null, path: '/artist/detail/2' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Idris Tafsut' });
    expect(heading.querySelector('bdi')).toHaveTextContent('Idris Tafsut');
    const bio = screen.getByTestId('artist-bio');
    expect(bio.tagName).toBe('BDI');
    expect(bio).toHaveTextContent(idris.bio);
    await waitFor(() => expect(document.title).toBe('Idris Tafsut · طرب'));
    expect(document.title).not.toContain('Tarab');
  });

  it('/ar/artists names each artist in Arabic where it can, in isolated names', async () => {
    stubCatalog();
    renderArabicRoutes(routes, { user: null, path: '/artists' });
    const list = await screen.findByRole('list', { name: 'الفنانون' });
    const names = within(list)
      .getAllByRole('link')
      .map((link) => link.querySelector('bdi')?.textContent);
    expect(names).toEqual(['مجموعة رمال', 'Idris Tafsut']);
  });

  it("/ar/album/detail links the album's artist by the Arabic name", async () => {
    stubCatalog();
    renderArabicRoutes(routes, { user: null, path: '/album/detail/5' });
    // The hero's artist link, and each track row's once the rows are in: all by the Arabic name.
    const links = await screen.findAllByRole('link', { name: 'مجموعة رمال' });
    for (const link of links) expect(link).toHaveAttribute('href', '/ar/artist/detail/1');
    expect(screen.queryByRole('link', { name: 'Rimal Collective' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('كثبان · طرب'));
  });

  it('keeps the Latin names and bios, and "· Tarab", on English pages', async () => {
    stubCatalog();
    renderRoutes(routes, { user: null, path: '/artist/detail/1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Rimal Collective' })).toBeInTheDocument();
    expect(screen.getByTestId('artist-bio')).toHaveTextContent(rimal.bio);
    await waitFor(() => expect(document.title).toBe('Rimal Collective · Tarab'));
  });
});
