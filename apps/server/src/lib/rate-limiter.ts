/**
 * Fixed-window counters in process memory (one API process; see docs/scaling.md for the Redis
 * plan beyond one). `hit` counts an event; `blockedFor` says how many seconds a key must wait.
 */
export interface RateLimiter {
  hit(key: string): void;
  blockedFor(key: string): number;
  reset(key: string): void;
}

export function createRateLimiter(max: number, windowSeconds: number, now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  const sweep = () => {
    if (windows.size < 10_000) return;
    const t = now();
    for (const [key, w] of windows) if (w.resetAt <= t) windows.delete(key);
  };
  return {
    hit(key) {
      sweep();
      const w = live(key);
      if (w) w.count += 1;
      else windows.set(key, { count: 1, resetAt: now() + windowSeconds * 1000 });
    },
    blockedFor(key) {
      const w = live(key);
      if (!w || w.count < max) return 0;
      return Math.max(1, Math.ceil((w.resetAt - now()) / 1000));
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
