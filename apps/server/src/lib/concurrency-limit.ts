/**
 * Counts work in progress per key (e.g. a user's downloads being streamed) and refuses more than
 * `max` at once. `tryAcquire` answers a release function (idempotent) or null when the key is at
 * its limit. In-process: with several server processes each holds its own count (docs/scaling.md).
 */
export function createConcurrencyLimit(max: number) {
  const active = new Map<string | number, number>();
  return {
    tryAcquire(key: string | number): (() => void) | null {
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
    active: (key: string | number) => active.get(key) ?? 0,
  };
}

export type ConcurrencyLimit = ReturnType<typeof createConcurrencyLimit>;
