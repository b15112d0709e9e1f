import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Api, type CategoryDto, pathOf, type TrackPage } from '@tarab/contracts';
import { jsonResponse, on, renderRoutes, stubRoutes } from '@/testing/render-app';
import { renderArabicRoutes } from '@/testing/render-arabic';
import { makeTracks } from '@/features/catalog/testing/make-track';
import MusicDetailsRoute from './music-details';

/** Issue #32 item 5: `/music/details/{id}` opened directly resolves everything from the id. */

const wedding: CategoryDto = {
  id: 5,
  kind: 'theme',
  name: 'Wedding',
  name_ar: 'زفاف',
  image: '/media/images/tags/wedding.svg',
  color: '#aa3355',
  music_count: 2,
};
const tracks: TrackPage = { data: makeTracks(2), current_page: 1, per_page: 10, total: 2, last_page: 1 };

function stub(category: CategoryDto | null = wedding) {
  const { fetchStub, calls } = stubRoutes([
    on(Api.catalog.category, { id: 5 }, () =>
      category ? jsonResponse(200, { data: category }) : jsonResponse(404, { message: 'Category not found' }),
    ),
    on(Api.catalog.music, () => jsonResponse(200, { data: tracks })),
  ]);
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

const routes = [{ path: '/music/details/:id', element: <MusicDetailsRoute /> }];

describe('category page from its id alone', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the name, type, colour and image from the server and lists the category’s music', async () => {
    const calls = stub();
    const { container } = renderRoutes(routes, { user: null, path: '/music/details/5' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Wedding' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      /Music\s*\/\s*Themes\s*\/\s*Wedding/,
    );
    expect(container.querySelector('header img')).toHaveAttribute('src', '/media/images/tags/wedding.svg');
    expect(container.querySelector('header')?.getAttribute('style')).toContain('#aa3355');
    expect(await screen.findByRole('list', { name: 'Wedding tracks' })).toBeInTheDocument();
    const music = calls.map((c) => c.url).filter((u) => u.startsWith(pathOf(Api.catalog.music)));
    expect(music.length).toBeGreaterThan(0);
    expect(music.map((u) => new URL(u, 'http://x').searchParams.getAll('theme[]'))).toContainEqual(['5']);
    expect(music.every((u) => new URL(u, 'http://x').searchParams.has('theme[]'))).toBe(true);
  });

  it('writes the name in Arabic on the Arabic page', async () => {
    stub();
    renderArabicRoutes(routes, { user: null, path: '/music/details/5' });
    expect(await screen.findByRole('heading', { level: 1, name: 'زفاف' })).toBeInTheDocument();
  });

  it('still accepts the spec’s query (shown at once) and keeps a search typed here in ?q=', async () => {
    stub();
    const { router } = renderRoutes(routes, {
      user: null,
      path: '/music/details/5?title=Wedding&type=Themes&bgColor=%23aa3355&q=zaffa',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Wedding' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Search Wedding' })).toHaveValue('zaffa');
    expect(router.state.location.search).toContain('q=zaffa');
  });

  it('says so when the category does not exist', async () => {
    stub(null);
    renderRoutes(routes, { user: null, path: '/music/details/5' });
    expect(await screen.findByText('This category does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse music' })).toHaveAttribute('href', '/music');
  });
});
