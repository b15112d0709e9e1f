import { Api, pathOf, type PlaylistDto } from '@tarab/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, on, renderRoutes, stubRoutes, testUser } from '@/testing/render-app';
import { createdBody, makePlaylist, playlistsBody } from '../testing/fixtures';
import { PlaylistsPanel } from './playlists-panel';

const samples = [
  makePlaylist({ id: 1, name: 'Desert Road Trip', music_count: 2, loop_count: 1 }),
  makePlaylist({ id: 2, name: 'wedding dabke', music_count: 1 }),
  makePlaylist({ id: 3, name: 'Oud Sessions' }),
];

/** A fake playlists API: list, create, delete. */
function fakeServer(initial: PlaylistDto[]) {
  let playlists = [...initial];
  let nextId = 100;
  const { fetchStub, calls } = stubRoutes([
    on(Api.library.playlists, () => jsonResponse(200, playlistsBody(playlists))),
    on(Api.library.createPlaylist, () => {
      const body = JSON.parse(String(calls.at(-1)?.init?.body)) as { name: string };
      const playlist = makePlaylist({ id: nextId++, name: body.name });
      playlists = [...playlists, playlist];
      return jsonResponse(200, createdBody(playlist));
    }),
    ...initial.map(({ id }) =>
      on(Api.library.deletePlaylist, { id }, () => {
        playlists = playlists.filter((p) => p.id !== id);
        return jsonResponse(200, { message: 'Playlist deleted.' });
      }),
    ),
  ]);
  return { fetchStub, calls, current: () => playlists };
}

const renderPanel = () =>
  renderRoutes([{ path: '/savedPage', element: <PlaylistsPanel /> }], { user: testUser, path: '/savedPage' });
const cards = () => within(screen.getByRole('list', { name: 'Playlists' })).queryAllByRole('link');

describe('PlaylistsPanel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each playlist with its initial, track count and a link to its page', async () => {
    vi.stubGlobal('fetch', fakeServer(samples).fetchStub);
    renderPanel();
    const link = await screen.findByRole('link', { name: 'Desert Road Trip' });
    expect(link).toHaveAttribute('href', '/saved/details/1?title=Desert+Road+Trip&name=Desert+Road+Trip&tracks=3');
    const card = link.closest('li') as HTMLElement;
    expect(within(card).getByText('D')).toBeInTheDocument();
    expect(within(card).getByText('3 tracks')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New playlist or project' })).toBeInTheDocument();
  });

  it('filters by name, case-insensitively, and says No playlists found.', async () => {
    vi.stubGlobal('fetch', fakeServer(samples).fetchStub);
    renderPanel();
    await screen.findByRole('link', { name: 'Desert Road Trip' });
    const search = screen.getByPlaceholderText('Find playlist or project');
    expect(search).toHaveAccessibleName('Find playlist or project');
    const user = userEvent.setup();

    await user.type(search, 'WEDDING');
    expect(cards().map((c) => c.textContent)).toEqual(['wedding dabke']);

    await user.clear(search);
    await user.type(search, 'ses');
    expect(cards().map((c) => c.textContent)).toEqual(['Oud Sessions']);

    await user.type(search, 'xyz');
    expect(cards()).toEqual([]);
    expect(screen.getByText('No playlists found.')).toBeInTheDocument();

    await user.clear(search);
    expect(cards()).toHaveLength(3);
    expect(screen.queryByText('No playlists found.')).toBeNull();
  });

  it('says No playlists found. when there is none', async () => {
    vi.stubGlobal('fetch', fakeServer([]).fetchStub);
    renderPanel();
    expect(await screen.findByText('No playlists found.')).toBeInTheDocument();
  });

  it('deletes a playlist only after the confirmation', async () => {
    const server = fakeServer(samples);
    vi.stubGlobal('fetch', server.fetchStub);
    renderPanel();
    await screen.findByRole('link', { name: 'Oud Sessions' });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Delete playlist Oud Sessions' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Delete playlist' });
    expect(dialog).toHaveAccessibleDescription(/Are you sure you want to delete this playlist\?/);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.calls.some((c) => c.init?.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete playlist Oud Sessions' }));
    dialog = screen.getByRole('alertdialog', { name: 'Delete playlist' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('link', { name: 'Oud Sessions' })).toBeNull());
    expect(server.calls.find((c) => c.init?.method === 'DELETE')?.url).toBe(
      pathOf(Api.library.deletePlaylist, { id: 3 }),
    );
    expect(cards()).toHaveLength(2);
  });

  it('creates a playlist from the New playlist or project tile', async () => {
    vi.stubGlobal('fetch', fakeServer(samples).fetchStub);
    renderPanel();
    await screen.findByRole('link', { name: 'Oud Sessions' });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'New playlist or project' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Playlist' });
    await user.type(within(dialog).getByLabelText('Playlist name'), 'Sufi Nights');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('link', { name: 'Sufi Nights' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('Playlist created successfully!')).toBeInTheDocument();
  });
});
