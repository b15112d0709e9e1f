import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry, parseExpiry, validateCard } from './card';

describe('card entry', () => {
  it('formats as the user types', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/30')).toBe('12/30');
  });

  it('parses MM/YY and MM/YYYY', () => {
    expect(parseExpiry('04/31')).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry('4/2031')).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry('13/31')).toBeNull();
    expect(parseExpiry('0431')).toBeNull();
  });

  it('accepts a card through the last day of its expiry month', () => {
    const now = new Date(2030, 11, 31, 12);
    expect(validateCard({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, now)).toEqual({
      card: { card_number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    });
    expect(validateCard({ number: '4242 4242 4242 4242', expiry: '11/30', cvc: '123' }, now)).toEqual({
      errors: { expiry: 'This card has expired.' },
    });
  });

  it('lets the test decline numbers through (the server declines them)', () => {
    const result = validateCard({ number: '4000 0000 0000 0002', expiry: '12/40', cvc: '1234' });
    expect(result).toMatchObject({ card: { card_number: '4000000000000002', cvc: '1234' } });
  });
});
