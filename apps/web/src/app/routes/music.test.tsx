import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Api, type TrackPage } from '@tarab/contracts';
import { jsonResponse, on, renderRoutes, stubRoutes } from '@/testing/render-app';
import { makeTracks } from '@/features/catalog/testing/make-track';
import MusicRoute from './music';
import NotFoundRoute from './not-found';

/** Issue #32 items 5 and 12: the music search lives in the URL; a dead link's search box leads to it. */

const empty: TrackPage = { data: [], current_page: 1, per_page: 10, total: 0, last_page: 1 };

function stub(search: (body: { keyword: string }) => TrackPage, list: TrackPage = empty) {
  const { fetchStub, calls } = stubRoutes([
    on(Api.catalog.search, (call) => jsonResponse(200, search(JSON.parse(String(call.init?.body))))),
    on(Api.catalog.music, () => jsonResponse(200, { data: list })),
  ]);
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

const routes = [
  { path: '/music', element: <MusicRoute /> },
  { path: '*', element: <NotFoundRoute /> },
];

describe('/music search in the URL', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the search of the URL (a reload or a shared link) with its count', async () => {
    stub(() => ({ ...empty, data: makeTracks(3), total: 3, showing_results_for: 'Hijaz' }));
    renderRoutes(routes, { user: null, path: '/music?q=hijas' });
    expect(screen.getByRole('combobox', { name: 'Search music' })).toHaveValue('hijas');
    expect(await screen.findByTestId('result-count')).toHaveTextContent('3 tracks');
    expect(screen.getByText(/Showing results for/)).toHaveTextContent('Hijaz');
  });

  it('puts a submitted search in the URL as a history entry (Back returns to the last one)', async () => {
    stub(({ keyword }) => ({ ...empty, data: makeTracks(1), total: keyword === 'oud' ? 1 : 0 }));
    const { router } = renderRoutes(routes, { user: null, path: '/music' });
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: 'Search music' });
    await user.type(box, 'oud{Enter}');
    expect(router.state.location.search).toBe('?q=oud');
    expect(await screen.findByRole('heading', { level: 2, name: 'Results for “oud”' })).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'ney{Enter}');
    expect(router.state.location.search).toBe('?q=ney');
    await router.navigate(-1);
    expect(router.state.location.search).toBe('?q=oud');
    expect(await screen.findByRole('heading', { level: 2, name: 'Results for “oud”' })).toBeInTheDocument();
  });

  it('applies a suggested filter: the URL gains it and loses its word', async () => {
    stub(() => ({
      ...empty,
      facet_suggestions: [{ facet: 'theme', value: '5', label: 'Wedding', word: 'wedding', count: 2 }],
    }));
    const { router } = renderRoutes(routes, { user: null, path: '/music?q=sad+wedding' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Filter by Theme: Wedding (2 tracks)' }));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('theme')).toBe('5');
    expect(params.get('q')).toBe('sad');
    expect(screen.getByRole('list', { name: 'Selected filters' })).toBeInTheDocument();
  });

  it('the not-found page’s search box opens the music search with the term in the URL', async () => {
    stub(() => ({ ...empty, data: makeTracks(1), total: 1 }));
    const { router } = renderRoutes(routes, { user: null, path: '/no/such/page' });
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Search music' }), 'oud{Enter}');
    expect(router.state.location.pathname).toBe('/music');
    expect(router.state.location.search).toBe('?q=oud');
    expect(await screen.findByTestId('result-count')).toHaveTextContent('1 track');
  });
});
