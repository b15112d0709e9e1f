import { Api, type FavouriteDto, pathOf } from '@tarab/contracts';
import type { ReactNode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, on, renderRoutes, stubRoutes, testUser } from '@/testing/render-app';
import { favouriteOf, favouritesBody, makeTrack } from '../testing/fixtures';
import { FavouriteButton } from './favourite-button';
import { LibraryActions } from './library-actions';

const music = makeTrack({ id: 11, title: 'Desert Rose' });
const loop = makeTrack({ id: 42, kind: 'loop', title: 'Darbuka Groove' });

/** A fake server keeping the favourites set, toggled by the two favourite calls. */
function fakeServer(initial: FavouriteDto[] = []) {
  let favourites = [...initial];
  const toggle = (id: number) => {
    const present = favourites.some((f) => f.music.id === id);
    const track = [music, loop].find((t) => t.id === id)!;
    favourites = present ? favourites.filter((f) => f.music.id !== id) : [favouriteOf(track), ...favourites];
    return jsonResponse(200, {
      message: present ? 'Track removed from favorites.' : 'Track added to favorites.',
      data: { track_id: id, favorited: !present },
    });
  };
  const { fetchStub, calls } = stubRoutes([
    on(Api.library.favourites, () => jsonResponse(200, favouritesBody(favourites))),
    on(Api.library.favouriteMusic, () => toggle(music.id)),
    on(Api.library.favouriteLoop, () => toggle(loop.id)),
  ]);
  return { fetchStub, calls };
}

const render = (user: typeof testUser | null, element: ReactNode) =>
  renderRoutes([{ path: '/', element }], { user, path: '/' });

describe('FavouriteButton', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('adds a music to the favourites, toasts, and every heart of it follows', async () => {
    const { fetchStub, calls } = fakeServer();
    vi.stubGlobal('fetch', fetchStub);
    render(
      testUser,
      <>
        <LibraryActions track={music} />
        <FavouriteButton track={music} variant="menu-item" />
      </>,
    );
    const heart = screen.getByRole('button', { name: 'Favorite Desert Rose' });
    await waitFor(() => expect(calls.some((c) => c.url === pathOf(Api.library.favourites))).toBe(true));
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Add to Favorites' })).toBeInTheDocument();

    await userEvent.setup().click(heart);

    expect(await screen.findByText('Track added to favorites.')).toBeInTheDocument();
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Remove from Favorites' })).toBeInTheDocument();
    const post = calls.find((c) => c.url === pathOf(Api.library.favouriteMusic));
    expect(JSON.parse(String(post?.init?.body))).toEqual({ music_id: 11 });
  });

  it('removes a loop through the loop call and says so', async () => {
    const { fetchStub, calls } = fakeServer([favouriteOf(loop)]);
    vi.stubGlobal('fetch', fetchStub);
    render(testUser, <FavouriteButton track={loop} variant="menu-item" />);
    const item = await screen.findByRole('button', { name: 'Remove from Favorites' });

    await userEvent.setup().click(item);

    expect(await screen.findByText('Track removed from favorites.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Add to Favorites' })).toBeInTheDocument();
    const post = calls.find((c) => c.url === pathOf(Api.library.favouriteLoop));
    expect(JSON.parse(String(post?.init?.body))).toEqual({ loop_id: 42 });
  });

  it('asks a visitor to log in, without calling the server', async () => {
    const fetchStub = vi.fn();
    vi.stubGlobal('fetch', fetchStub);
    render(null, <LibraryActions track={music} />);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Favorite Desert Rose' }));
    expect(await screen.findByText('Please log in to add tracks to favorites.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Desert Rose to a playlist' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('puts the heart back and asks to log in when the session has expired', async () => {
    const { fetchStub } = stubRoutes([
      on(Api.library.favourites, () => jsonResponse(200, favouritesBody([]))),
      on(Api.library.favouriteMusic, () => jsonResponse(401, { message: 'Unauthenticated.' })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    render(testUser, <FavouriteButton track={music} />);
    const heart = screen.getByRole('button', { name: 'Favorite Desert Rose' });
    await userEvent.setup().click(heart);
    expect(await screen.findByText('Please log in to add tracks to favorites.')).toBeInTheDocument();
    expect(heart).toHaveAttribute('aria-pressed', 'false');
  });
});
