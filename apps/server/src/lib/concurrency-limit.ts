import type { CounterStore } from './rate-limit.js';

/**
 * Counts work in progress per key (e.g. a user's downloads being streamed) and refuses more than
 * `max` at once. `tryAcquire` answers a release function (idempotent) or null when the key is at
 * its limit.
 */
export interface ConcurrencyLimit {
  tryAcquire(key: string | number): Promise<(() => void) | null>;
}

/** In this process's memory: exact, and each process holds its own count. */
export function createConcurrencyLimit(max: number): ConcurrencyLimit & { active(key: string | number): number } {
  const active = new Map<string | number, number>();
  return {
    async tryAcquire(key) {
      const now = active.get(key) ?? 0;
      if (now >= max) return null;
      active.set(key, now + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (active.get(key) ?? 1) - 1;
        if (left <= 0) active.delete(key);
        else active.set(key, left);
      };
    },
    active: (key) => active.get(key) ?? 0,
  };
}

/**
 * Over a shared counter store (Redis with several processes): one count per key for all processes.
 * A slot is taken with +1 and given back with −1; a count above `max` gives its slot back at once.
 * The key lives `safetyMs` after its first slot, so the slots of a process that died (and never gave
 * them back) are forgotten after that time instead of blocking the user for good.
 */
export function createSharedConcurrencyLimit(
  store: CounterStore,
  max: number,
  namespace: string,
  safetyMs = 15 * 60_000,
): ConcurrencyLimit {
  return {
    async tryAcquire(key) {
      const counter = `${namespace}:${key}`;
      const { count } = await store.incr(counter, safetyMs, 1);
      if (count > max) {
        await store.incr(counter, safetyMs, -1);
        return null;
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        void store.incr(counter, safetyMs, -1).catch(() => undefined);
      };
    },
  };
}
