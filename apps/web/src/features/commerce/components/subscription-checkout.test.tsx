import { PLACEHOLDER_BILLING_ADDRESS } from '@tarab/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Messages } from '@tarab/contracts/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch, testUser } from '@/testing/render-app';
import { makeSubscription, productsBody } from '../testing/fixtures';
import { SubscriptionCheckout } from './subscription-checkout';

const setupIntent = { clientSecret: 'seti_local_1_secret_x', provider: 'local', publishableKey: null };

function renderCheckout(priceId: string | null, onSubscribed = vi.fn()) {
  return renderRoutes(
    [
      {
        path: '/stripe-checkout',
        element: (
          <SubscriptionCheckout
            priceId={priceId}
            defaultName="Amira Haddad"
            contact={{ email: 'amira@example.com', phone: '+972 50 000 0000' }}
            onSubscribed={onSubscribed}
          />
        ),
      },
    ],
    { user: testUser, path: '/stripe-checkout' },
  );
}

async function payWith(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1230');
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.click(screen.getByRole('button', { name: 'Pay' }));
}

const FIRST_TRIAL = { applied: true, days: 30, reason: 'first_subscription' };

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as unknown;

describe('SubscriptionCheckout', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('confirms the card setup, subscribes, toasts and hands over', async () => {
    const { fetchStub, calls } = stubFetch({
      '/api/stripe/products': () => jsonResponse(200, productsBody),
      '/api/billing/setup-intent': () => jsonResponse(200, setupIntent),
      '/api/local-payments/setup/confirm': () => jsonResponse(200, { payment_method: 'pm_local_1' }),
      '/api/billing/subscribe': () =>
        jsonResponse(200, {
          message: 'Subscription Created.',
          data: { user: {}, subscription: makeSubscription(), trial: FIRST_TRIAL },
        }),
    });
    vi.stubGlobal('fetch', fetchStub);
    const onSubscribed = vi.fn();
    const user = userEvent.setup();
    renderCheckout('pro_month', onSubscribed);

    expect(await screen.findByRole('heading', { name: 'Pro' })).toBeInTheDocument();
    expect(screen.getByText('Enter your card details.')).toBeInTheDocument();
    expect(screen.getByText('TEST MODE')).toBeInTheDocument();
    expect(screen.getByText('$11.99')).toBeInTheDocument();

    await payWith(user, '4242424242424242');
    expect(await screen.findByText('Subscription Created.')).toBeInTheDocument();
    expect(onSubscribed).toHaveBeenCalledTimes(1);

    const urls = calls.map((c) => c.url);
    expect(urls.filter((u) => u === '/api/billing/setup-intent')).toHaveLength(1);
    expect(bodyOf(calls.find((c) => c.url === '/api/local-payments/setup/confirm')?.init)).toEqual({
      client_secret: 'seti_local_1_secret_x',
      card_number: '4242424242424242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
      name: 'Amira Haddad',
      // Spec §7: billing details of name, email, phone and a fixed placeholder address.
      billing_details: {
        name: 'Amira Haddad',
        email: 'amira@example.com',
        phone: '+972 50 000 0000',
        address: PLACEHOLDER_BILLING_ADDRESS,
      },
    });
    expect(bodyOf(calls.find((c) => c.url === '/api/billing/subscribe')?.init)).toEqual({
      price_id: 'pro_month',
      payment_method: 'pm_local_1',
    });
    expect(urls.indexOf('/api/local-payments/setup/confirm')).toBeLessThan(urls.indexOf('/api/billing/subscribe'));
  });

  it('tells the truth when no free trial applied: the card had one, so the subscription started paid', async () => {
    const { fetchStub } = stubFetch({
      '/api/stripe/products': () => jsonResponse(200, productsBody),
      '/api/billing/setup-intent': () => jsonResponse(200, setupIntent),
      '/api/local-payments/setup/confirm': () => jsonResponse(200, { payment_method: 'pm_local_2' }),
      '/api/billing/subscribe': () =>
        jsonResponse(200, {
          message: 'Subscription Created.',
          data: {
            user: {},
            subscription: makeSubscription({ status: 'active', trial_end: null }),
            trial: { applied: false, days: 0, reason: 'card_had_trial' },
          },
        }),
    });
    vi.stubGlobal('fetch', fetchStub);
    const onSubscribed = vi.fn();
    const user = userEvent.setup();
    renderCheckout('pro_month', onSubscribed);

    // Before paying: the trial is promised for a first subscription, once per card.
    expect(await screen.findByText(/free trial on your first subscription/)).toHaveTextContent(
      Messages.trialOncePerCard,
    );
    await payWith(user, '4242424242424242');
    expect(await screen.findByText('Subscription Created.')).toBeInTheDocument();
    expect(await screen.findByText(Messages.noTrialCardHadTrial)).toBeInTheDocument();
    expect(onSubscribed).toHaveBeenCalledTimes(1);
  });

  it('says nothing about a missing trial when the trial applied', async () => {
    const { fetchStub } = stubFetch({
      '/api/stripe/products': () => jsonResponse(200, productsBody),
      '/api/billing/setup-intent': () => jsonResponse(200, setupIntent),
      '/api/local-payments/setup/confirm': () => jsonResponse(200, { payment_method: 'pm_local_3' }),
      '/api/billing/subscribe': () =>
        jsonResponse(200, {
          message: 'Subscription Created.',
          data: { user: {}, subscription: makeSubscription(), trial: FIRST_TRIAL },
        }),
    });
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    renderCheckout('pro_month');
    await payWith(user, '4242424242424242');
    expect(await screen.findByText('Subscription Created.')).toBeInTheDocument();
    expect(screen.queryByText(/No free trial this time/)).toBeNull();
  });

  it('shows the provider message of a card setup error in an alert, without subscribing', async () => {
    const { fetchStub, calls } = stubFetch({
      '/api/stripe/products': () => jsonResponse(200, productsBody),
      '/api/billing/setup-intent': () => jsonResponse(200, setupIntent),
      '/api/local-payments/setup/confirm': () => jsonResponse(402, { message: 'Your card was declined.' }),
    });
    vi.stubGlobal('fetch', fetchStub);
    const onSubscribed = vi.fn();
    const user = userEvent.setup();
    renderCheckout('creator_year', onSubscribed);

    await payWith(user, '4000000000000002');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(calls.some((c) => c.url === '/api/billing/subscribe')).toBe(false);
    expect(onSubscribed).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
  });

  it('asks for a plan when none was chosen', async () => {
    const { fetchStub } = stubFetch({
      '/api/stripe/products': () => jsonResponse(200, productsBody),
      '/api/billing/setup-intent': () => jsonResponse(200, setupIntent),
    });
    vi.stubGlobal('fetch', fetchStub);
    renderCheckout(null);
    expect(await screen.findByRole('heading', { name: 'Choose a plan first' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/subscription-plan');
  });

  it('explains that the Stripe card form needs its key, loading no script', async () => {
    const { fetchStub } = stubFetch({
      '/api/stripe/products': () => jsonResponse(200, productsBody),
      '/api/billing/setup-intent': () =>
        jsonResponse(200, { clientSecret: 'seti_1', provider: 'stripe', publishableKey: null }),
    });
    vi.stubGlobal('fetch', fetchStub);
    renderCheckout('pro_month');
    expect(await screen.findByText(/needs the Stripe publishable key/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(document.querySelector('script')).toBeNull();
  });
});
