import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '@tarab/contracts';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';

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
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, db: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('answers unknown API routes with 404 JSON in the one error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ code: 'not_found', message: Messages.notFound });
  });

  it('answers unknown media with 404 JSON, never the SPA', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/previews/nope.mp3' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', message: Messages.notFound });
  });

  it('answers a malformed JSON body with 400 JSON and no stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/api_login',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'malformed_json', message: Messages.malformedJson });
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
    const full = await t.app.inject({ method: 'GET', url: '/media/previews/demo.mp3' });
    expect(full.statusCode).toBe(200);
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.headers['etag']).toBeTruthy();
    const part = await t.app.inject({
      method: 'GET',
      url: '/media/previews/demo.mp3',
      headers: { range: 'bytes=2-4' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 2-4/10');
    expect([...part.rawPayload]).toEqual([3, 4, 5]);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/media/previews/demo.mp3',
      headers: { range: 'bytes=50-60' },
    });
    expect(bad.statusCode).toBe(416);
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
      const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(doc.statusCode).toBe(200);
      const body = doc.json();
      expect(body.openapi).toMatch(/^3\./);
      for (const p of [
        '/api/health',
        '/api/music',
        '/api/loop',
        '/api/music/filter',
        '/api/filter',
        '/api/artists',
        '/api/artist/{id}',
        '/api/albums',
        '/api/album/{id}',
      ]) {
        expect(Object.keys(body.paths), p).toContain(p);
      }
      const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
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
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
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
      const cross = await t.app.inject({
        method: 'POST',
        url: '/api/api_login',
        payload: body,
        headers: { host: 'tarab.example', origin: 'https://evil.example', cookie: 'authToken=abc' },
      });
      expect(cross.statusCode).toBe(403);
      expect(cross.json()).toEqual({ code: 'cross_site_refused', message: 'Cross-site request refused.' });
      const same = await t.app.inject({
        method: 'POST',
        url: '/api/api_login',
        payload: body,
        headers: { host: 'tarab.example', origin: 'https://tarab.example' },
      });
      expect(same.statusCode).toBe(401);
      const bare = await t.app.inject({ method: 'POST', url: '/api/api_login', payload: body });
      expect(bare.statusCode).toBe(401);
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
      const bearer = await t.app.inject({
        method: 'POST',
        url: '/api/playlists/add',
        payload: { name: 'From another origin' },
        headers: { ...headers, authorization: `Bearer ${token}` },
      });
      expect(bearer.statusCode).toBe(200);
      expect(bearer.json()).toMatchObject({ playlist: { name: 'From another origin', musics: [], loops: [] } });
      const withCookie = await t.app.inject({
        method: 'POST',
        url: '/api/playlists/add',
        payload: { name: 'Forged' },
        headers: { ...headers, authorization: `Bearer ${token}`, cookie: `authToken=${token}` },
      });
      expect(withCookie.statusCode).toBe(403);
      expect(withCookie.json()).toEqual({ code: 'cross_site_refused', message: 'Cross-site request refused.' });
      // Without CORS_ORIGINS no origin gets CORS headers.
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/playlists/add',
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
        url: '/api/playlists/add',
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
      const allowed = await t.app.inject({
        method: 'POST',
        url: '/api/playlists/add',
        payload: { name: 'Partner list' },
        headers: { ...cross, origin: 'https://app.partner.example' },
      });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://app.partner.example');
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/playlists/add',
        payload: { name: 'Evil list' },
        headers: { ...cross, origin: 'https://evil.example' },
      });
      expect(other.statusCode).toBe(403);
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
      const robots = await t.app.inject({ method: 'GET', url: '/robots.txt', headers });
      expect(robots.body).toContain('Sitemap: https://tarab.example/sitemap.xml');
      expect(robots.headers['cache-control']).toBe('public, max-age=3600');
      const map = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers });
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
      const robots = await t.app.inject({ method: 'GET', url: '/robots.txt', headers });
      const map = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers });
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
