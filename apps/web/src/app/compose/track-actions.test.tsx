import { Api, pathOf } from '@tarab/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadsBody, makeDownload, makeSubscription, makeTrack } from '@/features/commerce/testing/fixtures';
import { makePlaylist, playlistsBody } from '@/features/library/testing/fixtures';
import { jsonResponse, on, renderRoutes, stubRoutes, testUser } from '@/testing/render-app';
import { renderArabicRoutes } from '@/testing/render-arabic';
import { TrackActions } from './track-row-actions';

const server = () =>
  stubRoutes([
    on(Api.downloads.list, () => jsonResponse(200, downloadsBody([makeDownload({ id: 11, title: 'Desert Caravan' })]))),
    on(Api.library.playlists, () =>
      jsonResponse(
        200,
        playlistsBody([makePlaylist({ id: 1, name: 'Road Trip' }), makePlaylist({ id: 2, name: 'Wedding' })]),
      ),
    ),
    on(Api.library.addMusic, () =>
      jsonResponse(200, {
        message: 'Track added to playlist successfully!',
        data: { playlist_id: 2, track_id: 12, added: true },
      }),
    ),
    on(Api.library.favourites, () => jsonResponse(200, { data: [], playlists: [] })),
    on(Api.library.favouriteMusic, () => jsonResponse(200, { message: 'ok' })),
  ]);

const subscriber: typeof testUser = { ...testUser, subscriptions: [makeSubscription()] };

const renderActions = (track = makeTrack(), user: typeof testUser | null = testUser) =>
  renderRoutes([{ path: '/', element: <TrackActions track={track} /> }], { user });

const tuned = (id: number, title: string) => makeTrack({ id, title, maqam: 'Hijaz', key: 'D' });

describe('TrackActions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a downloaded track a Downloaded button instead of its actions (spec §2 "Track rows")', async () => {
    vi.stubGlobal('fetch', server().fetchStub);
    renderActions(makeTrack({ id: 11, title: 'Desert Caravan' }));

    expect(await screen.findByRole('button', { name: /^Downloaded/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Favorite Desert Caravan/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Desert Caravan to a playlist' })).toBeNull();
  });

  it('keeps the favourite and add-to-playlist actions of a track not downloaded, and one primary action', async () => {
    vi.stubGlobal('fetch', server().fetchStub);
    renderActions(makeTrack({ id: 12, title: 'Oud Night' }));

    expect(await screen.findByRole('button', { name: 'License Oud Night · $4.99' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download Oud Night' })).toBeNull();
    const favourite = screen.getByRole('button', { name: /Favorite Oud Night/ });
    // From 640 px up they sit in the row; below, in the More menu.
    expect(favourite.closest('.max-sm\\:hidden')).not.toBeNull();
    expect(
      screen.getByRole('button', { name: 'Add Oud Night to a playlist' }).closest('.max-sm\\:hidden'),
    ).not.toBeNull();
    expect(screen.getByRole('button', { name: 'More actions for Oud Night' })).toHaveClass('sm:hidden');
  });

  it.each([
    ['a visitor', null, 'License Oud Night', 'License', false],
    ['a listener', testUser, 'License Oud Night · $4.99', 'License · $4.99', true],
    ['a subscriber', subscriber, 'Download Oud Night', 'Download', false],
  ] as const)('gives %s one primary button: %s', async (_who, user, name, text, priced) => {
    const { fetchStub } = stubRoutes([
      on(Api.downloads.list, () => jsonResponse(200, downloadsBody([]))),
      on(Api.library.favourites, () => jsonResponse(200, { data: [], playlists: [] })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    renderActions(makeTrack({ id: 12, title: 'Oud Night' }), user);
    const button = await screen.findByRole('button', { name });
    expect(button).toHaveTextContent(text);
    expect(document.body.textContent?.includes('$')).toBe(priced);
    const primaries = screen
      .getAllByRole('button')
      .filter((b) => /^(Download|License|Subscribe)/.test(b.getAttribute('aria-label') ?? ''));
    expect(primaries).toHaveLength(1);
  });

  it("shows a phone the price in the listener's button and keeps the whole label from 640 px", async () => {
    vi.stubGlobal('fetch', server().fetchStub);
    renderActions(makeTrack({ id: 12, title: 'Oud Night', price: 7.99 }));
    const button = await screen.findByRole('button', { name: 'License Oud Night · $7.99' });
    const [phone, wide] = Array.from(button.children);
    expect(phone).toHaveClass('sm:hidden');
    expect(phone).toHaveTextContent(/^\$7\.99$/);
    expect(wide).toHaveClass('max-sm:hidden');
    expect(wide).toHaveTextContent('License · $7.99');
  });
});

describe('The More menu of a phone row', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a menu button: opens on click with favorite, playlist, tuning files, share and the page; Escape closes and returns focus', async () => {
    vi.stubGlobal('fetch', server().fetchStub);
    const user = userEvent.setup();
    renderActions(tuned(12, 'Oud Night'));

    const more = await screen.findByRole('button', { name: 'More actions for Oud Night' });
    expect(more).toHaveAttribute('aria-haspopup', 'menu');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    const menu = screen.getByRole('menu', { name: 'More actions for Oud Night' });
    expect(more).toHaveAttribute('aria-expanded', 'true');
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Add to Favorites',
      'Add to playlist',
      'Scale (.scl)',
      'Keyboard mapping (.kbm)',
      'Share',
      'Go to the track’s page',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Scale (.scl)' })).toHaveAttribute(
      'href',
      pathOf(Api.tuning.file, { kind: 'music', file: '12.scl' }),
    );
    expect(within(menu).getByRole('menuitem', { name: 'Go to the track’s page' })).toHaveAttribute('href', '/track/12');
    await vi.waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Add to Favorites' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Add to playlist' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(menu).getByRole('menuitem', { name: 'Go to the track’s page' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(more).toHaveFocus();
  });

  it('opens from the keyboard (ArrowDown) and adds the track to a playlist in the same menu', async () => {
    const { fetchStub, calls } = server();
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    renderActions(makeTrack({ id: 12, title: 'Oud Night' }));

    const more = await screen.findByRole('button', { name: 'More actions for Oud Night' });
    more.focus();
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu');
    await user.click(within(menu).getByRole('menuitem', { name: 'Add to playlist' }));
    await user.click(await within(menu).findByRole('menuitem', { name: /Wedding/ }));
    await vi.waitFor(() =>
      expect(JSON.parse(String(calls.find((c) => c.url === pathOf(Api.library.addMusic))?.init?.body))).toEqual({
        playlist_id: 2,
        music_id: 12,
      }),
    );
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('favorites the track', async () => {
    const { fetchStub, calls } = server();
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    renderActions(makeTrack({ id: 12, title: 'Oud Night' }));
    await user.click(await screen.findByRole('button', { name: 'More actions for Oud Night' }));
    await user.click(screen.getByRole('menuitem', { name: 'Add to Favorites' }));
    await vi.waitFor(() => expect(calls.some((c) => c.url === pathOf(Api.library.favouriteMusic))).toBe(true));
  });

  it('copies the link of the track page in the page language when the browser cannot share', async () => {
    vi.stubGlobal('fetch', server().fetchStub);
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderArabicRoutes([{ path: '/', element: <TrackActions track={makeTrack({ id: 12, title: 'Oud Night' })} /> }], {
      user: testUser,
    });
    await user.click(await screen.findByRole('button', { name: 'إجراءات أخرى لـOud Night' }));
    await user.click(screen.getByRole('menuitem', { name: 'مشاركة' }));
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/ar/track/12`));
    expect(await screen.findByText('تم نسخ الرابط')).toBeInTheDocument();
  });

  it('keeps only the tuning files, share and the page for a licensed track', async () => {
    vi.stubGlobal('fetch', server().fetchStub);
    const user = userEvent.setup();
    renderActions(tuned(11, 'Desert Caravan'));
    await screen.findByRole('button', { name: /^Downloaded/ });
    await user.click(screen.getByRole('button', { name: 'More actions for Desert Caravan' }));
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Scale (.scl)', 'Keyboard mapping (.kbm)', 'Share', 'Go to the track’s page']);
  });
});
