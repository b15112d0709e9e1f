import { Api } from '@tarab/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callTo, jsonResponse, on, renderRoutes, stubRoutes, testUser } from '@/testing/render-app';
import { LocalCheckout } from './local-checkout';

const session = {
  id: 'cs_local_0123456789abcdef01234567',
  status: 'open',
  amount: 4.99,
  currency: 'usd',
  title: 'Desert Caravan',
  music_id: 11,
};
const checkout = { id: session.id };

function SuccessProbe() {
  const location = useLocation();
  return <h1>{`Success ${location.search}`}</h1>;
}

function renderCheckout() {
  return renderRoutes(
    [
      { path: '/checkout/local/:id', element: <LocalCheckout sessionId={session.id} /> },
      { path: '/success', element: <SuccessProbe /> },
    ],
    { user: testUser, path: `/checkout/local/${session.id}` },
  );
}

async function pay(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1230');
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.click(screen.getByRole('button', { name: 'Pay' }));
}

describe('LocalCheckout', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the track, amount and test cards, and pays to the success page', async () => {
    const redirect = `/success?session_id=${session.id}&music_id=11&price=4.99`;
    const { fetchStub, calls } = stubRoutes([
      on(Api.localPayments.checkout, checkout, () => jsonResponse(200, { data: session })),
      on(Api.localPayments.pay, checkout, () => jsonResponse(200, { redirect_url: redirect })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    renderCheckout();

    expect(await screen.findByText('Desert Caravan')).toBeInTheDocument();
    expect(screen.getByText('$4.99')).toBeInTheDocument();
    expect(screen.getByText('TEST MODE')).toBeInTheDocument();
    for (const card of ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0000 0000 9995']) {
      expect(screen.getByText(card)).toBeInTheDocument();
    }

    await pay(user, '4242424242424242');
    expect(
      await screen.findByRole('heading', { name: `Success ?session_id=${session.id}&music_id=11&price=4.99` }),
    ).toBeInTheDocument();
    const payCall = calls.find(callTo(Api.localPayments.pay, { params: checkout }));
    expect(JSON.parse(String(payCall?.init?.body))).toEqual({
      card_number: '4242424242424242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
      // "Share my email with the artist", ticked by default (decision 059).
      share_email: true,
    });
    expect(JSON.stringify(window.localStorage)).not.toContain('4242');
  });

  it('shows a declined card message and stays on the page', async () => {
    const { fetchStub } = stubRoutes([
      on(Api.localPayments.checkout, checkout, () => jsonResponse(200, { data: session })),
      on(Api.localPayments.pay, checkout, () => jsonResponse(402, { message: 'Your card was declined.' })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    renderCheckout();

    await pay(user, '4000000000000002');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
  });

  it('links a paid session to its receipt', async () => {
    const { fetchStub } = stubRoutes([
      on(Api.localPayments.checkout, checkout, () => jsonResponse(200, { data: { ...session, status: 'complete' } })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'This checkout is already paid.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your receipt' })).toHaveAttribute(
      'href',
      `/success?session_id=${session.id}&music_id=11&price=4.99`,
    );
  });

  it('lists the tracks of a playlist checkout with the total, and pays to the playlist success page', async () => {
    const cart = {
      ...session,
      title: '2 tracks from “Trailer”',
      amount: 12.98,
      music_id: 0,
      items: [
        { title: 'Oud at Dusk', amount: 4.99 },
        { title: 'Ney of the Dunes', amount: 7.99 },
      ],
      success_url: `/success/playlist?session_id=${session.id}`,
    };
    const { fetchStub } = stubRoutes([
      on(Api.localPayments.checkout, checkout, () => jsonResponse(200, { data: cart })),
      on(Api.localPayments.pay, checkout, () => jsonResponse(200, { redirect_url: cart.success_url })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    renderRoutes(
      [
        { path: '/checkout/local/:id', element: <LocalCheckout sessionId={session.id} /> },
        { path: '/success/playlist', element: <SuccessProbe /> },
      ],
      { user: testUser, path: `/checkout/local/${session.id}` },
    );
    const list = await screen.findByRole('list', { name: 'Tracks in this order' });
    expect(list).toHaveTextContent('Oud at Dusk$4.99');
    expect(list).toHaveTextContent('Ney of the Dunes$7.99');
    expect(screen.getByText('One royalty-free licence per track')).toBeInTheDocument();
    expect(screen.getByText('$12.98')).toBeInTheDocument();
    await pay(user, '4242424242424242');
    expect(await screen.findByRole('heading', { name: `Success ?session_id=${session.id}` })).toBeInTheDocument();
  });
});
