import { Api, pathOf, urlOf } from '@tarab/contracts';
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createTestQueryClient, jsonResponse, on, stubRoutes, testUser } from '@/testing/render-app';
import { PaymentResult } from './payment-result';

const order = {
  order_id: 5,
  music_id: 11,
  title: 'Desert Caravan',
  amount: 4.99,
  currency: 'usd',
  status: 'paid',
  session_id: 'cs_local_abc',
  payment_method: 'card',
  receipt_url: pathOf(Api.analytics.receipt, { id: 5 }),
  license_key: 'TRB-1234',
  paid_at: '2026-02-01T00:00:00.000Z',
};

function renderResult(
  props: { sessionId: string; musicId: string; price: string },
  queryClient = createTestQueryClient(testUser),
) {
  const router = createMemoryRouter([{ path: '/success', element: <PaymentResult {...props} /> }], {
    initialEntries: ['/success'],
  });
  const ui = (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>
  );
  const result = render(ui);
  return { ...result, ui, queryClient };
}

const props = { sessionId: 'cs_local_abc', musicId: '11', price: '4.99' };

describe('PaymentResult', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows Processing, then the receipt, confirming once even under StrictMode', async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetchStub = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchStub);

    const { unmount, queryClient } = renderResult(props);
    expect(await screen.findByText('Processing your payment...')).toBeInTheDocument();

    answer(jsonResponse(200, { message: 'Payment successful.', data: order }));
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByText('Thank you for purchasing track #11')).toBeInTheDocument();
    expect(screen.getByText('Transaction ID')).toBeInTheDocument();
    expect(screen.getByText('cs_local_abc')).toBeInTheDocument();
    expect(screen.getByText('$4.99')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      pathOf(Api.downloads.zip, { id: 11 }),
    );
    expect(screen.getByRole('link', { name: 'Go to Home Page' })).toHaveAttribute('href', '/');

    expect(fetchStub).toHaveBeenCalledTimes(1);
    const [url] = fetchStub.mock.calls[0] as unknown as [string];
    expect(url).toBe(
      urlOf(Api.commerce.success, { query: { session_id: 'cs_local_abc', music_id: 11, price: '4.99' } }),
    );

    // Leaving and coming back within the visit (same app state) does not confirm again.
    unmount();
    renderResult(props, queryClient);
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it('shows the server error when the confirmation fails', async () => {
    const { fetchStub } = stubRoutes([
      on(Api.commerce.success, () => jsonResponse(402, { message: 'The payment has not been completed.' })),
    ]);
    vi.stubGlobal('fetch', fetchStub);

    renderResult(props);
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong.' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The payment has not been completed.');
    expect(screen.queryByText('Payment Successful!')).toBeNull();
  });

  it('does not call the server without a session id', async () => {
    const fetchStub = vi.fn();
    vi.stubGlobal('fetch', fetchStub);
    renderResult({ sessionId: '', musicId: '11', price: '4.99' });
    expect(await screen.findByText('Oops! Something went wrong.')).toBeInTheDocument();
    expect(fetchStub).not.toHaveBeenCalled();
  });
});
