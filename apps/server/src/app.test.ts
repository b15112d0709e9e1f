import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Api, ApiPaths, Messages, openApiPath, pathOf } from '@tarab/contracts';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { callRoute } from '../test/call-route.js';

describe('application shell', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-web-'));
    await fs.mkdir(path.join(webDist, 'assets'));
    await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Tarab</title><div id="root"></div>');
    await fs.writeFile(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await buildTestApp({ webDist });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it('answers the health check with the database kind', async () => {
    const res = await callRoute(t.app, Api.health.health);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, db: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('answers unknown API routes with 404 JSON in the one error shape', async () => {
    // literal: a path under /api/ that no route of the table has is what is tested.
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ code: 'not_found', message: Messages.notFound });
  });

  it('answers unknown media with 404 JSON, never the SPA', async () => {
    const res = await callRoute(t.app, Api.site.media, { params: { '*': 'previews/nope.mp3' } });
    expect(res.status).toBe(404);
    expect(res.error).toEqual({ code: 'not_found', message: Messages.notFound });
  });

  it('answers a malformed JSON body with 400 JSON and no stack trace', async () => {
    const res = await callRoute(t.app, Api.auth.login, {
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(res.status).toBe(400);
    expect(res.error).toEqual({ code: 'malformed_json', message: Messages.malformedJson });
  });

  it('serves the SPA with history fallback for client routes', async () => {
    for (const url of ['/', '/music', '/album/detail/3', '/auth/login?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with long-lived caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('serves public media with Range support and never private objects', async () => {
    await t.storage.put('public', 'previews/demo.mp3', new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
    await t.storage.put('private', 'originals/demo.wav', new Uint8Array([9, 9, 9]));
    const media = (key: string, headers: Record<string, string> = {}) =>
      callRoute(t.app, Api.site.media, { params: { '*': key }, headers });
    const full = await media('previews/demo.mp3');
    expect(full.status).toBe(200);
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.headers['etag']).toBeTruthy();
    const part = await media('previews/demo.mp3', { range: 'bytes=2-4' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 2-4/10');
    expect([...part.response.rawPayload]).toEqual([3, 4, 5]);
    const bad = await media('previews/demo.mp3', { range: 'bytes=50-60' });
    expect(bad.status).toBe(416);
    // literal: the private key and the `..` (plain and encoded) in the path are what is tested.
    for (const url of [
      '/media/originals/demo.wav',
      '/media/../private/originals/demo.wav',
      '/media/%2e%2e/private/originals/demo.wav',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      // Either an error, or (for a path the router normalises out of /media) the SPA page: never the file.
      expect(res.rawPayload.equals(Buffer.from([9, 9, 9])), url).toBe(false);
      if (res.statusCode === 200) expect(res.headers['content-type'], url).toMatch(/text\/html/);
    }
  });
});

describe('API documentation', () => {
  it('serves an OpenAPI document listing the catalog calls, and the docs page', async () => {
    const t = await buildTestApp();
    try {
      // The docs are served by the OpenAPI plugin (plugins/openapi.ts), not a route of the table.
      const doc = await t.app.inject({ method: 'GET', url: ApiPaths.docsJson });
      expect(doc.statusCode).toBe(200);
      const body = z.object({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }).parse(doc.json());
      expect(body.openapi).toMatch(/^3\./);
      for (const route of [
        Api.health.health,
        Api.catalog.music,
        Api.catalog.loops,
        Api.catalog.search,
        Api.catalog.filter,
        Api.catalog.artists,
        Api.catalog.artist,
        Api.catalog.albums,
        Api.catalog.album,
      ]) {
        const p = openApiPath(route.path);
        expect(Object.keys(body.paths), p).toContain(p);
      }
      const page = await t.app.inject({ method: 'GET', url: `${ApiPaths.docs}/` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('swagger');
    } finally {
      await t.close();
    }
  });
});

describe('security headers and cross-site writes', () => {
  it('sends CSP without inline scripts, nosniff, referrer policy and frame protection', async () => {
    const t = await buildTestApp();
    try {
      const res = await callRoute(t.app, Api.health.health);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('refuses a cross-site POST with a cookie, allows same-origin and header-less clients', async () => {
    const t = await buildTestApp();
    try {
      const body = { email: 'nobody@example.com', password: 'whatever-password' };
      const cross = await callRoute(t.app, Api.auth.login, {
        body,
        headers: { host: 'tarab.example', origin: 'https://evil.example', cookie: 'authToken=abc' },
      });
      expect(cross.status).toBe(403);
      expect(cross.error).toEqual({ code: 'cross_site_refused', message: 'Cross-site request refused.' });
      const same = await callRoute(t.app, Api.auth.login, {
        body,
        headers: { host: 'tarab.example', origin: 'https://tarab.example' },
      });
      expect(same.status).toBe(401);
      const bare = await callRoute(t.app, Api.auth.login, { body });
      expect(bare.status).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe('clients on other origins', () => {
  it('lets a Bearer-only request through the cross-site check, but not one that also carries the session cookie', async () => {
    const t = await buildTestApp();
    try {
      const { makeSession, makeUser } = await import('../test/factories.js');
      const token = await makeSession(t.database, (await makeUser(t.database)).id);
      const headers = { host: 'tarab.example', origin: 'https://client.example', 'sec-fetch-site': 'cross-site' };
      const bearer = await callRoute(t.app, Api.library.createPlaylist, {
        body: { name: 'From another origin' },
        headers: { ...headers, authorization: `Bearer ${token}` },
      });
      expect(bearer.status).toBe(200);
      expect(bearer.json).toMatchObject({ playlist: { name: 'From another origin', musics: [], loops: [] } });
      const withCookie = await callRoute(t.app, Api.library.createPlaylist, {
        body: { name: 'Forged' },
        headers: { ...headers, authorization: `Bearer ${token}`, cookie: `authToken=${token}` },
      });
      expect(withCookie.status).toBe(403);
      expect(withCookie.error).toEqual({ code: 'cross_site_refused', message: 'Cross-site request refused.' });
      // Without CORS_ORIGINS no origin gets CORS headers.
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: pathOf(Api.library.createPlaylist),
        headers: { origin: 'https://client.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('gives the origins of CORS_ORIGINS credentialed CORS and their cookie writes, and nobody else', async () => {
    const t = await buildTestApp({ corsOrigins: ['https://app.partner.example'] });
    try {
      const { makeSession, makeUser } = await import('../test/factories.js');
      const token = await makeSession(t.database, (await makeUser(t.database)).id);
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: pathOf(Api.library.createPlaylist),
        headers: {
          origin: 'https://app.partner.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,authorization',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://app.partner.example');
      expect(preflight.headers['access-control-allow-credentials']).toBe('true');
      expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/authorization/i);
      const cross = { host: 'tarab.example', 'sec-fetch-site': 'cross-site', cookie: `authToken=${token}` };
      const allowed = await callRoute(t.app, Api.library.createPlaylist, {
        body: { name: 'Partner list' },
        headers: { ...cross, origin: 'https://app.partner.example' },
      });
      expect(allowed.status).toBe(200);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://app.partner.example');
      const other = await callRoute(t.app, Api.library.createPlaylist, {
        body: { name: 'Evil list' },
        headers: { ...cross, origin: 'https://evil.example' },
      });
      expect(other.status).toBe(403);
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe('robots and sitemap', () => {
  it('lists public pages, albums and artists at PUBLIC_URL whatever the Host header, cacheable', async () => {
    const t = await buildTestApp({ publicUrl: 'https://tarab.example/' });
    try {
      const { makeAlbum, makeArtist } = await import('../test/factories.js');
      const artist = await makeArtist(t.database, 'Sitemap Artist');
      const album = await makeAlbum(t.database, artist.id, 'Sitemap Album');
      const headers = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
      const robots = (await callRoute(t.app, Api.site.robots, { headers })).response;
      expect(robots.body).toContain('Sitemap: https://tarab.example/sitemap.xml');
      expect(robots.headers['cache-control']).toBe('public, max-age=3600');
      const map = (await callRoute(t.app, Api.site.sitemap, { headers })).response;
      expect(map.headers['content-type']).toMatch(/application\/xml/);
      expect(map.body).toContain('<loc>https://tarab.example/music</loc>');
      expect(map.body).toContain(`<loc>https://tarab.example/album/detail/${album.id}</loc>`);
      expect(map.body).toContain(`<loc>https://tarab.example/artist/detail/${artist.id}</loc>`);
      // Both languages, each naming the other (decision 045).
      expect(map.body).toContain('<loc>https://tarab.example/ar/music</loc>');
      expect(map.body).toContain('<loc>https://tarab.example/ar/</loc>');
      expect(map.body).toContain(`<loc>https://tarab.example/ar/album/detail/${album.id}</loc>`);
      expect(map.body).toContain(
        '<xhtml:link rel="alternate" hreflang="en" href="https://tarab.example/music"/><xhtml:link rel="alternate" hreflang="ar" href="https://tarab.example/ar/music"/><xhtml:link rel="alternate" hreflang="x-default" href="https://tarab.example/music"/>',
      );
      expect(robots.body + map.body).not.toContain('evil.example');
    } finally {
      await t.close();
    }
  });

  it('without PUBLIC_URL never reflects the Host header and is not cached', async () => {
    const t = await buildTestApp();
    try {
      const headers = { host: 'evil.example' };
      const robots = (await callRoute(t.app, Api.site.robots, { headers })).response;
      const map = (await callRoute(t.app, Api.site.sitemap, { headers })).response;
      for (const res of [robots, map]) {
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain('evil.example');
        expect(res.headers['cache-control']).toBe('no-store');
      }
      expect(robots.body).not.toContain('Sitemap:');
      expect(map.body).toContain('<loc>http://localhost:0/music</loc>');
    } finally {
      await t.close();
    }
  });
});
