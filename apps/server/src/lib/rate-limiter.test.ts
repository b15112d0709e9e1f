import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limiter.js';

describe('rate limiter', () => {
  it('blocks a key after max hits until its window ends, then recovers', () => {
    let clock = 1_000_000;
    const limiter = createRateLimiter(3, 60, () => clock);
    for (let i = 0; i < 3; i++) {
      expect(limiter.blockedFor('ip:1')).toBe(0);
      limiter.hit('ip:1');
    }
    expect(limiter.blockedFor('ip:1')).toBe(60);
    expect(limiter.blockedFor('ip:2')).toBe(0);
    clock += 30_000;
    expect(limiter.blockedFor('ip:1')).toBe(30);
    clock += 30_000;
    expect(limiter.blockedFor('ip:1')).toBe(0);
  });
  it('forgets a key on reset', () => {
    const limiter = createRateLimiter(1, 60);
    limiter.hit('k');
    expect(limiter.blockedFor('k')).toBeGreaterThan(0);
    limiter.reset('k');
    expect(limiter.blockedFor('k')).toBe(0);
  });
});
