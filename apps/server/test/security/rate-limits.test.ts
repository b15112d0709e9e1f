import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, ErrorBody, Messages, pathOf, urlOf, type RouteSpec } from '@tarab/contracts';
import Fastify from 'fastify';
import { clientAddressKey, createMemoryCounterStore } from '../../src/lib/rate-limit.js';
import { registerErrorHandler } from '../../src/plugins/error-handler.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { callRoute, type RouteRequest } from '../call-route.js';
import { bearer, makeSession, makeUser } from '../factories.js';

/**
 * Issue #15 item 6: every costly or enumerable route is rate limited through @fastify/rate-limit
 * (one counter store, pluggable), answering 429 `{message}` with Retry-After, per user when logged in.
 */
describe('route rate limits', () => {
  const LIMIT = 2;
  let t: TestApp;
  let clock = Date.now();
  let tokenA: string;
  let tokenB: string;

  beforeAll(async () => {
    t = await buildTestApp(
      {
        authRateLimit: { maxFailures: 10, windowSeconds: 60, registerMax: LIMIT },
        rateLimits: {
          store: 'memory',
          perMinute: { checkout: LIMIT, billing: LIMIT, google: LIMIT, downloads: LIMIT, verify: LIMIT },
          perHour: { quotes: LIMIT },
        },
      },
      { now: () => clock },
    );
    tokenA = await makeSession(t.database, (await makeUser(t.database)).id);
    tokenB = await makeSession(t.database, (await makeUser(t.database)).id);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A rate-limited route, the request sent to it, and whether the caller is logged in. */
  const row = <const R extends RouteSpec>(name: string, route: R, request: RouteRequest<R>, auth: boolean) => ({
    name,
    method: route.method,
    url: urlOf(route, { params: request.params }),
    auth,
    send: (headers: Record<string, string>) => callRoute(t.app, route, { ...request, headers }),
  });
  const routes = [
    row('checkout', Api.commerce.checkout, { body: { music_id: 999999 } }, true),
    row('setup intent', Api.commerce.setupIntent, {}, true),
    row('subscribe', Api.commerce.subscribe, { body: { price_id: 'no-such-price', payment_method: 'pm_x' } }, true),
    row('download link', Api.downloads.link, { params: { id: 999999 } }, true),
    row('download zip', Api.downloads.zip, { params: { id: 999999 } }, true),
    row('subscription download', Api.downloads.fromSubscription, { body: { music_id: 999999 } }, true),
    // A link works only in the session that asked for it (issue #31): the caller is logged in.
    row('download by token', Api.downloads.byToken, { params: { token: 'not-a-real-token' } }, true),
    row('licence verification', Api.licenses.verify, { params: { key: 'TRB-NOPE' } }, false),
    row(
      'Google callback',
      Api.auth.socialCallback,
      { params: { provider: 'google' }, body: { access_token: 'ya29.x' } },
      false,
    ),
  ];

  for (const route of routes) {
    it(`limits ${route.name} (${route.method} ${route.url}) with 429 {message} and Retry-After`, async () => {
      const send = (token?: string) => route.send(token ? bearer(token) : {});
      const first = token(route.auth, tokenA);
      for (let i = 0; i < LIMIT; i++) expect((await send(first)).status).not.toBe(429);
      const limited = await send(first);
      expect(limited.status).toBe(429);
      expect(limited.error).toEqual({ code: 'too_many_requests', message: Messages.tooManyRequests });
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      if (route.auth) {
        // Per user: another account from the same address is not affected.
        expect((await send(tokenB)).status).not.toBe(429);
      }
    });
  }

  it('limits Enterprise quote requests per address per hour; an invalid one does not count', async () => {
    // app.inject, not callRoute: the caller's address (remoteAddress) is what is counted.
    const ask = (remoteAddress: string, needs = 'Forty tracks for a documentary series.') =>
      t.app.inject({
        method: Api.quotes.request.method,
        url: pathOf(Api.quotes.request),
        remoteAddress,
        payload: { name: 'Rana', company: 'Studio Noor', email: 'rana@studio-noor.example', needs },
      });
    expect((await ask('198.51.100.30', '')).statusCode).toBe(422);
    for (let i = 0; i < LIMIT; i++) expect((await ask('198.51.100.30')).statusCode).toBe(201);
    const limited = await ask('198.51.100.30');
    expect(limited.statusCode).toBe(429);
    expect(ErrorBody.parse(limited.json())).toEqual({ code: 'too_many_requests', message: Messages.tooManyRequests });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60);
    expect((await ask('198.51.100.31')).statusCode).toBe(201);
  });

  it('counts an IPv6 client per /64 and an IPv4-mapped address as its IPv4 address (issue #31)', async () => {
    const ask = (remoteAddress: string) =>
      t.app.inject({
        method: Api.quotes.request.method,
        url: pathOf(Api.quotes.request),
        remoteAddress,
        payload: { name: 'Rana', company: 'Studio Noor', email: 'rana@studio-noor.example', needs: 'Forty tracks.' },
      });
    for (let i = 0; i < LIMIT; i++) expect((await ask(`2001:db8:5::${i + 1}`)).statusCode).toBe(201);
    // A fresh address of the same /64 is the same client; the next /64 is another.
    expect((await ask('2001:db8:5:0:ffff:ffff:ffff:ffff')).statusCode).toBe(429);
    expect((await ask('2001:db8:5:1::1')).statusCode).toBe(201);
    for (let i = 0; i < LIMIT; i++) expect((await ask('::ffff:198.51.100.40')).statusCode).toBe(201);
    expect((await ask('198.51.100.40')).statusCode).toBe(429);
  });

  it('counts only requests that get past validation and login (401 stays 401)', async () => {
    for (let i = 0; i < LIMIT + 3; i++) {
      const res = await callRoute(t.app, Api.commerce.checkout, { body: { music_id: 1 } });
      expect(res.status).toBe(401);
    }
  });

  it('limits sign-ups per IP, and every limit ends with its window (injected clock)', async () => {
    const register = (n: number) =>
      t.app.inject({
        method: Api.auth.register.method,
        url: pathOf(Api.auth.register),
        remoteAddress: '198.51.100.20',
        payload: {
          name: 'Rate Person',
          email: `rate${n}.${clock}@example.com`,
          password: 'maqam-hijaz-42',
          password_confirmation: 'maqam-hijaz-42',
        },
      });
    expect((await register(1)).statusCode).toBe(200);
    expect((await register(2)).statusCode).toBe(200);
    const limited = await register(3);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    clock += 61_000;
    expect((await register(4)).statusCode).toBe(200);
    const checkout = await callRoute(t.app, Api.commerce.checkout, {
      body: { music_id: 999999 },
      headers: bearer(tokenA),
    });
    expect(checkout.status).not.toBe(429);
  });
});

function token(auth: boolean, value: string): string | undefined {
  return auth ? value : undefined;
}

describe('clientAddressKey', () => {
  it('keys IPv4 as it is, IPv4-mapped IPv6 as IPv4, and any other IPv6 address by its /64 in one spelling', () => {
    expect(clientAddressKey('203.0.113.5')).toBe('203.0.113.5');
    expect(clientAddressKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(clientAddressKey('::FFFF:cb00:7105')).toBe('203.0.113.5');
    expect(clientAddressKey('0:0:0:0:0:ffff:203.0.113.5')).toBe('203.0.113.5');
    const net64 = '2001:db8:0:0::/64';
    for (const ip of [
      '2001:db8::1',
      '2001:db8::2',
      '2001:DB8:0:0:abcd::9',
      '2001:0db8:0000:0000:ffff:ffff:ffff:ffff',
    ]) {
      expect(clientAddressKey(ip), ip).toBe(net64);
    }
    expect(clientAddressKey('2001:db8::1%eth0')).toBe(net64);
    expect(clientAddressKey('[2001:db8::1]')).toBe(net64);
    expect(clientAddressKey('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('fe80::1:2:3:4')).toBe('fe80:0:0:0::/64');
    expect(clientAddressKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
    expect(clientAddressKey(undefined)).toBe('unknown');
    expect(clientAddressKey('not an address')).toBe('other:not an address');
  });
});

describe('the memory counter store', () => {
  it('counts atomically per key in fixed windows, gives slots back, and forgets on reset', async () => {
    let now = 1_000;
    const store = createMemoryCounterStore(() => now);
    const results = await Promise.all(Array.from({ length: 50 }, () => store.incr('k', 10_000)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect((await store.incr('k', 10_000, -1)).count).toBe(49);
    expect((await store.incr('other', 10_000)).count).toBe(1);
    now += 4_000;
    expect((await store.incr('k', 10_000)).resetInMs).toBe(6_000);
    now += 6_000;
    expect((await store.incr('k', 10_000)).count).toBe(1);
    await store.reset('k');
    expect((await store.incr('k', 10_000)).count).toBe(1);
  });
});

describe('any 429', () => {
  it('carries Retry-After even when a plugin throws a bare 429 error', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/x', async () => {
      throw Object.assign(new Error('slow down'), { statusCode: 429 });
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/x' });
      expect(res.statusCode).toBe(429);
      expect(ErrorBody.parse(res.json())).toEqual({ code: 'too_many_requests', message: Messages.tooManyRequests });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});
