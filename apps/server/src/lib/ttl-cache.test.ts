import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache.js';

describe('ttl cache', () => {
  it('forgets entries after their time and evicts the oldest beyond the cap', () => {
    let clock = 0;
    const cache = createTtlCache<number>(1000, 2, () => clock);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBe(3);
    clock = 1000;
    expect(cache.get('b')).toBeUndefined();
  });
});
