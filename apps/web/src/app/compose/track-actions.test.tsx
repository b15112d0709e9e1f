import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadsBody, makeDownload, makeTrack } from '@/features/commerce/testing/fixtures';
import { jsonResponse, renderRoutes, stubFetch, testUser } from '@/testing/render-app';
import { TrackActions } from './track-row-actions';

const server = () =>
  stubFetch({
    '/api/user/downloads': () => jsonResponse(200, downloadsBody([makeDownload({ id: 11, title: 'Desert Caravan' })])),
    '/api/playlists/all': () => jsonResponse(200, { playlists: [] }),
    '/api/favourit/all': () => jsonResponse(200, { data: [], playlists: [] }),
  });

const renderActions = (track = makeTrack()) =>
  renderRoutes([{ path: '/', element: <TrackActions track={track} /> }], { user: testUser });

describe('TrackActions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a downloaded track a Downloaded button instead of its actions (spec §2 "Track rows")', async () => {
    vi.stubGlobal('fetch', server().fetchStub);
    renderActions(makeTrack({ id: 11, title: 'Desert Caravan' }));

    expect(await screen.findByRole('button', { name: /^Downloaded/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Favorite Desert Caravan/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Desert Caravan to a playlist' })).toBeNull();
  });

  it('keeps the favourite and add-to-playlist actions of a track not downloaded', async () => {
    vi.stubGlobal('fetch', server().fetchStub);
    renderActions(makeTrack({ id: 12, title: 'Oud Night' }));

    expect(await screen.findByRole('button', { name: 'Download Oud Night' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Favorite Oud Night/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Oud Night to a playlist' })).toBeInTheDocument();
  });
});
