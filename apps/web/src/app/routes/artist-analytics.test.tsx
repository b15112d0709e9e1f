import { Api, type ArtistOrderDto } from '@tarab/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, on, renderRoutes, stubRoutes, testArtist } from '@/testing/render-app';
import ArtistAnalyticsRoute from './artist-analytics';

const order = (id: number, album: ArtistOrderDto['music']['album']): ArtistOrderDto => ({
  order_id: id,
  created_at: '2026-03-05T10:00:00.000Z',
  music: { id: 10 + id, title: `Track ${id}`, price: 4.99, public_id: `/media/previews/${id}.mp3`, album },
  user: { name: 'Buyer Bee', email: null, email_shared: false },
  payment_details: { payment_method: 'card', receipt_url: null, amount: 4.99, currency: 'usd' },
});

const summary = { revenue: 9.98, orders: 2, by_month: [], top_tracks: [] };

describe('/artist-analytics', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("links an order's track to the track's own page (issue #32), album or single", async () => {
    const orders = [
      order(1, { id: 3, title: 'Sands of Time', image: { url: '/media/images/a1.svg' } }),
      order(2, null),
    ];
    vi.stubGlobal(
      'fetch',
      stubRoutes([on(Api.analytics.artistOrders, () => jsonResponse(200, { data: { data: orders, summary } }))])
        .fetchStub,
    );
    renderRoutes([{ path: '/artist-analytics', element: <ArtistAnalyticsRoute /> }], {
      user: { ...testArtist, artist_id: 7 } as typeof testArtist,
      path: '/artist-analytics',
    });

    const card = async (title: string) =>
      within((await screen.findByRole('heading', { name: title, level: 3 })).closest('li') as HTMLElement);
    expect((await card('Track 1')).getByRole('link', { name: /View track/ })).toHaveAttribute('href', '/track/11');
    expect((await card('Track 2')).getByRole('link', { name: /View track/ })).toHaveAttribute('href', '/track/12');
  });
});
