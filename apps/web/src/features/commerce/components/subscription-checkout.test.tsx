import { Api, CommerceMessages, pathOf, PLACEHOLDER_BILLING_ADDRESS } from '@tarab/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Messages } from '@tarab/contracts/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, on, renderRoutes, stubRoutes, testUser } from '@/testing/render-app';
import { makeSubscription, productsBody, subscribeBody } from '../testing/fixtures';
import { HostedSubscriptionReturn } from './hosted-subscription-return';
import { SubscriptionCheckout } from './subscription-checkout';

const setupIntent = { clientSecret: 'seti_local_1_secret_x', provider: 'local', publishableKey: null };

function renderCheckout(priceId: string | null, onSubscribed = vi.fn(), redirect?: (url: string) => void) {
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
            {...(redirect ? { redirect } : {})}
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

/** The stripe driver's checkout: renders it and presses "Continue to secure payment"; answers the redirect spy. */
async function continueToStripe() {
  const redirect = vi.fn();
  const user = userEvent.setup();
  renderCheckout('pro_month', vi.fn(), redirect);
  await user.click(await screen.findByRole('button', { name: 'Continue to secure payment' }));
  return redirect;
}

const FIRST_TRIAL = { applied: true, days: 30, reason: 'first_subscription' } as const;

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as unknown;

describe('SubscriptionCheckout', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('confirms the card setup, subscribes, toasts and hands over', async () => {
    const { fetchStub, calls } = stubRoutes([
      on(Api.commerce.products, () => jsonResponse(200, productsBody)),
      on(Api.commerce.setupIntent, () => jsonResponse(200, setupIntent)),
      on(Api.localPayments.confirmSetup, () => jsonResponse(200, { payment_method: 'pm_local_1' })),
      on(Api.commerce.subscribe, () => jsonResponse(200, subscribeBody(makeSubscription(), FIRST_TRIAL))),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const onSubscribed = vi.fn();
    const user = userEvent.setup();
    renderCheckout('pro_month', onSubscribed);

    expect(await screen.findByRole('heading', { name: 'Pro' })).toBeInTheDocument();
    expect(screen.getByText('Enter your card details.')).toBeInTheDocument();
    expect(screen.getByText('TEST MODE')).toBeInTheDocument();
    expect(screen.getByText('$29.99', { selector: 'span' })).toBeInTheDocument();

    await payWith(user, '4242424242424242');
    expect(await screen.findByText('Subscription Created.')).toBeInTheDocument();
    expect(onSubscribed).toHaveBeenCalledTimes(1);

    const urls = calls.map((c) => c.url);
    expect(urls.filter((u) => u === pathOf(Api.commerce.setupIntent))).toHaveLength(1);
    expect(bodyOf(calls.find((c) => c.url === pathOf(Api.localPayments.confirmSetup))?.init)).toEqual({
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
    expect(bodyOf(calls.find((c) => c.url === pathOf(Api.commerce.subscribe))?.init)).toEqual({
      price_id: 'pro_month',
      payment_method: 'pm_local_1',
    });
    expect(urls.indexOf(pathOf(Api.localPayments.confirmSetup))).toBeLessThan(
      urls.indexOf(pathOf(Api.commerce.subscribe)),
    );
  });

  it('tells the truth when no free trial applied: the card had one, so the subscription started paid', async () => {
    const { fetchStub } = stubRoutes([
      on(Api.commerce.products, () => jsonResponse(200, productsBody)),
      on(Api.commerce.setupIntent, () => jsonResponse(200, setupIntent)),
      on(Api.localPayments.confirmSetup, () => jsonResponse(200, { payment_method: 'pm_local_2' })),
      on(Api.commerce.subscribe, () =>
        jsonResponse(
          200,
          subscribeBody(makeSubscription({ status: 'active', trial_end: null }), {
            applied: false,
            days: 0,
            reason: 'card_had_trial',
          }),
        ),
      ),
    ]);
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
    const { fetchStub } = stubRoutes([
      on(Api.commerce.products, () => jsonResponse(200, productsBody)),
      on(Api.commerce.setupIntent, () => jsonResponse(200, setupIntent)),
      on(Api.localPayments.confirmSetup, () => jsonResponse(200, { payment_method: 'pm_local_3' })),
      on(Api.commerce.subscribe, () => jsonResponse(200, subscribeBody(makeSubscription(), FIRST_TRIAL))),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    renderCheckout('pro_month');
    await payWith(user, '4242424242424242');
    expect(await screen.findByText('Subscription Created.')).toBeInTheDocument();
    expect(screen.queryByText(/No free trial this time/)).toBeNull();
  });

  describe('what it charges, above the Pay button (a fixed clock)', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
    });
    afterEach(() => vi.useRealTimers());

    const stubCheckout = () => {
      const { fetchStub } = stubRoutes([
        on(Api.commerce.products, () => jsonResponse(200, productsBody)),
        on(Api.commerce.setupIntent, () => jsonResponse(200, setupIntent)),
      ]);
      vi.stubGlobal('fetch', fetchStub);
    };
    const dueLine = async () => {
      const line = await screen.findByTestId('due-today');
      // Above the spec's Pay button, in the card form.
      const pay = screen.getByRole('button', { name: 'Pay' });
      expect(line.compareDocumentPosition(pay) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      return line;
    };

    it('with a trial: nothing today, then the plan amount when the 30 days end', async () => {
      stubCheckout();
      renderCheckout('creator_year');
      expect(await dueLine()).toHaveTextContent('$0 today, then $71.88 on 27 Dec 2026');
    });

    it('carries the monthly price as well', async () => {
      stubCheckout();
      renderCheckout('pro_month');
      expect(await dueLine()).toHaveTextContent('$0 today, then $29.99 on 27 Dec 2026');
    });

    it('without a trial: the plain amount due today', async () => {
      stubCheckout();
      renderRoutes(
        [
          {
            path: '/stripe-checkout',
            element: <SubscriptionCheckout priceId="creator_month" onSubscribed={vi.fn()} trialExpected={false} />,
          },
        ],
        { user: testUser, path: '/stripe-checkout' },
      );
      const line = await dueLine();
      expect(line).toHaveTextContent('Due today: $14.99');
      expect(line).not.toHaveTextContent('$0');
    });

    it('without a trial offered by the store at all: the plain amount', async () => {
      const { fetchStub } = stubRoutes([
        on(Api.commerce.products, () => jsonResponse(200, { ...productsBody, trial_days: 0 })),
        on(Api.commerce.setupIntent, () => jsonResponse(200, setupIntent)),
      ]);
      vi.stubGlobal('fetch', fetchStub);
      renderCheckout('pro_year');
      expect(await dueLine()).toHaveTextContent('Due today: $143.88');
    });
  });

  it('shows the provider message of a card setup error in an alert, without subscribing', async () => {
    const { fetchStub, calls } = stubRoutes([
      on(Api.commerce.products, () => jsonResponse(200, productsBody)),
      on(Api.commerce.setupIntent, () => jsonResponse(200, setupIntent)),
      on(Api.localPayments.confirmSetup, () => jsonResponse(402, { message: 'Your card was declined.' })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const onSubscribed = vi.fn();
    const user = userEvent.setup();
    renderCheckout('creator_year', onSubscribed);

    await payWith(user, '4000000000000002');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(calls.some((c) => c.url === pathOf(Api.commerce.subscribe))).toBe(false);
    expect(onSubscribed).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
  });

  it('asks for a plan when none was chosen', async () => {
    const { fetchStub } = stubRoutes([
      on(Api.commerce.products, () => jsonResponse(200, productsBody)),
      on(Api.commerce.setupIntent, () => jsonResponse(200, setupIntent)),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    renderCheckout(null);
    expect(await screen.findByRole('heading', { name: 'Choose a plan first' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/subscription-plan');
  });

  it("with the stripe driver, leaves for Stripe's hosted page: no card form, no setup intent, no script", async () => {
    const { fetchStub, calls } = stubRoutes([
      on(Api.commerce.products, () => jsonResponse(200, { ...productsBody, payment_provider: 'stripe' })),
      on(Api.commerce.subscriptionCheckout, () =>
        jsonResponse(200, { checkout_url: 'https://checkout.stripe.com/c/pay/cs_1', session_id: 'cs_1' }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const redirect = await continueToStripe();
    expect(redirect).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_1');
    expect(bodyOf(calls.find((c) => c.url === pathOf(Api.commerce.subscriptionCheckout))?.init)).toEqual({
      price_id: 'pro_month',
    });
    expect(calls.map((c) => c.url)).not.toContain(pathOf(Api.commerce.setupIntent));
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(document.querySelector('script')).toBeNull();
  });

  it("shows the server's refusal of the hosted page and stays", async () => {
    const { fetchStub } = stubRoutes([
      on(Api.commerce.products, () => jsonResponse(200, { ...productsBody, payment_provider: 'stripe' })),
      on(Api.commerce.subscriptionCheckout, () =>
        jsonResponse(409, { message: 'You already have an active subscription.' }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const redirect = await continueToStripe();
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have an active subscription.');
    expect(redirect).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Continue to secure payment' })).toBeEnabled();
  });
});

describe('HostedSubscriptionReturn', () => {
  afterEach(() => vi.unstubAllGlobals());

  const renderReturn = (onSubscribed = vi.fn()) =>
    renderRoutes(
      [
        {
          path: '/stripe-checkout',
          element: <HostedSubscriptionReturn sessionId="cs_1" onSubscribed={onSubscribed} />,
        },
      ],
      { user: testUser, path: '/stripe-checkout?session_id=cs_1' },
    );

  it('confirms the session once, toasts Subscription Created. and the no-trial notice, and hands over', async () => {
    const { fetchStub, calls } = stubRoutes([
      on(Api.commerce.confirmSubscriptionCheckout, () =>
        jsonResponse(
          200,
          subscribeBody(makeSubscription({ status: 'active', trial_end: null }), {
            applied: false,
            days: 0,
            reason: 'card_had_trial',
          }),
        ),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const onSubscribed = vi.fn();
    renderReturn(onSubscribed);
    expect(await screen.findByText('Subscription Created.')).toBeInTheDocument();
    expect(await screen.findByText(Messages.noTrialCardHadTrial)).toBeInTheDocument();
    expect(onSubscribed).toHaveBeenCalledTimes(1);
    const confirms = calls.filter((c) => c.url === pathOf(Api.commerce.confirmSubscriptionCheckout));
    expect(confirms).toHaveLength(1);
    expect(bodyOf(confirms[0]?.init)).toEqual({ session_id: 'cs_1' });
  });

  it('says why when the payment was not completed, with the way back to the plans', async () => {
    const { fetchStub } = stubRoutes([
      on(Api.commerce.confirmSubscriptionCheckout, () =>
        jsonResponse(409, { message: CommerceMessages.subscriptionCheckoutIncomplete }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const onSubscribed = vi.fn();
    renderReturn(onSubscribed);
    expect(await screen.findByText(CommerceMessages.subscriptionCheckoutIncomplete)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to plans' })).toHaveAttribute('href', '/subscription-plan');
    expect(onSubscribed).not.toHaveBeenCalled();
  });
});
