import fastifyRateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import ipaddr from 'ipaddr.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
  type RateLimiterRes,
} from 'rate-limiter-flexible';
import { AppError } from './errors.js';

/**
 * Every rate limit of the server, on one pluggable counter store:
 * - route limits (checkout, billing, Google, downloads, register…) through `@fastify/rate-limit`,
 *   whose store is an adapter over the counter store;
 * - the login throttle, which reserves a slot before the password is checked.
 *
 * The counters are rate-limiter-flexible's (decision 066): `RateLimiterMemory` (one process) or
 * `RateLimiterRedis` (one Lua script per call: INCRBY and the window's expiry together), which makes
 * every limit global across server processes. Chosen by one factory (`createCounterStore`).
 */
export interface CounterStore {
  /**
   * Atomically adds `by` (default 1; negative gives slots back) to the key's count in its current
   * fixed window, starting a window of `windowMs` (whole seconds) when none is live; the count never
   * goes below 0. Returns the count after the change and the milliseconds until the window ends.
   */
  incr(key: string, windowMs: number, by?: number): Promise<{ count: number; resetInMs: number }>;
  /** Forgets the key. */
  reset(key: string): Promise<void>;
}

export type CounterStoreKind = 'memory' | 'redis';

/**
 * The one factory of counter stores; `redis` needs the connection (REDIS_URL). `now` is the memory
 * store's clock (tests move it); Redis keeps its own time.
 */
export function createCounterStore(
  kind: CounterStoreKind = 'memory',
  now?: () => number,
  redis?: { client: Redis; prefix: string },
): CounterStore {
  switch (kind) {
    case 'memory':
      return createMemoryCounterStore(now);
    case 'redis':
      if (!redis) throw new Error('RATE_LIMIT_STORE=redis needs REDIS_URL');
      return createRedisCounterStore(redis.client, `${redis.prefix}rl`);
  }
}

/**
 * rate-limiter-flexible's own script (SET NX with the window, INCRBY, PTTL) plus one rule of ours: a
 * count that a give-back would take below 0 stays at 0 in its window (KEEPTTL), so slots given back
 * after their window ended never lend the next window extra ones. ARGV: points, window seconds.
 */
const INCR_SCRIPT = `
redis.call('SET', KEYS[1], 0, 'EX', ARGV[2], 'NX')
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
if count < 0 then
  redis.call('SET', KEYS[1], 0, 'KEEPTTL')
  count = 0
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl == -1 then
  redis.call('EXPIRE', KEYS[1], ARGV[2])
  ttl = 1000 * ARGV[2]
end
return {count, ttl}
`;

/** The limiters count with `penalty`/`reward`; the limit itself is checked by the callers. */
const COUNTER_OPTIONS = { points: 1, duration: 60 };

/** A window for rate-limiter-flexible, which counts windows in whole seconds. */
function windowOption(windowMs: number): { customDuration: number } {
  const seconds = windowMs / 1000;
  if (!Number.isInteger(seconds) || seconds < 1)
    throw new Error(`rate-limit window of ${windowMs} ms: whole seconds only`);
  return { customDuration: seconds };
}

/** Adds `by` to the key's count: `penalty`, or `reward` for a give-back. */
const addTo = (limiter: RateLimiterAbstract, key: string, by: number, windowMs: number) => {
  const options = windowOption(windowMs);
  return by >= 0 ? limiter.penalty(key, by, options) : limiter.reward(key, -by, options);
};

const counted = (res: RateLimiterRes) => ({ count: res.consumedPoints, resetInMs: Math.max(0, res.msBeforeNext) });

/**
 * Fixed windows in Redis (`RateLimiterRedis`, keys `<prefix>rl:<key>`), shared by every process: the
 * script adds to the count and starts the window atomically, so concurrent callers on any process
 * never overshoot a limit. An unreachable Redis answers 503 (fail closed), never a 500: the client
 * (`lib/redis.ts`) rejects at once instead of queueing, and no insurance limiter stands in.
 */
function createRedisCounterStore(redis: Redis, keyPrefix: string): CounterStore {
  const limiter = new RateLimiterRedis({
    ...COUNTER_OPTIONS,
    storeClient: redis,
    keyPrefix,
    customIncrTtlLuaScript: INCR_SCRIPT,
  });
  const unavailable = (cause: unknown) =>
    new AppError(503, 'service_unavailable', undefined, { headers: { 'Retry-After': '5' }, cause });
  return {
    async incr(key, windowMs, by = 1) {
      const adding = addTo(limiter, key, by, windowMs);
      try {
        return counted(await adding);
      } catch (error) {
        throw unavailable(error);
      }
    },
    async reset(key) {
      try {
        await limiter.delete(key);
      } catch (error) {
        throw unavailable(error);
      }
    },
  };
}

/**
 * Fixed windows in this process's memory (`RateLimiterMemory`). Its calls run one after another, so a
 * give-back and its floor at 0 form one step, as the Redis script does. `RateLimiterMemory` reads
 * `Date.now()`: with an injected clock (`now`, tests) each of its synchronous calls runs on that clock.
 */
export function createMemoryCounterStore(now?: () => number): CounterStore {
  const limiter = new RateLimiterMemory({ ...COUNTER_OPTIONS, keyPrefix: '' });
  const onClock = <T>(call: () => T): T => {
    if (!now) return call();
    const realNow = Date.now;
    Date.now = now;
    try {
      return call();
    } finally {
      Date.now = realNow;
    }
  };
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(step: () => Promise<T>): Promise<T> => {
    const run = queue.then(step);
    queue = run.catch(() => undefined);
    return run;
  };
  return {
    incr: (key, windowMs, by = 1) =>
      inTurn(async () => {
        let res = await onClock(() => addTo(limiter, key, by, windowMs));
        if (res.consumedPoints < 0) {
          const below = -res.consumedPoints;
          res = await onClock(() => addTo(limiter, key, below, windowMs));
        }
        return counted(res);
      }),
    reset: (key) =>
      inTurn(async () => {
        await limiter.delete(key);
      }),
  };
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** 429 `{message}` with Retry-After (seconds, at least 1). */
function tooManyRequests(retryAfterMs: number): AppError {
  return new AppError(429, 'too_many_requests', undefined, {
    headers: { 'Retry-After': String(seconds(retryAfterMs)) },
  });
}

/** `@fastify/rate-limit`'s store interface over a counter store; each route gets its own key space. */
function fastifyStoreOver(store: CounterStore) {
  let routes = 0;
  // The plugin constructs its store with `new` (and asks it for a child per route).
  return class CounterStoreAdapter implements FastifyRateLimitStore {
    private namespace = 'global';
    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow?: number) {
      store.incr(`${this.namespace}:${key}`, timeWindow ?? 60_000).then(
        (r) => callback(null, { current: r.count, ttl: r.resetInMs }),
        (error: Error) => callback(error),
      );
    }
    child(): FastifyRateLimitStore {
      const child = new CounterStoreAdapter();
      child.namespace = `route${++routes}`;
      return child;
    }
  };
}

/** Registers `@fastify/rate-limit` (no global limit: routes opt in with `routeRateLimit`). */
export async function registerRateLimits(app: FastifyInstance, store: CounterStore): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    store: fastifyStoreOver(store),
    // After validation and the route's own checks (login required…): only requests that would
    // do work count, and the 401 of an anonymous caller stays a 401.
    hook: 'preHandler',
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': true,
    },
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl),
  });
}

/**
 * The address a per-IP limit counts under: an IPv4 address as it is; an IPv4-mapped IPv6 address
 * (`::ffff:203.0.113.5`) as that IPv4 address; any other IPv6 address as its /64 prefix in one
 * spelling (`2001:db8::1` and `2001:DB8:0:0::2` → `2001:db8:0:0::/64`), since one subscriber line or
 * host gets a whole /64 and could otherwise take a fresh address for every request. Every per-IP limit
 * (route limits through `callerKey`, the login throttle) keys on it. Parsing by ipaddr.js (Fastify's
 * proxy-addr reads addresses with it too).
 */
export function clientAddressKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const text = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  if (!ipaddr.isValid(text)) return `other:${text.slice(0, 64)}`;
  const address = ipaddr.process(text);
  if (address instanceof ipaddr.IPv4) return address.toString();
  return `${address.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}

/** The caller: the logged-in user when there is one (people share addresses), else the address (`clientAddressKey`). */
const callerKey = (request: FastifyRequest) =>
  request.user ? `user:${request.user.id}` : `ip:${clientAddressKey(request.ip)}`;

/** Route options: at most `max` requests per `windowSeconds` per caller (or per IP with `byIp`). */
export function routeRateLimit(
  max: number,
  windowSeconds: number,
  options: { byIp?: boolean } = {},
): { rateLimit: RateLimitOptions } {
  return {
    rateLimit: {
      max,
      timeWindow: windowSeconds * 1000,
      keyGenerator: options.byIp ? (request) => `ip:${clientAddressKey(request.ip)}` : callerKey,
    },
  };
}

export interface LoginThrottleLimits {
  /** Failed logins per (email, IP) per window. */
  maxFailures: number;
  windowSeconds: number;
}
/** An IP may fail this many times more than one (email, IP): people share addresses (offices, mobile NAT). */
const LOGIN_IP_FACTOR = 10;
/**
 * One email, from all addresses together, may fail this many times more than one (email, IP) before
 * the per-email limit applies. It applies only to addresses that failed for that email themselves
 * (see `createLoginThrottle`): a stranger's failures never lock the owner out.
 */
export const LOGIN_EMAIL_FACTOR = 50;

interface LoginReservation {
  /** The password was right: give the slots back and forget this address's failures for the email. */
  succeeded(): Promise<void>;
}

export interface LoginThrottle {
  /**
   * Reserves a slot before the password is checked (count, then check): at most `maxFailures`
   * attempts per window reach the password check for one (email, IP) even when they arrive in
   * parallel. Throws 429 with Retry-After when a limit is reached. `ip` is the request's address;
   * the throttle keys on `clientAddressKey(ip)` (IPv6 per /64).
   */
  reserve(email: string, ip: string): Promise<LoginReservation>;
}

/**
 * The login throttle (docs/security.md, "Login limits"). Three fixed-window counters, each taken
 * before the password is checked; a failure keeps its slots, a success gives them back:
 * - per address (`maxFailures × LOGIN_IP_FACTOR`): one address guessing many emails;
 * - per (email, address) (`maxFailures`): one address guessing one email;
 * - per email over all addresses (`maxFailures × LOGIN_EMAIL_FACTOR`): a guess spread over many
 *   addresses. Once it is over, an address may still try **once** for that email, if it holds no
 *   slot of its own for it (no failure in the window and no attempt in flight: its per-(email,
 *   address) count is this attempt's 1); its further attempts are refused. So the owner, from an
 *   address that never failed, always gets the right password checked, while a distributed guess
 *   gets one try per fresh address (per /64 for IPv6) instead of `maxFailures`.
 * The counters are atomic (memory or Redis), so parallel attempts cannot pass a limit: of many
 * parallel attempts from a fresh address only one sees its count at 1.
 */
export function createLoginThrottle(store: CounterStore, limits: LoginThrottleLimits): LoginThrottle {
  const windowMs = limits.windowSeconds * 1000;
  return {
    async reserve(email, ip) {
      const address = email.toLowerCase();
      const client = clientAddressKey(ip);
      const ipKey = `login:ip:${client}`;
      const pairKey = `login:email-ip:${address}|${client}`;
      const emailKey = `login:email:${address}`;
      // Narrowest first, and stop at the first refusal: a refused attempt does not count against
      // the wider keys, so one address hammering an email cannot use up the email's global limit.
      const taken: string[] = [];
      const refuse = async (key: string, resetInMs: number): Promise<never> => {
        // Give back this refused attempt and the slots taken on the way here.
        await Promise.all([key, ...taken].map((k) => store.incr(k, windowMs, -1)));
        throw tooManyRequests(resetInMs);
      };
      const perIp = await store.incr(ipKey, windowMs);
      if (perIp.count > limits.maxFailures * LOGIN_IP_FACTOR) await refuse(ipKey, perIp.resetInMs);
      taken.push(ipKey);
      const perPair = await store.incr(pairKey, windowMs);
      if (perPair.count > limits.maxFailures) await refuse(pairKey, perPair.resetInMs);
      taken.push(pairKey);
      const perEmail = await store.incr(emailKey, windowMs);
      // Over the per-email limit, only a pair with no slot of its own (count 1: this attempt) is checked.
      if (perEmail.count > limits.maxFailures * LOGIN_EMAIL_FACTOR && perPair.count > 1) {
        await refuse(emailKey, perEmail.resetInMs);
      }
      return {
        async succeeded() {
          await store.reset(pairKey);
          await Promise.all([ipKey, emailKey].map((k) => store.incr(k, windowMs, -1)));
        },
      };
    },
  };
}
