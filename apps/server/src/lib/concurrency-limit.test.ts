import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit } from './concurrency-limit.js';

describe('createConcurrencyLimit', () => {
  it('admits up to max per key, each key on its own, and frees a slot once per release', () => {
    const limit = createConcurrencyLimit(2);
    const a1 = limit.tryAcquire(1);
    const a2 = limit.tryAcquire(1);
    expect(a1).toBeTypeOf('function');
    expect(a2).toBeTypeOf('function');
    expect(limit.tryAcquire(1)).toBeNull();
    expect(limit.tryAcquire(2)).toBeTypeOf('function');
    a1!();
    a1!(); // a second call of the same release frees nothing more
    expect(limit.active(1)).toBe(1);
    const a3 = limit.tryAcquire(1);
    expect(a3).toBeTypeOf('function');
    expect(limit.tryAcquire(1)).toBeNull();
    a2!();
    a3!();
    expect(limit.active(1)).toBe(0);
  });
});
