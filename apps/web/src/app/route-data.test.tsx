import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Api, pathOf } from '@tarab/contracts';
import { createTestQueryClient, jsonResponse, on, stubRoutes } from '@/testing/render-app';
import { createRoutes } from './router';

/**
 * Route loaders start a page's queries while its code loads (router.tsx `createRoutes`): the router
 * alone, with nothing rendered, has asked for the page's data.
 */
function load(path: string, now: () => boolean = () => true) {
  const page = { data: [], current_page: 1, last_page: 1, per_page: 10, total: 0 };
  const { fetchStub, calls } = stubRoutes([
    on(Api.catalog.track, { id: 7 }, () => jsonResponse(404, { message: 'Not found', code: 'not_found' })),
    on(Api.catalog.music, () => jsonResponse(200, { data: page })),
    on(Api.catalog.loops, () => jsonResponse(200, { data: page })),
    on(Api.catalog.search, () => jsonResponse(200, { data: page })),
  ]);
  vi.stubGlobal('fetch', fetchStub);
  const queryClient = createTestQueryClient(null);
  const router = createMemoryRouter(createRoutes({ queryClient, now }), { initialEntries: [path] });
  const asked = () => calls.map(({ path }) => path);
  const keys = () =>
    queryClient
      .getQueryCache()
      .findAll()
      .map(({ queryKey }) => queryKey);
  return { router, asked, keys };
}

describe('route loaders', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("start a track page's query before the page has rendered", async () => {
    const { asked, keys } = load('/track/7');
    await vi.waitFor(() => expect(asked()).toContain(pathOf(Api.catalog.track, { id: 7 })));
    expect(keys()).toContainEqual(['catalog', 'track', '7']);
  });

  it('start the list of the URL: filters ask for a list, a keyword alone for a search', async () => {
    const filtered = load('/loops?genre=3&q=oud');
    await vi.waitFor(() => expect(filtered.asked()).toContain(pathOf(Api.catalog.loops)));
    expect(filtered.asked()).toContain(pathOf(Api.catalog.filter));
    expect(filtered.asked()).not.toContain(pathOf(Api.catalog.search));

    const searched = load('/?q=oud');
    await vi.waitFor(() => expect(searched.asked()).toContain(pathOf(Api.catalog.search)));
    expect(searched.keys()).toContainEqual(['catalog', 'search', 'music', 'oud']);
  });

  it('start the /music grids and shelf, and the results of a search in its URL', async () => {
    const index = load('/music');
    await vi.waitFor(() => expect(index.asked()).toContain(pathOf(Api.catalog.filter)));
    expect(index.asked()).toContain(pathOf(Api.catalog.artists));
    expect(index.asked()).not.toContain(pathOf(Api.catalog.search));

    const searched = load('/music?q=hijaz');
    await vi.waitFor(() => expect(searched.asked()).toContain(pathOf(Api.catalog.search)));
  });

  it('start nothing while the page is one React will hydrate, and again on the next navigation', async () => {
    let hydrated = false;
    const { router, asked } = load('/track/7', () => hydrated);
    await vi.waitFor(() => expect(router.state.initialized).toBe(true));
    expect(asked()).toEqual([]);

    hydrated = true;
    await router.navigate('/track/8');
    expect(asked()).toEqual([pathOf(Api.catalog.track, { id: 8 })]);
  });
});
