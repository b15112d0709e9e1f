import { Api, type ArtistOrderDto, pathOf } from '@tarab/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, on, renderRoutes, stubRoutes, testArtist } from '@/testing/render-app';
import { ArtistSales } from './artist-sales';

const order: ArtistOrderDto = {
  order_id: 42,
  created_at: '2026-03-05T10:00:00.000Z',
  music: {
    id: 11,
    title: 'Desert Caravan',
    price: 4.99,
    public_id: '/media/previews/11.mp3',
    album: { id: 3, title: 'Sands of Time', image: { url: '/media/images/a1.svg' } },
  },
  user: { name: 'Buyer Bee', email: 'bee@example.com', email_shared: true },
  payment_details: {
    payment_method: 'card',
    receipt_url: pathOf(Api.analytics.receipt, { id: 42 }),
    amount: 4.99,
    currency: 'usd',
  },
};
/** A buyer who unticked "Share my email with the artist" at checkout (decision 059). */
const privateOrder: ArtistOrderDto = {
  ...order,
  order_id: 43,
  music: { ...order.music, id: 12, title: 'Night Bazaar' },
  user: { name: 'Quiet Buyer', email: null, email_shared: false },
  payment_details: { ...order.payment_details, receipt_url: pathOf(Api.analytics.receipt, { id: 43 }) },
};

const summary = {
  revenue: 14.97,
  orders: 3,
  by_month: [
    { month: '2026-02', revenue: 9.98, orders: 2 },
    { month: '2026-03', revenue: 4.99, orders: 1 },
  ],
  top_tracks: [{ id: 11, title: 'Desert Caravan', revenue: 14.97, orders: 3 }],
};

function render(trackHrefOf?: (o: ArtistOrderDto) => string) {
  return renderRoutes(
    [{ path: '/artist-analytics', element: <ArtistSales {...(trackHrefOf ? { trackHrefOf } : {})} /> }],
    { user: testArtist, path: '/artist-analytics' },
  );
}

describe('ArtistSales', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows Loading artist orders..., then totals, charts and the order cards', async () => {
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    render((o) => `/artist/detail/7?track=${o.music.id}`);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading artist orders...');

    answer(jsonResponse(200, { data: { data: [order, privateOrder], summary } }));
    const card = (await screen.findByRole('heading', { name: 'Desert Caravan', level: 3 })).closest('li')!;
    const c = within(card as HTMLElement);
    expect(c.getByRole('img', { name: 'Sands of Time cover' })).toHaveAttribute('src', '/media/images/a1.svg');
    expect(c.getByText('Sands of Time')).toBeInTheDocument();
    expect(c.getByRole('link', { name: /View track/ })).toHaveAttribute('href', '/artist/detail/7?track=11');
    // Spec §2: buyer name and email, and a View Receipt link.
    expect(c.getByText('Buyer Bee')).toBeInTheDocument();
    expect(c.getByTestId('buyer-email')).toHaveTextContent('bee@example.com');
    expect(c.getByText('$4.99')).toBeInTheDocument();
    expect(c.getByText('CARD')).toBeInTheDocument();
    const receipt = c.getByRole('link', { name: /View Receipt/ });
    expect(receipt).toHaveAttribute('href', pathOf(Api.analytics.receipt, { id: 42 }));
    expect(receipt).toHaveAttribute('target', '_blank');

    // A buyer who kept their email private: the name only, and the card says so.
    const quiet = within(screen.getByRole('heading', { name: 'Night Bazaar', level: 3 }).closest('li') as HTMLElement);
    expect(quiet.getByText('Quiet Buyer')).toBeInTheDocument();
    expect(quiet.queryByText(/@/)).not.toBeInTheDocument();
    expect(quiet.getByText('Kept their email private')).toBeInTheDocument();
    expect(quiet.getByRole('link', { name: /View Receipt/ })).toHaveAttribute(
      'href',
      pathOf(Api.analytics.receipt, { id: 43 }),
    );

    expect(screen.getByText('$14.97', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('3', { selector: 'dd' })).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /Revenue by month\. Feb 2026: \$9\.98, Mar 2026: \$4\.99/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('Top tracks')).toBeInTheDocument();
  });

  it('shows No orders found. when there are none', async () => {
    const { fetchStub } = stubRoutes([
      on(Api.analytics.artistOrders, () =>
        jsonResponse(200, { data: { data: [], summary: { revenue: 0, orders: 0, by_month: [], top_tracks: [] } } }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    render();
    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
  });

  it('shows Error: {message} when the server refuses', async () => {
    const { fetchStub } = stubRoutes([
      on(Api.analytics.artistOrders, () => jsonResponse(403, { message: 'This action is unauthorized.' })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: This action is unauthorized.');
  });
});
