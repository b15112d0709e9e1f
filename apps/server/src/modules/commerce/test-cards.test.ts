import { describe, expect, it } from 'vitest';
import { CommerceMessages } from '@tarab/contracts';
import { checkTestCard } from './test-cards.js';

describe('local driver test cards', () => {
  const now = new Date('2026-11-21T00:00:00Z');
  it('accepts 4242 4242 4242 4242 with a future expiry', () => {
    expect(checkTestCard('4242 4242 4242 4242', 12, 2030, now)).toEqual({ ok: true, brand: 'visa', last4: '4242' });
  });
  it('declines the published decline numbers with their messages', () => {
    expect(checkTestCard('4000 0000 0000 0002', 12, 2030, now)).toMatchObject({
      ok: false,
      message: CommerceMessages.paymentDeclined,
    });
    expect(checkTestCard('4000000000009995', 12, 2030, now)).toMatchObject({
      ok: false,
      message: CommerceMessages.insufficientFunds,
    });
  });
  it('rejects malformed numbers and past expiry dates', () => {
    expect(checkTestCard('1234 5678', 12, 2030, now)).toMatchObject({ ok: false, code: 'incorrect_number' });
    expect(checkTestCard('4242424242424241', 12, 2030, now)).toMatchObject({ ok: false, code: 'incorrect_number' });
    expect(checkTestCard('4242424242424242', 10, 2026, now)).toMatchObject({ ok: false, code: 'expired_card' });
    expect(checkTestCard('4242424242424242', 11, 2026, now)).toMatchObject({ ok: true });
  });
});
