import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInIntl } from '@/testing/render-app';
import { describe, expect, it, vi } from 'vitest';
import { CardForm } from './card-form';

const render = renderInIntl;

const fill = async (user: ReturnType<typeof userEvent.setup>, number: string, expiry: string, cvc: string) => {
  if (number) await user.type(screen.getByLabelText('Card number'), number);
  if (expiry) await user.type(screen.getByLabelText('Expiry (MM/YY)'), expiry);
  if (cvc) await user.type(screen.getByLabelText('CVC'), cvc);
};

describe('CardForm', () => {
  it('formats the number and expiry and blocks invalid cards without calling onSubmit', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<CardForm onSubmit={onSubmit} />);

    await fill(user, '4242424242424241', '1', '12');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4241');
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Enter a valid card number.')).toBeInTheDocument();
    expect(screen.getByText('Enter the expiry date as MM/YY.')).toBeInTheDocument();
    expect(screen.getByText('Enter the 3 or 4 digit security code.')).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Card number')).toHaveFocus();
  });

  it('rejects an expired card', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<CardForm onSubmit={onSubmit} />);
    await fill(user, '4242424242424242', '0120', '123');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveValue('01/20');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(screen.getByText('This card has expired.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends a valid card, shows Processing... while busy, and shows the provider error', async () => {
    let settle: () => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (settle = resolve)));
    const user = userEvent.setup();
    const { rerender } = render(<CardForm onSubmit={onSubmit} withName defaultName="Amira" />);

    await fill(user, '4242 4242 4242 4242', '1230', '123');
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    expect(onSubmit).toHaveBeenCalledWith({
      card_number: '4242424242424242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
      name: 'Amira',
    });
    const busy = screen.getByRole('button', { name: 'Processing...' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(onSubmit).toHaveBeenCalledTimes(1);

    settle();
    expect(await screen.findByRole('button', { name: 'Pay' })).toBeEnabled();
    rerender(<CardForm onSubmit={onSubmit} withName defaultName="Amira" error="Your card was declined." />);
    expect(screen.getByRole('alert')).toHaveTextContent('Your card was declined.');
  });
});
