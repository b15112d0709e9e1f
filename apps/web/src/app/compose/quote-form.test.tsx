import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Api, pathOf, QuoteMessages, ServerErrors } from '@tarab/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, on, renderRoutes, stubRoutes } from '@/testing/render-app';
import { QuoteForm } from './quote-form';

const render = (defaults?: { name: string; email: string }) =>
  renderRoutes([{ path: '/enterprise', element: <QuoteForm defaults={defaults} /> }], { path: '/enterprise' });

describe('QuoteForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the four fields and gives way to the confirmation with its reference', async () => {
    const { fetchStub, calls } = stubRoutes([
      on(Api.quotes.request, () =>
        jsonResponse(201, { message: QuoteMessages.received, data: { id: 17, created_at: '2026-11-24T20:00:00Z' } }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    render({ name: 'Rana Khoury', email: 'rana@studio-noor.example' });
    expect(screen.getByLabelText('Your name')).toHaveValue('Rana Khoury');
    await user.type(screen.getByLabelText('Company'), 'Studio Noor');
    await user.type(screen.getByLabelText('What do you need?'), 'Forty tracks for a documentary.');
    await user.click(screen.getByRole('button', { name: 'Request a quote' }));
    expect(await screen.findByText(QuoteMessages.received)).toBeInTheDocument();
    expect(screen.getByText('Reference #17')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.url === pathOf(Api.quotes.request))?.init?.body))).toEqual({
      name: 'Rana Khoury',
      company: 'Studio Noor',
      email: 'rana@studio-noor.example',
      needs: 'Forty tracks for a documentary.',
    });
  });

  it("checks the contracts' rules before sending: each message under its field, what was typed kept", async () => {
    const { fetchStub, calls } = stubRoutes([]);
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    render();
    await user.type(screen.getByLabelText('What do you need?'), 'short');
    await user.click(screen.getByRole('button', { name: 'Request a quote' }));
    expect(await screen.findByText(QuoteMessages.needsTooShort)).toBeInTheDocument();
    expect(screen.getByText(QuoteMessages.companyRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Company')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('What do you need?')).toHaveValue('short');
    expect(calls.filter((c) => c.url === pathOf(Api.quotes.request))).toEqual([]);
  });

  it("shows the server's field errors under their fields: by code, or as sent", async () => {
    const { fetchStub } = stubRoutes([
      on(Api.quotes.request, () =>
        jsonResponse(422, {
          code: 'validation_failed',
          message: ServerErrors.text_not_allowed,
          errors: { company: [ServerErrors.text_not_allowed], email: ['The email must be a valid email address.'] },
          field_codes: { company: ['text_not_allowed'] },
        }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    const user = userEvent.setup();
    render({ name: 'Rana Khoury', email: 'rana@studio-noor.example' });
    await user.type(screen.getByLabelText('Company'), 'Studio Noor');
    await user.type(screen.getByLabelText('What do you need?'), 'Forty tracks for a documentary.');
    await user.click(screen.getByRole('button', { name: 'Request a quote' }));
    expect(await screen.findByText(ServerErrors.text_not_allowed)).toBeInTheDocument();
    expect(screen.getByText('The email must be a valid email address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Company')).toHaveAttribute('aria-invalid', 'true');
  });
});
