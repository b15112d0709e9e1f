import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createCounterStore, createMemoryCounterStore } from './rate-limit.js';
import { connectRedis, redisReady } from './redis.js';

/**
 * The counter stores over rate-limiter-flexible (decision 066): what the hand-written stores did,
 * kept. The Redis half needs the Redis on 127.0.0.1:6379 (REDIS_TEST_URL to change it); skipped
 * without one.
 */
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

describe('the memory counter store', () => {
  it('never counts below 0: slots given back after their window ended lend the next window nothing', async () => {
    let now = 0;
    const store = createMemoryCounterStore(() => now);
    expect((await store.incr('k', 60_000)).count).toBe(1);
    now += 60_000;
    // The window ended; its slot comes back in the next one.
    expect(await store.incr('k', 60_000, -1)).toEqual({ count: 0, resetInMs: 60_000 });
    now += 1_000;
    expect(await store.incr('k', 60_000)).toEqual({ count: 1, resetInMs: 59_000 });
  });

  it('takes windows in whole seconds only', async () => {
    await expect(createMemoryCounterStore().incr('k', 1_500)).rejects.toThrow(/whole seconds/);
  });
});

// One client for the suite; it fails fast instead of queueing (lib/redis.ts), so it is ready first.
const client = connectRedis(REDIS_URL, () => undefined);
const redisUp = await redisReady(client, 1_000).then(
  () => true,
  () => false,
);
if (!redisUp) client.disconnect();

describe.skipIf(!redisUp)('the Redis counter store', () => {
  const prefix = `tarab-test-${randomUUID().slice(0, 8)}:`;
  const store = createCounterStore('redis', undefined, { client, prefix });
  afterAll(async () => {
    const keys = await client.keys(`${prefix}*`);
    if (keys.length) await client.del(...keys);
    await client.quit();
  });

  it('counts under <prefix>rl:<key> in fixed windows, atomically, never below 0, and forgets on reset', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => store.incr('k', 60_000)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const r of results) expect(r.resetInMs).toBeGreaterThan(58_000);
    expect(await client.get(`${prefix}rl:k`)).toBe('20');
    const ttl = await client.pttl(`${prefix}rl:k`);
    expect(ttl).toBeGreaterThan(58_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect((await store.incr('k', 60_000, -25)).count).toBe(0);
    expect(await client.pttl(`${prefix}rl:k`)).toBeGreaterThan(0); // the window is kept
    expect((await store.incr('k', 60_000)).count).toBe(1);
    await store.reset('k');
    expect(await client.exists(`${prefix}rl:k`)).toBe(0);
    expect((await store.incr('fresh', 60_000, -1)).count).toBe(0);
  });

  it('answers 503 with Retry-After when Redis does not answer (fail closed)', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const gone = connectRedis(`redis://127.0.0.1:${port}`, () => undefined);
    try {
      const orphan = createCounterStore('redis', undefined, { client: gone, prefix });
      await expect(orphan.incr('k', 60_000)).rejects.toMatchObject({
        status: 503,
        code: 'service_unavailable',
        headers: { 'Retry-After': '5' },
      });
      await expect(orphan.reset('k')).rejects.toMatchObject({ status: 503 });
    } finally {
      gone.disconnect();
    }
  });
});
