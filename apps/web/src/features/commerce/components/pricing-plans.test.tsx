import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '@/testing/render-app';
import { productsBody } from '../testing/fixtures';
import { PricingPlans } from './pricing-plans';

function renderPricing(isAuthenticated: boolean) {
  return renderRoutes([{ path: '/pricing', element: <PricingPlans isAuthenticated={isAuthenticated} /> }], {
    user: null,
    path: '/pricing',
  });
}

const card = (name: string) => {
  const heading = screen.getByRole('heading', { level: 2, name });
  return heading.closest('li') as HTMLElement;
};

describe('PricingPlans', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is yearly by default with the spec amounts, and toggles to monthly', async () => {
    const { fetchStub } = stubFetch({ '/api/stripe/products': () => jsonResponse(200, productsBody) });
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    renderPricing(true);

    expect(screen.getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Save up to 60%')).toBeInTheDocument();

    expect(await screen.findByText('Billed yearly at US$71.88')).toBeInTheDocument();
    expect(within(card('Creator')).getByText('US$5.99')).toBeInTheDocument();
    expect(within(card('Creator')).getByText('Billed yearly at US$71.88')).toBeInTheDocument();
    expect(within(card('Pro')).getByText('US$11.99')).toBeInTheDocument();
    expect(within(card('Pro')).getByText('Billed yearly at US$143.88')).toBeInTheDocument();
    expect(within(card('Enterprise')).getByText('Request a quote', { selector: 'p' })).toBeInTheDocument();
    expect(within(card('Creator')).getByText('30-day free trial')).toBeInTheDocument();
    expect(within(card('Creator')).getByText('1 channel')).toBeInTheDocument();
    for (const feature of ['3 channels', '50k voiceover credits per month', '3 voice replicas']) {
      expect(within(card('Pro')).getByText(feature)).toBeInTheDocument();
    }
    expect(within(card('Pro')).getByRole('link', { name: /Start free trial/ })).toHaveAttribute(
      'href',
      '/subscription-plan',
    );

    await user.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(screen.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(card('Creator')).getByText('Billed monthly')).toBeInTheDocument();
    expect(within(card('Pro')).getByText('US$11.99')).toBeInTheDocument();
    expect(screen.queryByText(/Billed yearly/)).toBeNull();
  });

  it('shows a loading state until the plans arrive, then sends visitors to log in', async () => {
    const { fetchStub } = stubFetch({ '/api/stripe/products': () => jsonResponse(200, productsBody) });
    vi.stubGlobal('fetch', fetchStub);
    renderPricing(false);
    expect(screen.getByRole('status')).toHaveTextContent('Loading plans…');
    expect(screen.queryByText(/US\$/)).toBeNull();
    expect(await screen.findByText('Billed yearly at US$71.88')).toBeInTheDocument();
    expect(within(card('Creator')).getByRole('link', { name: /Start free trial/ })).toHaveAttribute(
      'href',
      '/auth/login',
    );
  });

  it('says the plans are unavailable when they cannot load, and shows no price of its own', async () => {
    const { fetchStub } = stubFetch({ '/api/stripe/products': () => jsonResponse(500, { message: 'Boom' }) });
    vi.stubGlobal('fetch', fetchStub);
    renderPricing(false);
    expect(await screen.findByRole('heading', { name: 'Plans unavailable' })).toBeInTheDocument();
    expect(screen.queryByText(/US\$/)).toBeNull();
  });
});
