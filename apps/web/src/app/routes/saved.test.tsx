import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch, testUser } from '@/testing/render-app';
import { favouriteOf, makeTrack } from '@/features/library/testing/fixtures';
import SavedRoute from './saved';

const render = (path = '/savedPage') =>
  renderRoutes([{ path: '/savedPage', element: <SavedRoute /> }], { user: testUser, path });

describe('Saved page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('has the Playlists, Downloads and Favorite tabs, Playlists first', async () => {
    vi.stubGlobal('fetch', stubFetch({ '/api/playlists/all': () => jsonResponse(200, { playlists: [] }) }).fetchStub);
    render();
    const tabs = within(screen.getByRole('tablist', { name: 'Saved' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Playlists', 'Downloads', 'Favorite']);
    expect(screen.getByRole('tab', { name: 'Playlists' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No playlists found.')).toBeInTheDocument();
  });

  it('lists the liked tracks in the Favorite tab, and keeps the tab in the address', async () => {
    const liked = [
      makeTrack({ id: 3, title: 'Desert Rose' }),
      makeTrack({ id: 9, kind: 'loop', title: 'Darbuka Groove' }),
    ];
    vi.stubGlobal(
      'fetch',
      stubFetch({
        '/api/playlists/all': () => jsonResponse(200, { playlists: [] }),
        '/api/favourit/all': () => jsonResponse(200, { data: liked.map(favouriteOf) }),
      }).fetchStub,
    );
    const { router } = render();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Favorite' }));
    expect(router.state.location.search).toBe('?tab=favorite');
    const list = await screen.findByRole('list', { name: 'Favorite tracks' });
    expect(within(list).getByText('Desert Rose')).toBeInTheDocument();
    expect(within(list).getByText('Darbuka Groove')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Play Desert Rose' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Favourite Desert Rose' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says so when nothing is liked yet', async () => {
    vi.stubGlobal('fetch', stubFetch({ '/api/favourit/all': () => jsonResponse(200, { data: [] }) }).fetchStub);
    render('/savedPage?tab=favorite');
    expect(screen.getByRole('tab', { name: 'Favorite' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText("You haven't liked any artists yet.")).toBeInTheDocument();
  });
});
