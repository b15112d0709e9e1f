import { api } from '@/lib/api-client';
import type { CardInput } from '../lib/card';

export type ConfirmCardSetupResult = { payment_method: string };

/**
 * `POST /api/local-payments/setup/confirm` (test mode): saves the card of a setup intent and
 * answers the payment method id; card errors reject with 402 `{ message }`. No hook: card data
 * never enters the query cache.
 */
export const confirmCardSetup = (clientSecret: string, card: CardInput): Promise<ConfirmCardSetupResult> =>
  api.post<ConfirmCardSetupResult>('/api/local-payments/setup/confirm', {
    client_secret: clientSecret,
    card_number: card.card_number,
    exp_month: card.exp_month,
    exp_year: card.exp_year,
    cvc: card.cvc,
    ...(card.name ? { name: card.name } : {}),
  });
