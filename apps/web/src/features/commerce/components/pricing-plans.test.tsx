import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Api, bestYearlySavingPercent } from '@tarab/contracts';
import { jsonResponse, on, renderRoutes, stubRoutes, testUser } from '@/testing/render-app';
import { products, productsBody } from '../testing/fixtures';
import { PricingPlans } from './pricing-plans';

function renderPricing(isAuthenticated: boolean) {
  return renderRoutes([{ path: '/pricing', element: <PricingPlans /> }], {
    user: isAuthenticated ? testUser : null,
    path: '/pricing',
  });
}

const card = (name: string) => {
  const heading = screen.getByRole('heading', { level: 2, name });
  return heading.closest('li') as HTMLElement;
};

describe('PricingPlans', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is yearly by default with the spec amounts, and toggles to the real monthly prices', async () => {
    const { fetchStub } = stubRoutes([on(Api.commerce.products, () => jsonResponse(200, productsBody))]);
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    renderPricing(true);

    expect(screen.getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'false');

    expect(await screen.findByText('Billed yearly at US$71.88')).toBeInTheDocument();
    expect(screen.getByText('Save up to 60%')).toBeInTheDocument();
    expect(within(card('Creator')).getByText('US$5.99')).toBeInTheDocument();
    expect(within(card('Creator')).getByText('Billed yearly at US$71.88')).toBeInTheDocument();
    expect(within(card('Pro')).getByText('US$11.99')).toBeInTheDocument();
    expect(within(card('Pro')).getByText('Billed yearly at US$143.88')).toBeInTheDocument();
    expect(within(card('Enterprise')).getByText('Request a quote', { selector: 'p' })).toBeInTheDocument();
    expect(within(card('Creator')).getByText('30-day free trial')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(screen.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
    // Issue 32: paying monthly costs more than the yearly price ÷ 12.
    expect(within(card('Creator')).getByText('US$14.99')).toBeInTheDocument();
    expect(within(card('Creator')).getByText('Billed monthly')).toBeInTheDocument();
    expect(within(card('Pro')).getByText('US$29.99')).toBeInTheDocument();
    expect(within(card('Creator')).queryByText('US$5.99')).toBeNull();
    expect(screen.queryByText(/Billed yearly/)).toBeNull();
  });

  it('claims exactly the best yearly saving of the plans it shows, computed from their prices', async () => {
    // The fixture is the seed's catalog: 14.99 a month against 71.88 a year saves 60.04 %.
    expect(bestYearlySavingPercent(products)).toBe(60);
    const cheaper = products.map((product) => ({
      ...product,
      prices: product.prices.map((price) =>
        price.recurring.interval === 'month' ? { ...price, unit_amount: Math.round(price.unit_amount * 0.6) } : price,
      ),
    }));
    const { fetchStub } = stubRoutes([
      on(Api.commerce.products, () => jsonResponse(200, { ...productsBody, data: cheaper })),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    renderPricing(true);
    // Monthly 8.99 / 17.99 against 5.99 / 11.99 a month billed yearly: 33 % at best, never "60%".
    expect(await screen.findByText('Save up to 33%')).toBeInTheDocument();
    expect(screen.queryByText(/60%/)).toBeNull();
  });

  it('shows features that are not built yet as Coming soon, never as included', async () => {
    const { fetchStub } = stubRoutes([on(Api.commerce.products, () => jsonResponse(200, productsBody))]);
    vi.stubGlobal('fetch', fetchStub);
    renderPricing(true);
    await screen.findByText('Billed yearly at US$143.88');

    const pro = card('Pro');
    for (const feature of ['3 channels', '50k voiceover credits per month', '3 voice replicas']) {
      const item = within(pro).getByText(feature).closest('li') as HTMLElement;
      expect(item).toHaveTextContent(`${feature}Coming soon`);
      expect(item).not.toHaveTextContent('✓');
    }
    const included = within(pro).getByText('Unlimited downloads of music and loops').closest('li') as HTMLElement;
    expect(included).toHaveTextContent('✓');
    expect(included).not.toHaveTextContent('Coming soon');
    expect(within(card('Creator')).getByText('1 channel').closest('li')).toHaveTextContent('Coming soon');
    expect(within(pro).getAllByText('Coming soon')).toHaveLength(3);
  });

  it('carries the chosen plan and interval into the checkout from Start free trial', async () => {
    const { fetchStub } = stubRoutes([on(Api.commerce.products, () => jsonResponse(200, productsBody))]);
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    renderPricing(true);
    await screen.findByText('Billed yearly at US$71.88');

    expect(within(card('Pro')).getByRole('link', { name: 'Start free trial of Pro' })).toHaveAttribute(
      'href',
      '/stripe-checkout?price_id=pro_year',
    );
    expect(within(card('Creator')).getByRole('link', { name: 'Start free trial of Creator' })).toHaveAttribute(
      'href',
      '/stripe-checkout?price_id=creator_year',
    );
    await user.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(within(card('Pro')).getByRole('link', { name: 'Start free trial of Pro' })).toHaveAttribute(
      'href',
      '/stripe-checkout?price_id=pro_month',
    );
    expect(within(card('Enterprise')).getByRole('link', { name: 'Request a quote for Enterprise' })).toHaveAttribute(
      'href',
      '/enterprise',
    );
  });

  it("shows a loading state until the plans arrive, then links visitors to the chosen plan's checkout", async () => {
    const { fetchStub } = stubRoutes([on(Api.commerce.products, () => jsonResponse(200, productsBody))]);
    vi.stubGlobal('fetch', fetchStub);
    renderPricing(false);
    expect(screen.getByRole('status')).toHaveTextContent('Loading plans…');
    expect(screen.queryByText(/US\$/)).toBeNull();
    expect(await screen.findByText('Billed yearly at US$71.88')).toBeInTheDocument();
    // The checkout is login-only: its guard sends a visitor to log in and back to this plan.
    expect(within(card('Creator')).getByRole('link', { name: /Start free trial/ })).toHaveAttribute(
      'href',
      '/stripe-checkout?price_id=creator_year',
    );
  });

  it('says the plans are unavailable when they cannot load, and shows no price of its own', async () => {
    const { fetchStub } = stubRoutes([on(Api.commerce.products, () => jsonResponse(500, { message: 'Boom' }))]);
    vi.stubGlobal('fetch', fetchStub);
    renderPricing(false);
    expect(await screen.findByRole('heading', { name: 'Plans unavailable' })).toBeInTheDocument();
    expect(screen.queryByText(/US\$/)).toBeNull();
  });
});
