import { CARD_CVC_PATTERN, cardExpired, isCardNumber } from '@tarab/contracts';

/**
 * Card entry of the test-mode checkout pages: formatting and the checks the browser can make
 * before sending (the server decides whether the card pays), on the card rules the server applies
 * (`@tarab/contracts` card.ts). Nothing here stores card data.
 */

export type CardInput = {
  /** Digits only. */
  card_number: string;
  exp_month: number;
  /** Four digits. */
  exp_year: number;
  cvc: string;
  name?: string;
};

export type CardDraft = { number: string; expiry: string; cvc: string; name?: string };
export type CardField = 'number' | 'expiry' | 'cvc';
export type CardErrors = Partial<Record<CardField, string>>;

export const CardErrorTexts = {
  number: 'Enter a valid card number.',
  expiry: 'Enter the expiry date as MM/YY.',
  expired: 'This card has expired.',
  cvc: 'Enter the 3 or 4 digit security code.',
} as const;

const digitsOf = (value: string): string => value.replace(/\D/g, '');

/** `4242424242424242` → `4242 4242 4242 4242` (at most 19 digits). */
export function formatCardNumber(value: string): string {
  const digits = digitsOf(value).slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Typing `1` `2` `3` `0` gives `12/30` (the slash appears with the third digit). */
export function formatExpiry(value: string): string {
  const digits = digitsOf(value).slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** `MM/YY` (or `MM/YYYY`) → month and four-digit year, or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const yearText = match[2]!;
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** Checks a draft; answers the card to send, or the message of each wrong field. */
export function validateCard(draft: CardDraft, now = new Date()): { card: CardInput } | { errors: CardErrors } {
  const errors: CardErrors = {};
  const number = digitsOf(draft.number);
  if (!isCardNumber(number)) errors.number = CardErrorTexts.number;

  const expiry = parseExpiry(draft.expiry);
  if (!expiry) errors.expiry = CardErrorTexts.expiry;
  else if (cardExpired(expiry.month, expiry.year, now)) errors.expiry = CardErrorTexts.expired;

  const cvc = draft.cvc.trim();
  if (!CARD_CVC_PATTERN.test(cvc)) errors.cvc = CardErrorTexts.cvc;

  if (Object.keys(errors).length > 0 || !expiry) return { errors };
  const name = draft.name?.trim();
  return {
    card: {
      card_number: number,
      exp_month: expiry.month,
      exp_year: expiry.year,
      cvc,
      ...(name ? { name } : {}),
    },
  };
}
