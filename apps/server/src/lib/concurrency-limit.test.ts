import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit, createSharedConcurrencyLimit } from './concurrency-limit.js';
import { createMemoryCounterStore } from './rate-limit.js';

describe('createConcurrencyLimit', () => {
  it('admits up to max per key, each key on its own, and frees a slot once per release', async () => {
    const limit = createConcurrencyLimit(2);
    const a1 = await limit.tryAcquire(1);
    const a2 = await limit.tryAcquire(1);
    expect(a1).toBeTypeOf('function');
    expect(a2).toBeTypeOf('function');
    expect(await limit.tryAcquire(1)).toBeNull();
    expect(await limit.tryAcquire(2)).toBeTypeOf('function');
    a1!();
    a1!(); // a second call of the same release frees nothing more
    expect(limit.active(1)).toBe(1);
    const a3 = await limit.tryAcquire(1);
    expect(a3).toBeTypeOf('function');
    expect(await limit.tryAcquire(1)).toBeNull();
    a2!();
    a3!();
    expect(limit.active(1)).toBe(0);
  });

  it('over a shared counter store: one count for every process, a refused slot gives nothing away, stale slots expire', async () => {
    let clock = 0;
    const store = createMemoryCounterStore(() => clock);
    // Two "processes", one store.
    const p1 = createSharedConcurrencyLimit(store, 2, 'downloads', 60_000);
    const p2 = createSharedConcurrencyLimit(store, 2, 'downloads', 60_000);
    const a = await p1.tryAcquire(7);
    const b = await p2.tryAcquire(7);
    expect(a).toBeTypeOf('function');
    expect(b).toBeTypeOf('function');
    expect(await p1.tryAcquire(7)).toBeNull();
    expect(await p2.tryAcquire(7)).toBeNull();
    expect(await p2.tryAcquire(8)).toBeTypeOf('function');
    a!();
    a!();
    await Promise.resolve();
    const c = await p2.tryAcquire(7);
    expect(c).toBeTypeOf('function');
    expect(await p1.tryAcquire(7)).toBeNull();
    // A process died holding its slots: after the safety window they are forgotten.
    clock += 60_001;
    expect(await p1.tryAcquire(7)).toBeTypeOf('function');
  });
});
