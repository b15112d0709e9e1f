import { Api, pathOf } from '@tarab/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { arabic } from '@/testing/arabic-catalogue';
import {
  callTo,
  createTestQueryClient,
  jsonResponse,
  on,
  renderRoutes,
  type StubCall,
  stubRoutes,
  testUser,
} from '@/testing/render-app';
import { renderArabicRoutes } from '@/testing/render-arabic';
import { LicensePlaylistPanel } from './license-playlist-panel';
import { LocalCheckout } from './local-checkout';
import { PaymentResult } from './payment-result';
import { CartPaymentResult } from './cart-payment-result';

/**
 * Issue #32 item 11 (decision 059): "Share my email with the artist" at checkout, ticked by default,
 * sent with the checkout; and item 8: the Arabic track names on the Arabic checkout and success pages.
 */
const session = {
  id: 'cs_local_0123456789abcdef01234567',
  status: 'open',
  amount: 4.99,
  currency: 'usd',
  title: 'Desert Caravan',
  title_ar: 'قافلة الصحراء',
  music_id: 11,
  share_email: true,
};
const checkout = { id: session.id };

function Probe() {
  const location = useLocation();
  return <h1>{`At ${location.pathname}`}</h1>;
}

const checkoutRoutes = [
  { path: '/checkout/local/:id', element: <LocalCheckout sessionId={session.id} /> },
  { path: '/success', element: <Probe /> },
];

async function pay(user: ReturnType<typeof userEvent.setup>, cardLabel = 'Card number', expiry = 'Expiry (MM/YY)') {
  await user.type(await screen.findByLabelText(cardLabel), '4242424242424242');
  await user.type(screen.getByLabelText(expiry), '1230');
  await user.type(screen.getByLabelText('CVC'), '123');
}

const bodyOf = (call: StubCall | undefined) => JSON.parse(String(call?.init?.body)) as Record<string, unknown>;

describe('Share my email with the artist', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is ticked by default on the checkout page; unticked, the payment says so', async () => {
    const { fetchStub, calls } = stubRoutes([
      on(Api.localPayments.checkout, checkout, () => jsonResponse(200, { data: session })),
      on(Api.localPayments.pay, checkout, () => jsonResponse(200, { redirect_url: '/success' })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, { user: testUser, path: `/checkout/local/${session.id}` });

    const box = await screen.findByRole('checkbox', { name: 'Share my email with the artist' });
    expect(box).toBeChecked();
    expect(box).toHaveAccessibleDescription(/They see your name and email with the sale/);
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy-policy');
    await user.click(box);
    await pay(user);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('heading', { name: 'At /success' })).toBeInTheDocument();
    expect(bodyOf(calls.find(callTo(Api.localPayments.pay, { params: checkout })))).toMatchObject({
      share_email: false,
    });
  });

  it('starts unticked when the checkout was started with the email kept private', async () => {
    const { fetchStub } = stubRoutes([
      on(Api.localPayments.checkout, checkout, () => jsonResponse(200, { data: { ...session, share_email: false } })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    renderRoutes(checkoutRoutes, { user: testUser, path: `/checkout/local/${session.id}` });
    expect(await screen.findByRole('checkbox', { name: 'Share my email with the artist' })).not.toBeChecked();
  });

  it('goes with the playlist checkout: "the artists", sent in the body', async () => {
    const playlist = { id: 7 };
    const quote = {
      playlist_id: 7,
      name: 'Trailer',
      items: [{ music_id: 1, title: 'Oud at Dusk', amount: 4.99 }],
      excluded: [],
      count: 1,
      total: 4.99,
      currency: 'usd',
      subscriber: false,
      max_items: 100,
    };
    // The quote is a GET to the same path.
    const { fetchStub, calls } = stubRoutes([
      on(Api.cart.quote, playlist, () => jsonResponse(200, { data: quote })),
      on(Api.cart.checkout, playlist, () =>
        jsonResponse(200, { checkout_url: `/checkout/local/${session.id}`, session_id: session.id, ...quote }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    renderRoutes(
      [
        { path: '/saved/details/:id', element: <LicensePlaylistPanel playlistId="7" /> },
        { path: '/checkout/local/:id', element: <Probe /> },
      ],
      { user: testUser, path: '/saved/details/7' },
    );
    const box = await screen.findByRole('checkbox', { name: 'Share my email with the artists' });
    expect(box).toBeChecked();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: /License all/ }));
    expect(await screen.findByRole('heading', { name: `At /checkout/local/${session.id}` })).toBeInTheDocument();
    expect(bodyOf(calls.find(callTo(Api.cart.checkout, { params: playlist })))).toEqual({ share_email: false });
  });
});

describe('Arabic track names on the Arabic checkout and success pages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the checkout page names the track in Arabic, and the box in Arabic', async () => {
    const { fetchStub } = stubRoutes([
      on(Api.localPayments.checkout, checkout, () => jsonResponse(200, { data: session })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    renderArabicRoutes(checkoutRoutes, { user: testUser, path: `/checkout/local/${session.id}` });
    expect(await screen.findByText('قافلة الصحراء')).toBeInTheDocument();
    expect(screen.queryByText('Desert Caravan')).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'مشاركة بريدي الإلكتروني مع الفنان' })).toBeChecked();
  });

  it('the playlist checkout lists the tracks by their Arabic names', async () => {
    const cart = {
      ...session,
      title: '2 tracks from “Trailer”',
      title_ar: undefined,
      music_id: 0,
      items: [
        { title: 'Oud at Dusk', title_ar: 'عود الغروب', amount: 4.99 },
        { title: 'Ney of the Dunes', amount: 7.99 },
      ],
    };
    const { fetchStub } = stubRoutes([
      on(Api.localPayments.checkout, checkout, () => jsonResponse(200, { data: cart })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    renderArabicRoutes(checkoutRoutes, { user: testUser, path: `/checkout/local/${session.id}` });
    const list = await screen.findByRole('list', { name: 'المقطوعات في هذا الطلب' });
    expect(within(list).getByText('عود الغروب')).toBeInTheDocument();
    expect(within(list).getByText('Ney of the Dunes')).toBeInTheDocument();
    expect(screen.queryByText('2 tracks from “Trailer”')).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'مشاركة بريدي الإلكتروني مع الفنانين' })).toBeChecked();
  });

  it('the success page names the bought track in Arabic', async () => {
    const order = {
      order_id: 5,
      music_id: 11,
      title: 'Desert Caravan',
      title_ar: 'قافلة الصحراء',
      amount: 4.99,
      currency: 'usd',
      status: 'paid',
      session_id: 'cs_local_abc',
      payment_method: 'card',
      receipt_url: pathOf(Api.analytics.receipt, { id: 5 }),
      license_key: 'TRB-1234',
      paid_at: '2026-02-01T00:00:00.000Z',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse(200, { message: 'ok', data: order }))),
    );
    const router = createMemoryRouter(
      [{ path: '/success', element: <PaymentResult sessionId="cs_local_abc" musicId="11" price="4.99" /> }],
      { initialEntries: ['/ar/success'], basename: '/ar' },
    );
    render(
      <AppProvider queryClient={createTestQueryClient(testUser)} locale="ar" messages={arabic}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    expect(await screen.findByText('قافلة الصحراء')).toBeInTheDocument();
    expect(screen.queryByText('Desert Caravan')).toBeNull();
  });

  it('the playlist success page names the tracks in Arabic', async () => {
    const order = {
      cart_order_id: 3,
      playlist_id: 7,
      playlist_name: 'Trailer',
      status: 'paid',
      amount: 4.99,
      currency: 'usd',
      session_id: 'cs_local_cart',
      payment_method: 'card',
      paid_at: '2026-02-01T00:00:00.000Z',
      zip_url: pathOf(Api.downloads.cartZip, { id: 3 }),
      items: [
        {
          order_id: 9,
          music_id: 1,
          title: 'Oud at Dusk',
          title_ar: 'عود الغروب',
          amount: 4.99,
          license_key: 'TRB-9',
          receipt_url: pathOf(Api.analytics.receipt, { id: 9 }),
        },
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse(200, { message: 'ok', data: order }))),
    );
    renderArabicRoutes([{ path: '/success/playlist', element: <CartPaymentResult sessionId="cs_local_cart" /> }], {
      user: testUser,
      path: '/success/playlist',
    });
    expect(await screen.findByText('عود الغروب')).toBeInTheDocument();
  });
});
