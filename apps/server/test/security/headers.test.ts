import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, ApiPaths, pathOf, type RouteSpec } from '@tarab/contracts';
import { loadConfig } from '../../src/config.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { callRoute, type RouteRequest } from '../call-route.js';
import { makeArtist, makeSession, makeTrack, makeUser } from '../factories.js';

/**
 * Security headers, the session cookie, cross-site writes and CORS (issue #9, part 5). Extends
 * app.test.ts ("security headers and cross-site writes": the CSP basics on one API answer, a
 * cross-site POST by Origin): every kind of answer, HSTS behind TLS, cookie attributes of every
 * sign-in and of logout, Referer / Sec-Fetch-Site / `Origin: null`, every unsafe method, CORS preflights.
 */

type Res = { statusCode: number; headers: Record<string, string | string[] | number | undefined>; body: string };

/** The headers every answer carries, whatever produced it (route, error, SPA, static file). */
function expectBaseHeaders(res: Res, what: string) {
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(res.headers['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(String(res.headers['permissions-policy']), what).toContain('camera=()');
}

/** A path under /api/ that no route of the table has. */
// literal: a path of no route is what is tested (the API's own 404, with every header).
const NO_ROUTE = '/api/nope';

/** A call of a route of the table on the shared app, its raw answer. */
const via =
  <const R extends RouteSpec>(route: R, request: RouteRequest<R> = {}) =>
  async (): Promise<Res> =>
    (await callRoute(shared.app, route, request)).response;
/** A GET of a URL that is not a route of the table (a page, a file, a path of no route, a URL the server gave). */
const getUrl =
  (url: string, headers: Record<string, string> = {}) =>
  (): Promise<Res> =>
    shared.app.inject({ method: 'GET', url, headers });

function cspDirectives(res: Res): Map<string, string[]> {
  const csp = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** One application for the whole file (plain HTTP, no proxy), plus two for the HSTS settings. */
let shared: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-headers-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Tarab</title><div id="root"></div>');
  await fs.writeFile(path.join(webDist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  shared = await buildTestApp({ webDist });
});
afterAll(async () => {
  await shared?.close();
  if (webDist) await fs.rm(webDist, { recursive: true, force: true });
});

describe('security headers on every kind of answer', () => {
  let token: string;
  let receiptUrl: string;

  beforeAll(async () => {
    await shared.storage.put('public', 'previews/headers.mp3', new Uint8Array([1, 2, 3]));
    const user = await makeUser(shared.database);
    token = await makeSession(shared.database, user.id);
    const artist = await makeArtist(shared.database);
    const track = await makeTrack(shared.database, { artistId: artist.id });
    const auth = { authorization: `Bearer ${token}` };
    const checkout = await callRoute(shared.app, Api.commerce.checkout, {
      headers: auth,
      body: { music_id: track.id },
    });
    const sessionId = checkout.json.session_id;
    const paid = await callRoute(shared.app, Api.localPayments.pay, {
      params: { id: sessionId },
      headers: auth,
      body: { card_number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
    });
    expect(paid.status).toBe(200);
    const success = await callRoute(shared.app, Api.commerce.success, {
      query: { session_id: sessionId },
      headers: auth,
    });
    const url = success.json.data.receipt_url;
    if (!url) throw new Error('the paid order has no receipt URL');
    receiptUrl = url;
  });
  it('sends nosniff, frame denial, referrer and opener policies and the strict CSP on API, error, HTML and media answers', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const json = { 'content-type': 'application/json' };
    const answers: Array<[string, () => Promise<Res>]> = [
      ['API JSON', via(Api.catalog.music)],
      ['API JSON, logged in', via(Api.auth.me, { headers: auth })],
      ['401', via(Api.auth.me)],
      ['404 route', getUrl(NO_ROUTE)],
      ['400 query', via(Api.catalog.music, { query: { page: 'abc' } })],
      ['422 body', via(Api.library.createPlaylist, { headers: auth, body: { name: '' } })],
      ['400 malformed JSON', via(Api.auth.login, { headers: json, payload: '{' })],
      ['403 cross-site', via(Api.auth.logout, { headers: { origin: 'https://evil.example' } })],
      ['413', via(Api.auth.login, { headers: json, payload: `"${'x'.repeat(1_100_000)}"` })],
      ['415', via(Api.auth.login, { headers: { 'content-type': 'text/xml' }, payload: '<a/>' })],
      ['receipt HTML', getUrl(receiptUrl, auth)],
      ['SPA page', via(Api.site.pages, { params: { '*': 'music' } })],
      ['SPA asset', getUrl('/assets/app-1a2b3c.js')],
      ['media', via(Api.site.media, { params: { '*': 'previews/headers.mp3' } })],
      ['media 404', via(Api.site.media, { params: { '*': 'previews/none.mp3' } })],
      ['robots.txt', via(Api.site.robots)],
    ];
    for (const [what, call] of answers) {
      const res = await call();
      expectBaseHeaders(res, what);
      const csp = cspDirectives(res);
      expect(csp.get('default-src'), what).toEqual(["'self'"]);
      expect(csp.get('script-src'), what).toEqual(["'self'"]);
      expect(csp.get('object-src'), what).toEqual(["'none'"]);
      expect(csp.get('base-uri'), what).toEqual(["'self'"]);
      expect(csp.get('form-action'), what).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
      for (const [directive, values] of csp) {
        if (directive !== 'style-src') expect(values, `${what}: ${directive}`).not.toContain("'unsafe-inline'");
        expect(values, `${what}: ${directive}`).not.toContain("'unsafe-eval'");
        expect(values, `${what}: ${directive}`).not.toContain('*');
      }
    }
    // Swagger UI brings its own CSP (no inline script either); our frame and sniffing headers stay.
    // The docs page is the OpenAPI plugin's (plugins/openapi.ts), not a route of the table.
    const docs = await shared.app.inject({ method: 'GET', url: `${ApiPaths.docs}/` });
    expectBaseHeaders(docs, 'docs');
    expect(String(docs.headers['content-security-policy'])).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('keeps API answers out of every cache, and lets files keep their own caching', async () => {
    const auth = { authorization: `Bearer ${token}` };
    for (const [url, call] of [
      [pathOf(Api.auth.me), via(Api.auth.me, { headers: auth })],
      [pathOf(Api.library.playlists), via(Api.library.playlists, { headers: auth })],
      [pathOf(Api.downloads.list), via(Api.downloads.list, { headers: auth })],
      [pathOf(Api.catalog.music), via(Api.catalog.music)],
      [NO_ROUTE, getUrl(NO_ROUTE)],
    ] as const) {
      const res = await call();
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const login = await callRoute(shared.app, Api.auth.register, {
      body: {
        name: 'Cache',
        email: 'cache.check@example.com',
        password: 'riq-and-def-99',
        password_confirmation: 'riq-and-def-99',
      },
    });
    expect(login.headers['cache-control']).toBe('no-store');
    expect((await getUrl(receiptUrl, auth)()).headers['cache-control']).toBe('private, no-store');
    const media = await callRoute(shared.app, Api.site.media, { params: { '*': 'previews/headers.mp3' } });
    expect(media.headers['cache-control']).toContain('immutable');
  });
});

describe('HSTS only over HTTPS', () => {
  const ONE_YEAR = 'max-age=31536000; includeSubDomains';
  const hstsOf = async (t: TestApp, headers: Record<string, string> = {}) => {
    const api = await callRoute(t.app, Api.health.health, { headers });
    const missing = await t.app.inject({ method: 'GET', url: NO_ROUTE, headers });
    expect(missing.headers['strict-transport-security']).toBe(api.headers['strict-transport-security']);
    return api.headers['strict-transport-security'];
  };

  it('behind a trusted proxy: HSTS when it forwarded HTTPS, none for HTTP', async () => {
    const t = await buildTestApp({ trustProxy: 1 });
    try {
      expect(await hstsOf(t, { 'x-forwarded-proto': 'https' })).toBe(ONE_YEAR);
      expect(await hstsOf(t, { 'x-forwarded-proto': 'http' })).toBeUndefined();
      expect(await hstsOf(t)).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('with an https public URL: HSTS on every answer, whatever the case of its scheme', async () => {
    // As a Config holds it (read as a URL in app.ts), and as loadConfig reads an operator's variable.
    const loaded = loadConfig({ PUBLIC_URL: 'Https://Tarab.Example/', PAYMENTS: 'local', DEMO_ACCOUNTS: 'false' });
    for (const publicUrl of ['HTTPS://tarab.example', loaded.publicUrl]) {
      const t = await buildTestApp({ publicUrl });
      try {
        expect(await hstsOf(t), publicUrl).toBe(ONE_YEAR);
      } finally {
        await t.close();
      }
    }
  });

  it('without a proxy to trust: a client-sent X-Forwarded-Proto is ignored', async () => {
    expect(await hstsOf(shared, { 'x-forwarded-proto': 'https' })).toBeUndefined();
    expect(await hstsOf(shared)).toBeUndefined();
  });
});

/**
 * TRUST_PROXY (issue #31): the client's address is the one the trusted proxies appended to
 * X-Forwarded-For, never what the client wrote there; checked through the login throttle, whose
 * per-(email, address) limit counts failures by `request.ip`.
 */
describe('TRUST_PROXY: the client address behind the proxy', () => {
  const MAX = 3;
  const login = Api.auth.login;
  /** A wrong password for one email, from `client` through one proxy at 10.0.0.5, with `spoofed` hops of the client's own. */
  const attempt = (t: TestApp, client: string, spoofed: string) =>
    t.app.inject({
      method: login.method,
      url: pathOf(login),
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': `${spoofed}, ${client}` },
      payload: { email: 'owner@example.com', password: 'not-the-password-1' },
    });

  for (const TRUST_PROXY of ['1', '10.0.0.5', '10.0.0.0/8', '10.0.0.0/8, fd00::/8']) {
    it(`TRUST_PROXY=${TRUST_PROXY}: spoofed hops never change the address counted, the proxy's own entry does`, async () => {
      const { trustProxy } = loadConfig({ TRUST_PROXY });
      const t = await buildTestApp({
        trustProxy,
        authRateLimit: { maxFailures: MAX, windowSeconds: 900, registerMax: 1000 },
      });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < MAX + 2; i++) {
          // A different made-up chain every time: with every hop trusted each would be a new address.
          statuses.push((await attempt(t, '203.0.113.7', `198.51.100.${i + 1}, 192.0.2.${i + 1}`)).statusCode);
        }
        expect(statuses).toEqual([...Array<number>(MAX).fill(401), 429, 429]);
        // Another client behind the same proxy is another address: its own failures are checked.
        expect((await attempt(t, '203.0.113.8', '198.51.100.1')).statusCode).toBe(401);
      } finally {
        await t.close();
      }
    });
  }

  it('without TRUST_PROXY the X-Forwarded-For header is ignored: every client of the proxy is the proxy', async () => {
    const t = await buildTestApp({
      trustProxy: loadConfig({}).trustProxy,
      authRateLimit: { maxFailures: MAX, windowSeconds: 900, registerMax: 1000 },
    });
    try {
      for (let i = 0; i < MAX; i++)
        expect((await attempt(t, `203.0.113.${i + 1}`, '198.51.100.1')).statusCode).toBe(401);
      expect((await attempt(t, '203.0.113.99', '198.51.100.1')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('the session cookie', () => {
  const attributesOf = (setCookie: string | string[] | number | undefined) => {
    const raw = (Array.isArray(setCookie) ? setCookie : [String(setCookie)]).find((c) => c.startsWith('authToken='));
    expect(raw, 'an authToken cookie').toBeDefined();
    const [pair, ...attrs] = raw!.split(';').map((s) => s.trim());
    return { value: pair!.slice('authToken='.length), attrs: attrs.map((a) => a.toLowerCase()) };
  };

  it('is HttpOnly, Secure, SameSite=Strict, Path=/ and lives 7 days, from sign-up and from login', async () => {
    const credentials = { email: 'cookie.check@example.com', password: 'nay-flute-2024' };
    const register = await callRoute(shared.app, Api.auth.register, {
      body: { name: 'Cookie', ...credentials, password_confirmation: credentials.password },
    });
    const login = await callRoute(shared.app, Api.auth.login, { body: credentials });
    for (const res of [register, login]) {
      const { value, attrs } = attributesOf(res.headers['set-cookie']);
      expect(value).toBe(res.json.data.token);
      expect(attrs).toEqual(
        expect.arrayContaining(['httponly', 'secure', 'samesite=strict', 'path=/', 'max-age=604800']),
      );
      expect(attrs.some((a) => a.startsWith('domain='))).toBe(false);
      const expires = Date.parse(attrs.find((a) => a.startsWith('expires='))!.slice('expires='.length));
      expect(Math.abs(expires - Date.now() - 7 * 86_400_000)).toBeLessThan(60_000);
    }
  });

  it('is cleared at logout with the same attributes, and is never set by a failed login', async () => {
    const user = await makeUser(shared.database);
    const token = await makeSession(shared.database, user.id);
    const out = await callRoute(shared.app, Api.auth.logout, { headers: { cookie: `authToken=${token}` } });
    const { value, attrs } = attributesOf(out.headers['set-cookie']);
    expect(value).toBe('');
    expect(attrs).toEqual(expect.arrayContaining(['httponly', 'secure', 'samesite=strict', 'path=/']));
    const expires = attrs.find((a) => a.startsWith('expires='));
    expect(expires && Date.parse(expires.slice('expires='.length)) < Date.now()).toBe(true);
    const failed = await callRoute(shared.app, Api.auth.login, {
      body: { email: 'nobody@example.com', password: 'wrong-password' },
    });
    expect(failed.status).toBe(401);
    expect(failed.headers['set-cookie']).toBeUndefined();
  });
});

describe('cross-site writes and CORS', () => {
  let token: string;
  const HOST = 'tarab.example';
  beforeAll(async () => {
    token = await makeSession(shared.database, (await makeUser(shared.database)).id);
  });

  const { createPlaylist, deletePlaylist, playlists } = Api.library;
  const newPlaylist = async () => {
    const res = await callRoute(shared.app, createPlaylist, {
      headers: { authorization: `Bearer ${token}` },
      body: { name: 'CSRF target' },
    });
    return res.json.data.id;
  };
  const playlistCount = async () =>
    (await callRoute(shared.app, playlists, { headers: { authorization: `Bearer ${token}` } })).json.playlists.length;

  it('refuses a cookie-authenticated write that a browser marks cross-site, by every sign, on every unsafe method', async () => {
    const id = await newPlaylist();
    const before = await playlistCount();
    const cookie = `authToken=${token}`;
    const signs: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'not a url' },
      { origin: `https://${HOST}.evil.example` },
      { origin: `http://${HOST}:8443` },
      { referer: 'https://evil.example/page' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site', origin: `https://${HOST}` },
    ];
    for (const sign of signs) {
      for (const [method, url, payload] of [
        [createPlaylist.method, pathOf(createPlaylist), { name: 'forged' }],
        [deletePlaylist.method, pathOf(deletePlaylist, { id }), undefined],
        [Api.auth.logout.method, pathOf(Api.auth.logout), undefined],
        // Methods no route takes on these paths: the refusal comes before routing, whatever the method.
        ['PUT', pathOf(createPlaylist), { name: 'forged' }],
        ['PATCH', pathOf(deletePlaylist, { id }), { name: 'forged' }],
      ] as const) {
        const res = await shared.app.inject({
          method,
          url,
          headers: { host: HOST, cookie, ...sign },
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(sign)}`).toBe(403);
        expect(res.json()).toEqual({ code: 'cross_site_refused', message: 'Cross-site request refused.' });
      }
    }
    expect(await playlistCount()).toBe(before);
    // The session survived the forged logouts.
    expect((await callRoute(shared.app, Api.auth.me, { headers: { cookie } })).status).toBe(200);
  });

  it('lets same-origin browser writes, Bearer clients and reads through', async () => {
    const cookie = `authToken=${token}`;
    const allowed: Record<string, string>[] = [
      { host: HOST, cookie, origin: `https://${HOST}` },
      { host: HOST, cookie, origin: `http://${HOST}` },
      { host: HOST, cookie, referer: `https://${HOST}/saved` },
      { host: HOST, cookie, 'sec-fetch-site': 'same-origin', origin: `https://${HOST}` },
      { host: HOST, cookie, 'sec-fetch-site': 'none' },
      { host: HOST, cookie },
      { host: HOST, authorization: `Bearer ${token}` },
    ];
    for (const headers of allowed) {
      const res = await callRoute(shared.app, createPlaylist, { headers, body: { name: 'Fine' } });
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(res.json.data.name).toBe('Fine');
    }
    const read = await callRoute(shared.app, playlists, {
      headers: { host: HOST, cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(read.status).toBe(200);
    expect(read.json.playlists.length).toBeGreaterThan(0);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('grants no CORS: no Access-Control-Allow-* for a foreign Origin, and preflights are not answered', async () => {
    const origin = 'https://evil.example';
    for (const [method, url] of [
      [Api.catalog.music.method, pathOf(Api.catalog.music)],
      [Api.auth.me.method, pathOf(Api.auth.me)],
      [Api.auth.login.method, pathOf(Api.auth.login)],
      ['GET', NO_ROUTE],
    ] as const) {
      const res = await shared.app.inject({
        method,
        url,
        headers: { origin, cookie: `authToken=${token}` },
        ...(method === 'POST' ? { payload: { email: 'a@example.com', password: 'whatever-pass' } } : {}),
      });
      for (const name of Object.keys(res.headers)) expect(name, `${method} ${url}`).not.toMatch(/^access-control-/);
    }
    // The method each preflight asks for (a write: `/api/me` is asked for a POST, as a forged form would).
    for (const [url, requested] of [
      [pathOf(createPlaylist), createPlaylist.method],
      [pathOf(Api.auth.login), Api.auth.login.method],
      [pathOf(Api.auth.me), 'POST'],
      [pathOf(deletePlaylist, { id: 1 }), deletePlaylist.method],
    ] as const) {
      const preflight = await shared.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin,
          'access-control-request-method': requested,
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(preflight.statusCode, url).toBeGreaterThanOrEqual(400);
      for (const name of Object.keys(preflight.headers)) expect(name, url).not.toMatch(/^access-control-/);
    }
  });
});
