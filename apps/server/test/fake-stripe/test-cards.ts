import { createHash } from 'node:crypto';

// ---- test payment methods ----

export interface TestCard {
  /** The card number the test token stands for (its fingerprint derives from it). */
  number: string;
  brand: string;
  last4: string;
  attach: 'ok' | 'generic_decline' | 'insufficient_funds';
  charge: 'ok' | 'generic_decline';
}

export const TEST_PAYMENT_METHODS: Record<string, TestCard> = {
  pm_card_visa: { number: '4242424242424242', brand: 'visa', last4: '4242', attach: 'ok', charge: 'ok' },
  pm_card_visa_debit: { number: '4000056655665556', brand: 'visa', last4: '5556', attach: 'ok', charge: 'ok' },
  pm_card_mastercard: { number: '5555555555554444', brand: 'mastercard', last4: '4444', attach: 'ok', charge: 'ok' },
  pm_card_chargeDeclined: {
    number: '4000000000000002',
    brand: 'visa',
    last4: '0002',
    attach: 'generic_decline',
    charge: 'generic_decline',
  },
  pm_card_visa_chargeDeclined: {
    number: '4000000000000002',
    brand: 'visa',
    last4: '0002',
    attach: 'generic_decline',
    charge: 'generic_decline',
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    number: '4000000000009995',
    brand: 'visa',
    last4: '9995',
    attach: 'insufficient_funds',
    charge: 'generic_decline',
  },
  pm_card_chargeCustomerFail: {
    number: '4000000000000341',
    brand: 'visa',
    last4: '0341',
    attach: 'ok',
    charge: 'generic_decline',
  },
};

/** Like Stripe's: 16 characters, stable for a card number, not the number. */
export const fingerprintOf = (cardNumber: string) =>
  createHash('sha256').update(`fake-stripe-fingerprint:${cardNumber}`).digest('base64url').slice(0, 16);
