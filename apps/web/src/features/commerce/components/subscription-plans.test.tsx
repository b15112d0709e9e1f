import { Api, pathOf } from '@tarab/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, on, renderRoutes, stubRoutes, testUser } from '@/testing/render-app';
import { cancelBody, makeSubscription, productsBody } from '../testing/fixtures';
import { SubscriptionPlansPage } from './subscription-plans';

function CheckoutProbe() {
  return <h1>Checkout probe</h1>;
}

function renderPlans(subscriptions: unknown[] | undefined, onChanged = vi.fn()) {
  return renderRoutes(
    [
      {
        path: '/subscription-plan',
        element: <SubscriptionPlansPage subscriptions={subscriptions} onChanged={onChanged} />,
      },
      { path: '/stripe-checkout', element: <CheckoutProbe /> },
    ],
    { user: testUser, path: '/subscription-plan' },
  );
}

describe('SubscriptionPlansPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists every plan price cheapest first, each with Subscribe to the checkout', async () => {
    const { fetchStub } = stubRoutes([on(Api.commerce.products, () => jsonResponse(200, productsBody))]);
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();

    const { router } = renderPlans([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Subscription Plans' })).toBeInTheDocument();

    const cards = await screen.findAllByRole('listitem', { name: undefined });
    const planCards = cards.filter((card) => within(card).queryByRole('button', { name: /^Subscribe/ }));
    const summary = planCards.map((card) => [
      within(card).getByRole('heading', { level: 2 }).textContent,
      within(card).getByText(/^\$/).textContent,
      within(card).getByText(/^per /).textContent,
    ]);
    expect(summary).toEqual([
      ['Creator', '$14.99', 'per month'],
      ['Pro', '$29.99', 'per month'],
      ['Creator', '$71.88', 'per year'],
      ['Pro', '$143.88', 'per year'],
    ]);
    expect(within(planCards[0]!).getByText('For creators publishing on one channel.')).toBeInTheDocument();

    await user.click(within(planCards[1]!).getByRole('button', { name: /^Subscribe/ }));
    expect(await screen.findByRole('heading', { name: 'Checkout probe' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/stripe-checkout');
    expect(router.state.location.search).toBe('?price_id=pro_month');
    expect(router.state.location.state).toEqual({ priceId: 'pro_month' });
  });

  it('shows a subscriber only their own plan, and Unsubscribe cancels it', async () => {
    const { fetchStub, calls } = stubRoutes([
      on(Api.commerce.products, () => jsonResponse(200, productsBody)),
      on(Api.commerce.cancelSubscription, () =>
        jsonResponse(200, cancelBody(makeSubscription({ cancel_at_period_end: true }))),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const onChanged = vi.fn();
    const user = userEvent.setup();

    renderPlans([makeSubscription()], onChanged);
    expect(screen.getByRole('heading', { level: 1, name: 'Subscribed Plan' })).toBeInTheDocument();
    expect(await screen.findByText('$29.99')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Pro',
      'What you can do now',
    ]);
    expect(screen.queryByRole('button', { name: /^Subscribe/ })).toBeNull();
    expect(screen.getByText('Free trial until March 5, 2030')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('User unsubcribed Succesfully.')).toBeInTheDocument();
    expect(await screen.findByText('Cancels on March 5, 2030')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(onChanged).toHaveBeenCalledTimes(1);
    const cancel = calls.find((c) => c.url === pathOf(Api.commerce.cancelSubscription));
    expect(cancel?.init?.method).toBe('POST');
  });

  it('shows "Cancels on" for a subscription already set to cancel', async () => {
    const { fetchStub } = stubRoutes([on(Api.commerce.products, () => jsonResponse(200, productsBody))]);
    vi.stubGlobal('fetch', fetchStub);
    renderPlans([makeSubscription({ cancel_at_period_end: true, status: 'active' })]);
    expect(await screen.findByText('Cancels on March 5, 2030')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('tells a subscriber what they can do now: download anything, where licences and receipts are, how to cancel', async () => {
    const { fetchStub } = stubRoutes([on(Api.commerce.products, () => jsonResponse(200, productsBody))]);
    vi.stubGlobal('fetch', fetchStub);
    renderPlans([makeSubscription()]);
    const panel = (await screen.findByRole('heading', { level: 2, name: 'What you can do now' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(panel).getByRole('heading', { level: 3, name: 'Download anything' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'track' })).toHaveAttribute('href', '/music');
    expect(within(panel).getByRole('link', { name: 'loop' })).toHaveAttribute('href', '/loops');
    expect(within(panel).getByRole('link', { name: 'Downloads' })).toHaveAttribute('href', '/savedPage');
    expect(within(panel).getByRole('link', { name: 'profile' })).toHaveAttribute('href', '/profile');
    expect(within(panel).getByRole('heading', { level: 3, name: 'Manage or cancel' })).toBeInTheDocument();
  });

  it('shows no "what you can do now" before subscribing', async () => {
    const { fetchStub } = stubRoutes([on(Api.commerce.products, () => jsonResponse(200, productsBody))]);
    vi.stubGlobal('fetch', fetchStub);
    renderPlans([]);
    await screen.findAllByRole('button', { name: /^Subscribe/ });
    expect(screen.queryByText('What you can do now')).toBeNull();
  });

  it('marks the features not built yet as Coming soon on the plan cards', async () => {
    const { fetchStub } = stubRoutes([on(Api.commerce.products, () => jsonResponse(200, productsBody))]);
    vi.stubGlobal('fetch', fetchStub);
    renderPlans([]);
    const proMonthly = (await screen.findByRole('button', { name: 'Subscribe to Pro monthly' })).closest(
      'li',
    ) as HTMLElement;
    expect(within(proMonthly).getByText('3 voice replicas').closest('li')).toHaveTextContent('Coming soon');
    expect(within(proMonthly).getByText('Unlimited downloads of music and loops').closest('li')).not.toHaveTextContent(
      'Coming soon',
    );
  });
});
