/**
 * The card rules that the test-mode checkout pages (web, before sending) and the `local` payment
 * driver (server, deciding) share, so that the browser never passes what the server refuses for
 * these reasons. Each side keeps its own: the web its formatting and MM/YY parsing, the server the
 * published test numbers and their outcomes.
 */

/** The card security code: 3 or 4 digits. */
export const CARD_CVC_PATTERN = /^\d{3,4}$/;

/** The Luhn checksum of a string of digits. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A card number, as digits only: 12 to 19 digits that pass the Luhn check. */
export function isCardNumber(digits: string): boolean {
  return /^\d{12,19}$/.test(digits) && luhnValid(digits);
}

/**
 * Whether a card of this expiry month (1–12) and four-digit year has expired at `now`. A card is
 * valid through the last day of its expiry month, counted in UTC (where the server decides).
 */
export function cardExpired(month: number, year: number, now = new Date()): boolean {
  return new Date(Date.UTC(year, month, 1)) <= now;
}
