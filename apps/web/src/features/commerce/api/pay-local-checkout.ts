import { Api } from '@tarab/contracts';
import { api } from '@/lib/api-client';
import type { CardInput } from '../lib/card';

/**
 * `POST /api/local-payments/checkout/:id/pay` (test mode): pays with a test card and answers
 * the success page URL; a declined card rejects with 402 `{ message }`.
 *
 * No mutation hook on purpose: card data goes straight from the form to this request and is
 * never kept in the query cache, storage or logs.
 */
export const payLocalCheckout = (sessionId: string, card: CardInput, shareEmail?: boolean) =>
  api.call(Api.localPayments.pay, {
    params: { id: sessionId },
    body: {
      card_number: card.card_number,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      cvc: card.cvc,
      // The buyer's choice on the page: whether the artist sees their email (decision 059).
      ...(shareEmail === undefined ? {} : { share_email: shareEmail }),
    },
  });
