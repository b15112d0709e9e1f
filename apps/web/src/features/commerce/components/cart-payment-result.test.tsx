import { Api, pathOf, urlOf } from '@tarab/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, on, renderRoutes, stubRoutes, testUser } from '@/testing/render-app';
import { CartPaymentResult } from './cart-payment-result';

const order = {
  cart_order_id: 9,
  playlist_id: 7,
  playlist_name: 'Trailer',
  status: 'paid',
  amount: 12.98,
  currency: 'usd',
  session_id: 'cs_local_1',
  payment_method: 'card',
  paid_at: '2026-11-24T10:00:00.000Z',
  zip_url: pathOf(Api.downloads.cartZip, { id: 9 }),
  items: [
    {
      order_id: 31,
      music_id: 1,
      title: 'Oud at Dusk',
      amount: 4.99,
      license_key: 'TRB-AAAA-BBBB-CCCC-DDDD',
      receipt_url: pathOf(Api.analytics.receipt, { id: 31 }),
    },
    {
      order_id: 32,
      music_id: 2,
      title: 'Ney of the Dunes',
      amount: 7.99,
      license_key: 'TRB-EEEE-FFFF-GGGG-HHHH',
      receipt_url: pathOf(Api.analytics.receipt, { id: 32 }),
    },
  ],
};

const renderResult = (sessionId = 'cs_local_1') =>
  renderRoutes([{ path: '/success/playlist', element: <CartPaymentResult sessionId={sessionId} /> }], {
    user: testUser,
    path: `/success/playlist?session_id=${sessionId}`,
  });

describe('CartPaymentResult', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('confirms once and lists every licensed track with its key, its download and one Download all', async () => {
    const { fetchStub, calls } = stubRoutes([
      on(Api.cart.success, () => jsonResponse(200, { message: 'Payment successful.', data: order })),
      on(Api.downloads.prepare, { id: 1 }, () =>
        jsonResponse(200, {
          data: { ready: true, format: 'mp3', url: pathOf(Api.downloads.zip, { id: 1 }), retry_after: null },
        }),
      ),
      on(Api.downloads.prepare, { id: 2 }, () =>
        jsonResponse(200, {
          data: { ready: true, format: 'mp3', url: pathOf(Api.downloads.zip, { id: 2 }), retry_after: null },
        }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    const user = userEvent.setup();
    renderResult();

    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByText('2 tracks from “Trailer” · $12.98')).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Licensed tracks' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Oud at Dusk');
    expect(rows[0]).toHaveTextContent('TRB-AAAA-BBBB-CCCC-DDDD');
    expect(within(rows[1]!).getByRole('link', { name: 'Download Ney of the Dunes' })).toHaveAttribute(
      'href',
      pathOf(Api.downloads.zip, { id: 2 }),
    );
    expect(calls.filter((c) => c.url.startsWith(pathOf(Api.cart.success)))).toHaveLength(1);
    expect(calls[0]!.url).toBe(urlOf(Api.cart.success, { query: { session_id: 'cs_local_1' } }));

    await user.click(screen.getByRole('button', { name: 'Download all (zip)' }));
    await vi.waitFor(() => expect(clicked).toEqual([pathOf(Api.downloads.cartZip, { id: 9 })]));
    // Every track was prepared before the zip was asked for.
    expect(calls.filter((c) => c.url.includes('/prepare')).map((c) => c.url.split('?')[0])).toEqual([
      pathOf(Api.downloads.prepare, { id: 1 }),
      pathOf(Api.downloads.prepare, { id: 2 }),
    ]);
    click.mockRestore();
  });

  it('shows the server message when the payment is not complete', async () => {
    const { fetchStub } = stubRoutes([
      on(Api.cart.success, () => jsonResponse(402, { message: 'The payment has not been completed.' })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    renderResult();
    expect(await screen.findByRole('alert')).toHaveTextContent('The payment has not been completed.');
    expect(screen.queryByRole('button', { name: 'Download all (zip)' })).not.toBeInTheDocument();
  });
});
