import { Api } from '@tarab/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, on, renderRoutes, stubRoutes, testUser } from '@/testing/render-app';
import { renderArabicRoutes } from '@/testing/render-arabic';
import { downloadsBody, makeDownload } from '@/features/commerce/testing/fixtures';
import { favouriteOf, favouritesBody, makeTrack } from '@/features/library/testing/fixtures';
import { initialPlayerState, usePlayerStore } from '@/features/player/stores/player-store';
import SavedRoute from './saved';

const render = (path = '/savedPage') =>
  renderRoutes([{ path: '/savedPage', element: <SavedRoute /> }], { user: testUser, path });

describe('Saved page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    usePlayerStore.setState(initialPlayerState);
  });

  it('has the Playlists, Downloads and Favorite tabs, Playlists first', async () => {
    vi.stubGlobal(
      'fetch',
      stubRoutes([on(Api.library.playlists, () => jsonResponse(200, { playlists: [] }))]).fetchStub,
    );
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
      stubRoutes([
        on(Api.library.playlists, () => jsonResponse(200, { playlists: [] })),
        on(Api.library.favourites, () => jsonResponse(200, favouritesBody(liked.map(favouriteOf)))),
      ]).fetchStub,
    );
    const { router } = render();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Favorite' }));
    expect(router.state.location.search).toBe('?tab=favorite');
    const list = await screen.findByRole('list', { name: 'Favorite tracks' });
    expect(within(list).getByText('Desert Rose')).toBeInTheDocument();
    expect(within(list).getByText('Darbuka Groove')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Play Desert Rose' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Favorite Desert Rose' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says so when nothing is liked yet', async () => {
    vi.stubGlobal(
      'fetch',
      stubRoutes([on(Api.library.favourites, () => jsonResponse(200, favouritesBody([])))]).fetchStub,
    );
    render('/savedPage?tab=favorite');
    expect(screen.getByRole('tab', { name: 'Favorite' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText("You haven't liked any artists yet.")).toBeInTheDocument();
  });

  it('plays a download from the Downloads tab with the play toggle (spec §2)', async () => {
    const downloads = [
      makeDownload({ id: 11, title: 'Desert Caravan' }),
      makeDownload({ id: 12, title: 'Oud Night', license_key: 'TRB-ZZZZ' }),
    ];
    vi.stubGlobal(
      'fetch',
      stubRoutes([on(Api.downloads.list, () => jsonResponse(200, downloadsBody(downloads)))]).fetchStub,
    );
    render('/savedPage?tab=downloads');
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Downloads' });

    await user.click(within(list).getByRole('button', { name: 'Play Oud Night' }));
    expect(usePlayerStore.getState().currentTrack?.id).toBe(12);
    expect(usePlayerStore.getState().isPlaying).toBe(true);
    expect(usePlayerStore.getState().queue.map((track) => track.id)).toEqual([11, 12]);

    // Play on the current track toggles pause.
    await user.click(within(list).getByRole('button', { name: 'Pause Oud Night' }));
    expect(usePlayerStore.getState().isPlaying).toBe(false);
    expect(within(list).getByRole('button', { name: 'Play Oud Night' })).toBeInTheDocument();
  });
});

describe('Saved page in Arabic', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.documentElement.dir = '';
  });

  it('names the page and its tabs in Arabic, and the left arrow goes to the next tab (right to left)', async () => {
    vi.stubGlobal(
      'fetch',
      stubRoutes([
        on(Api.library.playlists, () => jsonResponse(200, { playlists: [] })),
        on(Api.downloads.list, () => jsonResponse(200, downloadsBody([]))),
        on(Api.library.favourites, () => jsonResponse(200, favouritesBody([]))),
      ]).fetchStub,
    );
    // As main.tsx does for an Arabic page.
    document.documentElement.dir = 'rtl';
    const { router } = renderArabicRoutes([{ path: '/savedPage', element: <SavedRoute /> }], {
      user: testUser,
      path: '/savedPage',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'المحفوظات' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'المحفوظات' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['قوائم التشغيل', 'التنزيلات', 'المفضلة']);
    expect(await screen.findByText('لم يُعثر على قوائم تشغيل.')).toBeInTheDocument();

    const user = userEvent.setup();
    // The arrow moves the focus to the tab, which selects it: the page puts it in its address, then shows it.
    const selected = (name: string) =>
      vi.waitFor(() => {
        expect(screen.getByRole('tab', { name })).toHaveFocus();
        expect(screen.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
      });
    await user.click(screen.getByRole('tab', { name: 'قوائم التشغيل' }));
    await user.keyboard('{ArrowLeft}');
    await selected('التنزيلات');
    expect(router.state.location.search).toBe('?tab=downloads');
    expect(await screen.findByText('لم تُنزّل أي مقطوعة بعد.')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    await selected('المفضلة');
    expect(await screen.findByText('لم تُضِف أي مقطوعة إلى المفضلة بعد.')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    await selected('التنزيلات');
  });
});
