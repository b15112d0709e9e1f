import { Api } from '@tarab/contracts';
import { PLACEHOLDER_BILLING_ADDRESS, type LocalConfirmSetupBody } from '@tarab/contracts';
import { api } from '@/lib/api-client';
import type { CardInput } from '../lib/card';

/** Who pays: the billing details a card setup carries besides the card (spec §7). */
export type BillingContact = { name?: string; email?: string; phone?: string | null };

/**
 * `POST /api/local-payments/setup/confirm` (test mode): saves the card of a setup intent and
 * answers the payment method id; card errors reject with 402 `{ message }`. Spec §7: the
 * confirm-card-setup carries billing details of name, email, phone and a fixed placeholder
 * address. No hook: card data never enters the query cache.
 */
export const confirmCardSetup = (clientSecret: string, card: CardInput, contact: BillingContact = {}) => {
  const name = card.name || contact.name;
  const body: LocalConfirmSetupBody = {
    client_secret: clientSecret,
    card_number: card.card_number,
    exp_month: card.exp_month,
    exp_year: card.exp_year,
    cvc: card.cvc,
    ...(name ? { name } : {}),
    billing_details: {
      ...(name ? { name } : {}),
      ...(contact.email ? { email: contact.email } : {}),
      phone: contact.phone ?? null,
      address: PLACEHOLDER_BILLING_ADDRESS,
    },
  };
  return api.call(Api.localPayments.confirmSetup, { body });
};
