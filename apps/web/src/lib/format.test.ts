import { describe, expect, it } from 'vitest';
import { formatCount, formatDuration, formatPrice } from './format';

describe('formatDuration', () => {
  it('writes minutes and zero-padded seconds', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(7)).toBe('0:07');
    expect(formatDuration(180)).toBe('3:00');
    expect(formatDuration(727.9)).toBe('12:07');
    expect(formatDuration(3723)).toBe('1:02:03');
  });

  it('shows --:-- when the duration is unknown', () => {
    expect(formatDuration(undefined)).toBe('--:--');
    expect(formatDuration(null)).toBe('--:--');
    expect(formatDuration(Number.NaN)).toBe('--:--');
    expect(formatDuration(Infinity)).toBe('--:--');
    expect(formatDuration(-1)).toBe('--:--');
  });
});

describe('formatPrice', () => {
  it('turns cents into dollars', () => {
    expect(formatPrice(499)).toBe('$4.99');
    expect(formatPrice(7188)).toBe('$71.88');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(1_439_900)).toBe('$14,399.00');
  });
});

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount(200000)).toBe('200,000');
  });
});
