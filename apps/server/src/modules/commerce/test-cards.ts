import { createHmac } from 'node:crypto';
import { cardExpired, CommerceMessages, isCardNumber, type ErrorCode } from '@tarab/contracts';

/**
 * Stripe's published test card numbers, which the `local` driver accepts (docs/decisions).
 * Any other number that passes the Luhn check is declined as in test mode. The number and expiry
 * rules are the contracts' (`isCardNumber`, `cardExpired`), shared with the web's card entry.
 */
export type CardOutcome =
  { ok: true; brand: string; last4: string } | { ok: false; code: CardErrorCode; message: string };

/** The card errors of the test cards, named as Stripe names them (and as the error codes of the API). */
const CARD_ERROR_CODES = [
  'card_declined',
  'insufficient_funds',
  'incorrect_number',
  'expired_card',
  'incorrect_cvc',
  'invalid_payment_method',
] as const satisfies readonly ErrorCode[];
export type CardErrorCode = (typeof CARD_ERROR_CODES)[number];
export const isCardErrorCode = (code: string): code is CardErrorCode =>
  (CARD_ERROR_CODES as readonly string[]).includes(code);

const declines: Record<string, { code: CardErrorCode; message: string }> = {
  '4000000000000002': { code: 'card_declined', message: CommerceMessages.paymentDeclined },
  '4000000000009995': { code: 'insufficient_funds', message: CommerceMessages.insufficientFunds },
  '4000000000000069': { code: 'expired_card', message: CommerceMessages.expiredCard },
  '4000000000000127': { code: 'incorrect_cvc', message: CommerceMessages.incorrectCvc },
};

const successes: Record<string, string> = {
  '4242424242424242': 'visa',
  '4000056655665556': 'visa',
  '5555555555554444': 'mastercard',
  '2223003122003222': 'mastercard',
  '378282246310005': 'amex',
  '6011111111111117': 'discover',
};

export function checkTestCard(cardNumber: string, expMonth: number, expYear: number, now = new Date()): CardOutcome {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!isCardNumber(digits)) {
    return { ok: false, code: 'incorrect_number', message: CommerceMessages.incorrectNumber };
  }
  if (cardExpired(expMonth, expYear, now))
    return { ok: false, code: 'expired_card', message: CommerceMessages.expiredCard };
  const decline = declines[digits];
  if (decline) return { ok: false, ...decline };
  const brand = successes[digits];
  if (!brand) return { ok: false, code: 'card_declined', message: CommerceMessages.paymentDeclined };
  return { ok: true, brand, last4: digits.slice(-4) };
}

/**
 * The `local` driver's card fingerprint, as Stripe's `card.fingerprint`: the same for every setup of
 * one card number, and not the number. HMAC-SHA256 with the server secret, so it cannot be recomputed
 * from a list of card numbers without the secret. The card number itself is never stored.
 */
export function localCardFingerprint(cardNumber: string, secret: string): string {
  const digits = cardNumber.replace(/[\s-]/g, '');
  return createHmac('sha256', secret).update(`tarab-card-fingerprint:${digits}`).digest('hex');
}
