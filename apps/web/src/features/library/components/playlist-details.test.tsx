import { Api } from '@tarab/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, on, renderRoutes, stubRoutes, testUser } from '@/testing/render-app';
import { makePlaylist, makeTrack } from '../testing/fixtures';
import { PlaylistDetails } from './playlist-details';

const detail = {
  ...makePlaylist({ id: 4, name: 'Road trip', music_count: 1, loop_count: 2 }),
  musics: [makeTrack({ id: 1, title: 'Desert Rose' })],
  loops: [
    makeTrack({ id: 2, kind: 'loop', title: 'Darbuka Groove' }),
    makeTrack({ id: 3, kind: 'loop', title: 'Ney Drone' }),
  ],
};

describe('PlaylistDetails', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows Saved / {title}, the initial, the count and the loops merged into the musics', async () => {
    vi.stubGlobal(
      'fetch',
      stubRoutes([on(Api.library.playlist, { id: 4 }, () => jsonResponse(200, { data: detail }))]).fetchStub,
    );
    renderRoutes(
      [
        {
          path: '/saved/details/:id',
          element: (
            <PlaylistDetails
              id="4"
              title="Road trip"
              trackCountHint={3}
              renderList={(tracks, label) => (
                <ol aria-label={label}>
                  {tracks.map((track) => (
                    <li key={track.id}>{`${track.title} (${track.kind})`}</li>
                  ))}
                </ol>
              )}
            />
          ),
        },
      ],
      { user: testUser, path: '/saved/details/4' },
    );

    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs).toHaveTextContent('Saved/Road trip');
    expect(within(crumbs).getByRole('link', { name: 'Saved' })).toHaveAttribute('href', '/savedPage');
    expect(screen.getByRole('heading', { level: 1, name: 'Road trip' })).toBeInTheDocument();
    expect(screen.getByText('3 tracks')).toBeInTheDocument();

    const list = await screen.findByRole('list', { name: 'Tracks of Road trip' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Desert Rose (music)', 'Darbuka Groove (loop)', 'Ney Drone (loop)']);
  });

  it('says when the playlist is empty', async () => {
    const empty = { ...makePlaylist({ id: 5, name: 'Empty' }), musics: [], loops: [] };
    vi.stubGlobal(
      'fetch',
      stubRoutes([on(Api.library.playlist, { id: 5 }, () => jsonResponse(200, { data: empty }))]).fetchStub,
    );
    renderRoutes([{ path: '/', element: <PlaylistDetails id="5" title={null} trackCountHint={null} /> }], {
      user: testUser,
    });
    expect(await screen.findByRole('heading', { name: 'No tracks found.' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Empty' })).toBeInTheDocument();
    expect(screen.getByText('0 tracks')).toBeInTheDocument();
  });
});
