import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, ERROR_CODES, ErrorBody, openApiPath, pathOf, ServerErrors, type RouteSpec } from '@tarab/contracts';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeSession, makeUser } from '../factories.js';
import { declaredErrorStatuses, readApiRoutes, routeKey } from '../fuzz/openapi.js';

/**
 * Stable error codes (issue 33, decision 062): every error answer — of a route, of the router, of
 * Fastify's body parser, of a rate limit, of the CSRF check — is an `ErrorBody` whose `code` is one
 * of the contracts' list, and its status is one the route's OpenAPI entry declares with `ErrorBody`.
 * The authorization matrix checks the same on every cell of every route.
 */
describe('error codes', () => {
  const LIMIT = 1;
  let t: TestApp;
  let token: string;
  let declared: Map<string, Set<number>>;

  beforeAll(async () => {
    t = await buildTestApp({
      authRateLimit: { maxFailures: 10, windowSeconds: 60, registerMax: LIMIT },
      rateLimits: {
        store: 'memory',
        perMinute: { checkout: LIMIT, billing: LIMIT, google: LIMIT, downloads: LIMIT, verify: LIMIT },
        perHour: { quotes: LIMIT },
      },
    });
    token = await makeSession(t.database, (await makeUser(t.database, { email: 'taken@example.test' })).id);
    declared = new Map((await readApiRoutes(t.app)).map((r) => [r.key, declaredErrorStatuses(r.operation)]));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The answer as an ErrorBody, after checking that `route`'s OpenAPI entry declares its status. */
  const errorOf = (res: { statusCode: number; body: string }, route?: RouteSpec): ErrorBody => {
    const body = ErrorBody.parse(JSON.parse(res.body));
    expect(ERROR_CODES).toContain(body.code);
    if (route) {
      const statuses = declared.get(routeKey(route.method, openApiPath(route.path)));
      expect(statuses, `${route.method} ${route.path} is in the document`).toBeDefined();
      expect([...statuses!], `${route.method} ${route.path} declares ${res.statusCode}`).toContain(res.statusCode);
    }
    return body;
  };
  const json = { 'content-type': 'application/json' };
  const session = () => ({ authorization: `Bearer ${token}` });

  it('declares ErrorBody answers on every operation of the document', async () => {
    const routes = await readApiRoutes(t.app);
    expect(routes.length).toBeGreaterThan(80);
    for (const route of routes) {
      const statuses = declaredErrorStatuses(route.operation);
      for (const status of [400, 500, 503]) expect([...statuses], route.key).toContain(status);
      if (route.protected) expect([...statuses], route.key).toContain(401);
      if (route.pathParams.length > 0) expect([...statuses], route.key).toContain(404);
      if (route.body) expect([...statuses], route.key).toContain(422);
    }
  });

  it('401 unauthenticated, 404 with the record’s own code, 422 validation_failed with the field map', async () => {
    const me = await t.app.inject({ method: 'GET', url: pathOf(Api.auth.me) });
    expect(me.statusCode).toBe(401);
    expect(errorOf(me, Api.auth.me)).toEqual({ code: 'unauthenticated', message: 'Unauthenticated.' });

    const album = await t.app.inject({ method: 'GET', url: pathOf(Api.catalog.album, { id: 999_999 }) });
    expect(album.statusCode).toBe(404);
    expect(errorOf(album, Api.catalog.album)).toEqual({ code: 'album_not_found', message: 'Album not found' });

    const login = await t.app.inject({ method: 'POST', url: pathOf(Api.auth.login), payload: {} });
    expect(login.statusCode).toBe(422);
    const invalid = errorOf(login, Api.auth.login);
    expect(invalid.code).toBe('validation_failed');
    expect(Object.keys(invalid.errors ?? {})).toEqual(expect.arrayContaining(['email', 'password']));
    expect(invalid.message).toBe(Object.values(invalid.errors!)[0]![0]);
  });

  it('a field error raised by code carries field_codes; a login refused is invalid_credentials', async () => {
    const register = await t.app.inject({
      method: 'POST',
      url: pathOf(Api.auth.register),
      payload: {
        name: 'Twice',
        email: 'taken@example.test',
        password: 'a-long-password-1',
        password_confirmation: 'a-long-password-1',
      },
    });
    expect(register.statusCode).toBe(422);
    expect(errorOf(register, Api.auth.register)).toEqual({
      code: 'email_taken',
      message: 'The email has already been taken.',
      errors: { email: ['The email has already been taken.'] },
      field_codes: { email: ['email_taken'] },
    });

    const login = await t.app.inject({
      method: 'POST',
      url: pathOf(Api.auth.login),
      payload: { email: 'taken@example.test', password: 'not-the-password' },
    });
    expect(login.statusCode).toBe(401);
    expect(errorOf(login, Api.auth.login).code).toBe('invalid_credentials');
  });

  it("a schema's field messages carry their codes: in a 422 body and a 400 query alike", async () => {
    const register = await t.app.inject({
      method: 'POST',
      url: pathOf(Api.auth.register),
      payload: { name: 'Short', email: 'not-an-email', password: 'short', password_confirmation: 'short' },
    });
    expect(register.statusCode).toBe(422);
    const invalid = errorOf(register, Api.auth.register);
    expect(invalid.code).toBe('validation_failed');
    expect(invalid.errors).toMatchObject({
      email: [ServerErrors.email_invalid],
      password: [ServerErrors.password_too_short],
    });
    expect(invalid.field_codes).toMatchObject({ email: ['email_invalid'], password: ['password_too_short'] });
    // Every field's messages have their codes, one for one.
    for (const [field, messages] of Object.entries(invalid.errors ?? {})) {
      expect(invalid.field_codes?.[field], field).toHaveLength(messages.length);
    }

    const search = await t.app.inject({ method: 'GET', url: `${pathOf(Api.catalog.suggest)}?q=${'x'.repeat(101)}` });
    expect(search.statusCode).toBe(400);
    const query = errorOf(search, Api.catalog.suggest);
    expect(query.code).toBe('invalid_request');
    expect(query.field_codes).toEqual({ q: ['q_too_long'] });
  });

  it('Fastify’s own refusals: bad JSON 400, wrong content type 415, body too large 413, bad query 400', async () => {
    const url = pathOf(Api.auth.login);
    const bad = await t.app.inject({ method: 'POST', url, headers: json, payload: '{"email":' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad, Api.auth.login)).toEqual({
      code: 'malformed_json',
      message: 'The request body is not valid JSON.',
    });

    const text = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(text.statusCode).toBe(415);
    expect(errorOf(text, Api.auth.login).code).toBe('unsupported_media_type');

    const huge = await t.app.inject({
      method: 'POST',
      url,
      headers: json,
      payload: JSON.stringify({ email: 'x'.repeat(5 * 1024 * 1024), password: 'x' }),
    });
    expect(huge.statusCode).toBe(413);
    expect(errorOf(huge, Api.auth.login).code).toBe('payload_too_large');

    const query = await t.app.inject({ method: 'GET', url: pathOf(Api.admin.users), query: { per_page: '100000' } });
    // The console answers nobody else, not even with a validation message.
    expect(query.statusCode).toBe(401);
    const page = await t.app.inject({ method: 'GET', url: pathOf(Api.catalog.artists), query: { page: 'first' } });
    expect(page.statusCode).toBe(400);
    const invalid = errorOf(page, Api.catalog.artists);
    expect(invalid.code).toBe('invalid_request');
    expect(invalid.params).toEqual({ fields: Object.keys(invalid.errors ?? {}).join(', ') });
  });

  it('the router’s refusals: an unknown API path 404, a path not valid percent-encoding 400, too long 414', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: `${pathOf(Api.catalog.albums)}/no/such/route` });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toEqual({ code: 'not_found', message: 'Not found' });

    const encoded = await t.app.inject({
      method: 'GET',
      url: pathOf(Api.catalog.artist, { id: 1 }).replace(/1$/, '%E0%A4%A'),
    });
    expect(encoded.statusCode).toBe(400);
    expect(errorOf(encoded).code).toBe('invalid_path');

    const long = await t.app.inject({ method: 'GET', url: `${pathOf(Api.catalog.albums)}/${'a'.repeat(20_000)}` });
    expect(long.statusCode).toBe(414);
    expect(errorOf(long).code).toBe('path_too_long');
  });

  it('a cross-site write 403 cross_site_refused; a rate limit 429 too_many_requests with Retry-After', async () => {
    const csrf = await t.app.inject({
      method: 'POST',
      url: pathOf(Api.library.createPlaylist),
      headers: { cookie: `authToken=${token}`, origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' },
      payload: { name: 'Mine' },
    });
    expect(csrf.statusCode).toBe(403);
    expect(errorOf(csrf, Api.library.createPlaylist).code).toBe('cross_site_refused');

    const verify = (key: string) =>
      t.app.inject({ method: 'GET', url: pathOf(Api.licenses.verify, { key }), headers: session() });
    const first = await verify('TRB-NOPE-1');
    expect(first.statusCode).toBe(404);
    expect(errorOf(first, Api.licenses.verify).code).toBe('licence_not_found');
    const limited = await verify('TRB-NOPE-2');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(errorOf(limited, Api.licenses.verify)).toEqual({
      code: 'too_many_requests',
      message: 'Too many attempts. Please try again later.',
    });
  });
});
