import { describe, expect, it } from 'vitest';
import { CARD_CVC_PATTERN, cardExpired, isCardNumber, luhnValid } from './card.js';

describe('card rules', () => {
  it('knows the Luhn check', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424243')).toBe(false);
  });

  it('takes card numbers of 12 to 19 digits that pass the Luhn check', () => {
    expect(isCardNumber('4242424242424242')).toBe(true);
    expect(isCardNumber('378282246310005')).toBe(true);
    expect(isCardNumber('4242424242424241')).toBe(false);
    expect(isCardNumber('4242 4242 4242 4242')).toBe(false);
    expect(isCardNumber('00000000000')).toBe(false);
    expect(isCardNumber('00000000000000000000')).toBe(false);
  });

  it('keeps a card valid through the last day of its expiry month (UTC)', () => {
    expect(cardExpired(11, 2026, new Date('2026-11-30T23:59:59Z'))).toBe(false);
    expect(cardExpired(11, 2026, new Date('2026-12-01T00:00:00Z'))).toBe(true);
    expect(cardExpired(12, 2030, new Date('2030-12-31T12:00:00Z'))).toBe(false);
    expect(cardExpired(12, 2030, new Date('2031-01-01T00:00:00Z'))).toBe(true);
  });

  it('takes a 3 or 4 digit security code', () => {
    expect(['123', '1234'].every((cvc) => CARD_CVC_PATTERN.test(cvc))).toBe(true);
    expect(['12', '12345', '12a', ' 123'].some((cvc) => CARD_CVC_PATTERN.test(cvc))).toBe(false);
  });
});
