import { describe, expect, it } from 'vitest';
import { roundedCount } from './rounded-count';

describe('roundedCount', () => {
  it('rounds down to two significant figures, at least to tens, with a plus', () => {
    expect(roundedCount(96)).toBe('90+');
    expect(roundedCount(45)).toBe('40+');
    expect(roundedCount(10)).toBe('10+');
    expect(roundedCount(100)).toBe('100+');
    expect(roundedCount(1234)).toBe('1,200+');
    expect(roundedCount(250_317)).toBe('250,000+');
  });

  it('is exact under 10', () => {
    expect(roundedCount(0)).toBe('0');
    expect(roundedCount(8)).toBe('8');
  });
});
