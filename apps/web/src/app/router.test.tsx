import { Api } from '@tarab/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { isPagePath, pagePatternList } from '@tarab/contracts/pages';
import { loginOnlyPaths } from '@/config/paths';
import { jsonResponse, on, renderRoutes, stubRoutes, testArtist } from '@/testing/render-app';
import { routes } from './router';

/** A concrete URL for every route of the spec's route table (spec §2). */
const routeTable: Array<[url: string, heading: string | RegExp]> = [
  ['/', /^The world’s first dedicated royalty-free oriental music store$/],
  ['/music', 'Music'],
  ['/music/details/3?title=Sufi&type=Genres', 'Sufi'],
  ['/loops', 'Loops & tracks'],
  ['/album', 'Albums'],
  ['/album/detail/1', 'Desert Nights'],
  ['/artists', 'Artists'],
  ['/artist/detail/1', 'Nour Ensemble'],
  ['/pricing', 'Pricing'],
  ['/auth/login', 'Log in'],
  ['/auth/sign-up', 'Create your account'],
  ['/saved/details/4?title=Road%20trip', 'Road trip'],
  ['/success?session_id=cs_1&music_id=2&price=4.99', 'Payment'],
  ['/sales-agreement', 'Distance Sales Agreement'],
  ['/terms-of-use', 'Terms of Use'],
  ['/faqs', 'FAQs'],
  ['/copyright', 'Copyright Policy'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/Aboutus', 'About us'],
  ['/savedPage', 'Saved'],
  ['/subscription-plan', 'Subscription Plans'],
  ['/stripe-checkout', 'Checkout'],
  ['/profile', 'Profile'],
  ['/artist-analytics', 'Artist Analytics'],
];

/** Pages for visitors only: a logged-in user is sent on, so they are rendered logged out. */
const visitorOnly = new Set(['/auth/login', '/auth/sign-up']);

const image = { url: '/media/images/x.svg' };
const catalogStub = () =>
  stubRoutes([
    on(Api.catalog.album, { id: 1 }, () =>
      jsonResponse(200, {
        data: {
          current_album: {
            id: 1,
            title: 'Desert Nights',
            image,
            music_count: 0,
            released_at: null,
            artist: { id: 1, name: 'Nour Ensemble' },
          },
          related_albums: [],
          music: [],
        },
      }),
    ),
    on(Api.catalog.artist, { id: 1 }, () =>
      jsonResponse(200, {
        data: {
          artist: { id: 1, name: 'Nour Ensemble', bio: '', image, album_count: 0, music_count: 0 },
          albums: [],
          music: [],
        },
      }),
    ),
  ]).fetchStub;

describe('router', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the not-found page, inside the layout, for an unknown path', async () => {
    renderRoutes(routes, { user: null, path: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    // A way on from a dead link: search the music right here.
    expect(within(screen.getByRole('main')).getByRole('search', { name: 'Search music' })).toBeInTheDocument();
  });

  it("mounts exactly the contracts' page patterns, the list the server answers 404 outside of", () => {
    const mounted: string[] = [];
    const walk = (list: RouteObject[]) => {
      for (const route of list) {
        if (route.path && route.path !== '*') mounted.push(route.path);
        if (route.children) walk(route.children);
      }
    };
    walk(routes);
    expect([...mounted].sort()).toEqual([...pagePatternList].sort());
    // Every concrete URL of the table is a page for the server too.
    for (const [url] of routeTable) expect(isPagePath(url), url).toBe(true);
  });

  it.each(routeTable)('renders %s', async (url, heading) => {
    vi.stubGlobal('fetch', catalogStub());
    renderRoutes(routes, { user: visitorOnly.has(url.split('?')[0]!) ? null : testArtist, path: url });
    const main = await screen.findByRole('main', {}, { timeout: 5000 });
    expect(await within(main).findByRole('heading', { level: 1, name: heading }, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
  });

  it.each(loginOnlyPaths)('sends a visitor from %s to the login page', async (path) => {
    const { router } = renderRoutes(routes, { user: null, path });
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: path } });
  });

  it('sends a visitor from /success to log in, and back to the same payment result afterwards', async () => {
    const path = '/success?session_id=cs_local_1&music_id=11&price=4.99';
    const { router } = renderRoutes(routes, { user: null, path });
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByText('Oops! Something went wrong.')).toBeNull();
    expect(router.state.location.state).toMatchObject({
      from: { pathname: '/success', search: '?session_id=cs_local_1&music_id=11&price=4.99' },
    });
  });

  it('shows the profile of the logged-in user', async () => {
    renderRoutes(routes, { user: testArtist, path: '/profile' });
    expect(await screen.findByText('Karim Nassar')).toBeInTheDocument();
    expect(screen.getByText('karim@example.com')).toBeInTheDocument();
  });

  it('scrolls to the top on every route change', async () => {
    const user = userEvent.setup();
    const scrollTo = vi.spyOn(window, 'scrollTo');
    renderRoutes(routes, { user: null, path: '/' });
    await screen.findByRole('heading', { level: 1, name: /royalty-free oriental music/ }, { timeout: 5000 });
    // Not on the first render: a prerendered page keeps the place the visitor scrolled to before the app started.
    expect(scrollTo).not.toHaveBeenCalled();

    const footer = screen.getByRole('contentinfo');
    await user.click(within(footer).getByRole('link', { name: 'Privacy policy' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' }, { timeout: 5000 })).toBeVisible();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
