import { Api, pathOf } from '@tarab/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_CACHE_KEY } from '@/features/auth/lib/user-cache';
import { jsonResponse, on, renderRoutes, stubRoutes, testArtist, testUser } from '@/testing/render-app';
import { RootLayout } from './root-layout';

const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: <h1>Home page</h1> },
      { path: 'auth/login', element: <h1>Login page</h1> },
      { path: 'profile', element: <h1>Profile page</h1> },
      { path: '*', element: <h1>Other page</h1> },
    ],
  },
];

const banner = () => screen.getByRole('banner');
const accountButton = () => within(banner()).getByRole('button', { name: /account menu/i });

describe('Header', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a Log in button and no account menu to a visitor', async () => {
    renderRoutes(routes, { user: null });
    const login = await within(banner()).findByRole('link', { name: 'Log in' });
    expect(login).toHaveAttribute('href', '/auth/login');
    expect(within(banner()).queryByRole('button', { name: /account menu/i })).toBeNull();
    expect(within(banner()).queryByRole('link', { name: 'Sales' })).toBeNull();
  });

  it('shows the profile dropdown instead of Log in to a logged-in user, without Sales', async () => {
    renderRoutes(routes, { user: testUser });
    expect(await within(banner()).findByRole('button', { name: /account menu/i })).toBeVisible();
    expect(within(banner()).queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(within(banner()).queryByRole('link', { name: 'Sales' })).toBeNull();
  });

  it('shows Sales only to an artist, in the account menu (the row fits every role, issue #32)', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { user: testArtist });
    const main = await within(banner()).findByRole('navigation', { name: 'Main' });
    expect(within(main).queryByRole('link', { name: 'Sales' })).toBeNull();
    await user.click(await within(banner()).findByRole('button', { name: /account menu/i }));
    const panel = document.getElementById(accountButton().getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(within(panel).getByRole('link', { name: 'Sales' })).toHaveAttribute('href', '/artist-analytics');
    expect(within(panel).queryByRole('link', { name: 'Console' })).toBeNull();
    expect(
      within(panel)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Sales', 'Profile']);
  });

  it('shows Console to an operator in the account menu and in the Menu, never inline', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { user: { ...testUser, type: 'admin' } });
    const main = await within(banner()).findByRole('navigation', { name: 'Main' });
    expect(within(main).queryByRole('link', { name: 'Console' })).toBeNull();
    await user.click(await within(banner()).findByRole('button', { name: /account menu/i }));
    const panel = document.getElementById(accountButton().getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(within(panel).getByRole('link', { name: 'Console' })).toHaveAttribute('href', '/admin');
    await user.keyboard('{Escape}');
    await user.click(within(banner()).getByRole('button', { name: 'Menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(dialog).getByRole('link', { name: 'Console' })).toHaveAttribute('href', '/admin');
  });

  it('has every header link of the spec', async () => {
    renderRoutes(routes, { user: testArtist });
    const main = await within(banner()).findByRole('navigation', { name: 'Main' });
    const hrefs = within(main)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(['/', '/music', '/loops', '/album', '/artists', '/savedPage', '/subscription-plan']);
  });

  it('links the store’s own Enterprise and loops pages, in the same tab, when no shop address is configured', async () => {
    const user = userEvent.setup();
    const { fetchStub } = stubRoutes([
      on(Api.config.site, () => jsonResponse(200, { shop_links: { custom_music: null, loops: null } })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    renderRoutes(routes, { user: null });
    const expectOwnPages = (container: HTMLElement) => {
      const links = within(container).getAllByRole('link');
      expect(links.map((link) => [link.getAttribute('href'), link.textContent, link.getAttribute('target')])).toEqual([
        ['/enterprise', 'Custom music', null],
        ['/loops', 'Loops & templates', null],
      ]);
    };
    expectOwnPages(await within(banner()).findByRole('navigation', { name: 'Shop' }));
    await user.click(within(banner()).getByRole('button', { name: 'Menu' }));
    expectOwnPages(
      within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('navigation', { name: 'Shop' }),
    );
  });

  it('links the configured external shop pages, in a new tab, in the header and in the menu (spec §1, §2)', async () => {
    const user = userEvent.setup();
    const { fetchStub } = stubRoutes([
      on(Api.config.site, () =>
        jsonResponse(200, {
          shop_links: { custom_music: 'https://shop.example.com/custom', loops: 'https://shop.example.com/loops' },
        }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    renderRoutes(routes, { user: null });
    const expectShopLinks = async (container: HTMLElement) => {
      await waitFor(() =>
        expect(
          within(container)
            .getAllByRole('link')
            .map((link) => link.getAttribute('href')),
        ).toEqual(['https://shop.example.com/custom', 'https://shop.example.com/loops']),
      );
      const links = within(container).getAllByRole('link');
      expect(links.map((link) => link.textContent)).toEqual([
        'Custom music (opens in a new tab)',
        'Loops & templates (opens in a new tab)',
      ]);
      for (const link of links) {
        expect(link).toHaveAttribute('target', '_blank');
        expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      }
    };
    await expectShopLinks(await within(banner()).findByRole('navigation', { name: 'Shop' }));

    await user.click(within(banner()).getByRole('button', { name: 'Menu' }));
    await expectShopLinks(
      within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('navigation', { name: 'Shop' }),
    );
  });

  it('keeps every header link reachable at every width: inline links where the Menu is hidden', async () => {
    renderRoutes(routes, { user: testArtist });
    const main = await within(banner()).findByRole('navigation', { name: 'Main' });
    // No inline link hides at some width (Home used to, between 768 and 1023 px)...
    for (const item of within(main).getAllByRole('listitem')) expect(item.className).not.toMatch(/hidden/);
    // ...and the inline links show from exactly the width where the Menu button hides.
    const inline = main.closest('.hidden');
    const menu = within(banner()).getByRole('button', { name: 'Menu' }).closest('[class*=":hidden"]');
    const showsFrom = /\b(\w+):(?:flex|block)\b/.exec(inline?.className ?? '')?.[1];
    const hidesFrom = /\b(\w+):hidden\b/.exec(menu?.className ?? '')?.[1];
    expect(showsFrom).toBeDefined();
    expect(hidesFrom).toBe(showsFrom);
  });

  it('opens the dropdown with Profile and Logout, and closes it on an outside click', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { user: testUser });

    const button = await within(banner()).findByRole('button', { name: /account menu/i });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    expect(within(panel as HTMLElement).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(panel as HTMLElement).getByRole('button', { name: 'Logout' })).toBeVisible();

    // A press on something that takes no focus: only the outside-click handler can close it.
    await user.click(document.body);
    expect(accountButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('closes the dropdown on Escape (focus back on the button) and on navigation', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { user: testUser });

    await user.click(await within(banner()).findByRole('button', { name: /account menu/i }));
    await user.keyboard('{Escape}');
    expect(accountButton()).toHaveAttribute('aria-expanded', 'false');
    expect(accountButton()).toHaveFocus();

    await user.click(accountButton());
    await user.click(screen.getByRole('link', { name: 'Profile' }));
    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeInTheDocument();
    expect(accountButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the mobile menu with the same links and closes it on an outside click', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { user: null });

    const menuButton = await within(banner()).findByRole('button', { name: 'Menu' });
    await user.click(menuButton);
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(menuButton).toHaveAttribute('aria-controls', dialog.id);
    for (const name of ['Home', 'Music', 'Loops & tracks', 'Albums', 'Artists', 'Downloads', 'Subscriptions']) {
      expect(within(dialog).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(dialog).getByRole('link', { name: 'Log in' })).toBeInTheDocument();

    await user.click(screen.getByTestId('mobile-menu-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the mobile menu on Escape and on navigation', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { user: null });

    const menuButton = await within(banner()).findByRole('button', { name: 'Menu' });
    await user.click(menuButton);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(menuButton).toHaveFocus();

    await user.click(menuButton);
    await user.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Albums' }));
    expect(await screen.findByRole('heading', { name: 'Other page' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('logs out: POST /api/logout, toast, login page, Log in button again', async () => {
    const user = userEvent.setup();
    const { fetchStub, calls } = stubRoutes([on(Api.auth.logout, () => jsonResponse(200, { message: 'Logged out.' }))]);
    vi.stubGlobal('fetch', fetchStub);
    const { router } = renderRoutes(routes, { user: testUser, path: '/profile' });

    await user.click(await within(banner()).findByRole('button', { name: /account menu/i }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Logged out successfully!')).toBeInTheDocument();
    // The header reads its shop links (GET /api/site-config); the one write is the logout.
    expect(calls.filter((c) => c.init?.method === 'POST').map((c) => [c.url, c.init?.method])).toEqual([
      [pathOf(Api.auth.logout), 'POST'],
    ]);
    expect(router.state.location.pathname).toBe('/auth/login');
    await waitFor(() => expect(within(banner()).getByRole('link', { name: 'Log in' })).toBeInTheDocument());
  });

  it('clears the session as soon as logout starts, before the server answers (spec §4)', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    window.localStorage.setItem(USER_CACHE_KEY, JSON.stringify(testUser));
    renderRoutes(routes, { user: testUser, path: '/profile' });

    await user.click(await within(banner()).findByRole('button', { name: /account menu/i }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    // The server has not answered: the user is gone already, from the header and from storage.
    expect(await within(banner()).findByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(within(banner()).queryByRole('button', { name: /account menu/i })).toBeNull();
    expect(window.localStorage.getItem(USER_CACHE_KEY)).toBeNull();

    answer(jsonResponse(200, { message: 'Logged out.' }));
    expect(await screen.findByText('Logged out successfully!')).toBeInTheDocument();
  });

  it('tells the user when logout fails and keeps them logged in', async () => {
    const user = userEvent.setup();
    const { fetchStub } = stubRoutes([on(Api.auth.logout, () => jsonResponse(500, { message: 'Boom' }))]);
    vi.stubGlobal('fetch', fetchStub);
    renderRoutes(routes, { user: testUser, path: '/profile' });

    await user.click(await within(banner()).findByRole('button', { name: /account menu/i }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Logout failed. Try again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Profile page' })).toBeInTheDocument();
    expect(accountButton()).toBeInTheDocument();
  });
});
