import { Api, pathOf } from '@tarab/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Limits } from '@tarab/contracts/limits';
import { jsonResponse, on, renderRoutes, stubRoutes, testUser, toastAutoCloseMs } from '@/testing/render-app';
import { createdBody, makePlaylist, makeTrack, playlistsBody } from '../testing/fixtures';
import { AddToPlaylistMenu } from './add-to-playlist-menu';

const loop = makeTrack({ id: 42, kind: 'loop', title: 'Darbuka Groove' });
const music = makeTrack({ id: 11, title: 'Desert Rose' });
const playlists = [makePlaylist({ id: 1, name: 'Road Trip' }), makePlaylist({ id: 2, name: 'Wedding' })];

function server() {
  const added = (id: number) => () =>
    jsonResponse(200, {
      message: 'Track added to playlist successfully!',
      data: { playlist_id: 2, track_id: id, added: true },
    });
  return stubRoutes([
    on(Api.library.playlists, () => jsonResponse(200, playlistsBody(playlists))),
    on(Api.library.addLoop, added(42)),
    on(Api.library.addMusic, added(11)),
    on(Api.library.createPlaylist, () => jsonResponse(200, createdBody(makePlaylist({ id: 7, name: 'Fresh' })))),
  ]);
}

const renderMenu = (track = loop) =>
  renderRoutes([{ path: '/', element: <AddToPlaylistMenu track={track} /> }], { user: testUser });

describe('AddToPlaylistMenu', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the playlists and adds a loop with the loop call', async () => {
    const { fetchStub, calls } = server();
    vi.stubGlobal('fetch', fetchStub);
    renderMenu();
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Add Darbuka Groove to a playlist' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');

    const menu = screen.getByRole('menu');
    const item = await within(menu).findByRole('menuitem', { name: /Wedding/ });
    await vi.waitFor(() => expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(item).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Track added to playlist successfully!')).toBeInTheDocument();
    // Spec §4/§9: 1500 ms, as for favourites (not the 5000 ms default).
    expect(toastAutoCloseMs('Track added to playlist successfully!')).toBe(Limits.toastFavouritesMs);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
    const call = calls.find((c) => c.url === pathOf(Api.library.addLoop));
    expect(JSON.parse(String(call?.init?.body))).toEqual({ playlist_id: 2, loop_id: 42 });
  });

  it('creates a new playlist from the menu and adds the music to it', async () => {
    const { fetchStub, calls } = server();
    vi.stubGlobal('fetch', fetchStub);
    renderMenu(music);
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Add Desert Rose to a playlist' });
    await user.click(button);
    await user.click(await screen.findByRole('menuitem', { name: 'New playlist…' }));

    const dialog = await screen.findByRole('dialog', { name: 'Create Playlist' });
    await user.type(within(dialog).getByLabelText('Playlist name'), 'Fresh');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Track added to playlist successfully!')).toBeInTheDocument();
    expect(screen.getByText('Playlist created successfully!')).toBeInTheDocument();
    const call = calls.find((c) => c.url === pathOf(Api.library.addMusic));
    expect(JSON.parse(String(call?.init?.body))).toEqual({ playlist_id: 7, music_id: 11 });
    expect(screen.queryByRole('dialog')).toBeNull();
    await vi.waitFor(() => expect(button).toHaveFocus());

    // Again, by the keyboard, with the dialog's code already loaded: the dialog gives the focus back to
    // the menu's button too.
    await user.keyboard('{Enter}');
    await user.keyboard('{End}{Enter}');
    const again = await screen.findByRole('dialog', { name: 'Create Playlist' });
    await vi.waitFor(() => expect(within(again).getByLabelText('Playlist name')).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await vi.waitFor(() => expect(button).toHaveFocus());
  });

  it('stays open for a late scroll event while its button has not moved, and closes once it has', async () => {
    vi.stubGlobal('fetch', server().fetchStub);
    renderMenu();
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Add Darbuka Groove to a playlist' });
    await user.click(button);
    await screen.findByRole('menuitem', { name: /Road Trip/ });

    // The scroll that brought the row into view, delivered after the click.
    window.dispatchEvent(new Event('scroll'));
    expect(screen.getByRole('menu')).toBeInTheDocument();

    // The page really scrolled: the button is elsewhere now.
    button.getBoundingClientRect = () => new DOMRect(0, -120, 40, 40);
    window.dispatchEvent(new Event('scroll'));
    await vi.waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('closes on Escape and gives the focus back', async () => {
    vi.stubGlobal('fetch', server().fetchStub);
    renderMenu();
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Add Darbuka Groove to a playlist' });
    await user.click(button);
    await screen.findByRole('menuitem', { name: /Road Trip/ });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
  });
});
