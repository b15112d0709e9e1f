import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSpa, trimTrailingSlashes } from './spa.js';

/** A build as scripts/web-postbuild.mjs leaves it: precompressed copies, prerendered pages. */
async function writeBuild(dir: string): Promise<void> {
  const write = async (file: string, text: string, compress = true) => {
    await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await fs.writeFile(path.join(dir, file), text);
    if (!compress) return;
    await fs.writeFile(path.join(dir, `${file}.br`), zlib.brotliCompressSync(text));
    await fs.writeFile(path.join(dir, `${file}.gz`), zlib.gzipSync(text));
  };
  await write('index.html', '<!doctype html><title>Tarab</title><div id="root"></div>');
  await write('assets/app-abc123.js', `console.log(${'"tarab" + '.repeat(200)}1)`);
  await write('assets/app-abc123.js.map', '{"version":3,"sources":["../src/secret-logic.ts"]}');
  await write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', false);
  await write('prerendered/music.html', '<!doctype html><div id="root" data-prerendered="/music">Music</div>');
  await write(
    'prerendered/ar_music.html',
    '<!doctype html><html lang="ar" dir="rtl"><div id="root" data-prerendered="/ar/music">موسيقى</div>',
  );
  await write('prerendered/ar_shell.html', '<!doctype html><html lang="ar" dir="rtl"><div id="root"></div>');
  await write(
    'prerendered/pages.json',
    JSON.stringify({ '/music': 'music.html', '/ar/music': 'ar_music.html', '/ar/*': 'ar_shell.html' }),
    false,
  );
}

describe('web app serving', () => {
  let app: FastifyInstance;
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-spa-'));
    await writeBuild(dir);
    app = Fastify();
    await registerSpa(app, dir, { publicUrl: 'https://tarab.example/' });
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, cookie?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...(cookie ? { cookie } : {}) },
    });
  const decode = (res: Awaited<ReturnType<typeof get>>) => {
    const encoding = res.headers['content-encoding'];
    if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
    if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
    return res.body;
  };

  it('sends hashed assets brotli- or gzip-compressed as the client accepts, cached for a year', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(decode(br)).toContain('console.log');

    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decode(gz)).toContain('console.log');

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log');
  });

  it('never serves source maps: 404 JSON, not the file and not index.html', async () => {
    for (const url of ['/assets/app-abc123.js.map', '/assets/app-abc123.js.map.br', '/assets/missing.js.map']) {
      for (const encoding of [undefined, 'br, gzip']) {
        const res = await get(url, encoding);
        expect(res.statusCode, url).toBe(404);
        expect(decode(res)).not.toContain('secret-logic');
        expect(res.body).not.toContain('<div id="root">');
      }
    }
  });

  it('serves files without a compressed copy as they are, and never the copies under their own name', async () => {
    const icon = await get('/favicon.svg', 'br');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.headers['cache-control']).toBe('public, max-age=300');
    for (const url of ['/assets/app-abc123.js.br', '/assets/app-abc123.js.gz', '/prerendered/music.html']) {
      const res = await get(url);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });

  it('answers a prerendered route with its page, compressed, and other routes with index.html', async () => {
    for (const url of ['/music', '/music/']) {
      const res = await get(url, 'br;q=1, gzip;q=0.5');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(decode(res), url).toContain('data-prerendered="/music"');
    }
    // A query string may change the first render: the app renders it from scratch.
    for (const url of ['/music?q=oud', '/', '/album/detail/3', '/Music']) {
      const res = await get(url, 'gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(decode(res), url).toContain('<div id="root"></div>');
    }
    const refused = await get('/music', 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toContain('data-prerendered="/music"');
  });

  it('answers /ar/… in Arabic: its prerendered page, or the Arabic shell (lang and dir before any script)', async () => {
    const page = await get('/ar/music', 'gzip');
    expect(page.statusCode).toBe(200);
    expect(decode(page)).toContain('data-prerendered="/ar/music"');
    for (const url of ['/ar/profile', '/ar/music?q=oud', '/ar', '/ar/']) {
      const res = await get(url, 'gzip');
      expect(res.statusCode, url).toBe(200);
      expect(decode(res), url).toContain('<html lang="ar" dir="rtl"><div id="root"></div>');
    }
    // Not Arabic: a path that only starts with the letters.
    expect(decode(await get('/artists'))).toContain('<title>Tarab</title>');
  });

  it("answers a path that is none of the app's pages with 404 and the shell (the app's not-found page), in its language", async () => {
    // Issue #32: every unknown path answered 200, so crawlers and link checkers took it for a page.
    for (const url of [
      '/no/such/page',
      '/music/nope',
      '/album/detail',
      '/album/detail/3/extra',
      '/nope?q=oud',
      '/verify/a/b',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await app.inject({ method, url, headers: { 'accept-encoding': 'gzip' } });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type'], url).toMatch(/text\/html/);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        if (method === 'GET') expect(decode(res), url).toContain('<title>Tarab</title>');
      }
    }
    for (const url of ['/ar/no/such/page', '/ar/music/nope', '/ar/ar/music']) {
      const res = await get(url, 'gzip');
      expect(res.statusCode, url).toBe(404);
      expect(decode(res), url).toContain('<html lang="ar" dir="rtl"><div id="root"></div>');
    }
    // The pages keep 200: prerendered, dynamic (from the shell), login-only, in either language and case.
    for (const url of [
      '/',
      '/ar',
      '/ar/',
      '/music',
      '/ar/music',
      '/Music/',
      '/album/detail/3',
      '/ar/album/detail/3',
      '/artist/detail/12?tab=albums',
      '/music/details/5?title=Sufi',
      '/saved/details/4',
      '/verify',
      '/ar/verify',
      '/verify/TRB-AB12-CD34',
      '/verify/TRB%2F1',
      '/p/abc123',
      '/aboutus',
      '/Aboutus',
      '/auth/login',
      '/profile',
      '/ar/admin',
      '/success/playlist?session_id=cs_1',
    ]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it("names a prerendered page's twin in the other language (hreflang, absolute from PUBLIC_URL)", async () => {
    const links = [
      '<https://tarab.example/music>; rel="alternate"; hreflang="en"',
      '<https://tarab.example/ar/music>; rel="alternate"; hreflang="ar"',
      '<https://tarab.example/music>; rel="alternate"; hreflang="x-default"',
    ].join(', ');
    expect((await get('/music')).headers['link']).toBe(links);
    expect((await get('/ar/music')).headers['link']).toBe(links);
    expect((await get('/ar/profile')).headers['link']).toBeUndefined();
  });

  it('sends a visitor who chose Arabic from / to /ar/, and nobody else, and no other page', async () => {
    const chose = await get('/', undefined, 'authToken=x; tarab_locale=ar');
    expect(chose.statusCode).toBe(302);
    expect(chose.headers['location']).toBe('/ar/');
    expect(chose.headers['vary']).toMatch(/cookie/i);
    for (const cookie of [undefined, 'tarab_locale=en', 'tarab_locale=fr', 'x_tarab_locale=ar']) {
      const res = await get('/', undefined, cookie);
      expect(res.statusCode, cookie).toBe(200);
      expect(res.headers['vary'], cookie).toMatch(/cookie/i);
    }
    expect((await get('/music', undefined, 'tarab_locale=ar')).statusCode).toBe(200);
  });

  it('still answers /api and /media misses with 404 JSON', async () => {
    // literal: paths of no route under /api and /media are what is tested (this bare app has only the SPA).
    for (const url of ['/api/nope', '/media/nope.mp3']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
    }
  });

  it('answers /api and /media misses with 404 JSON however the path is spelled, never the web app', async () => {
    // Issue #31: the fallback decided on the raw URL, so `/%61pi/…` or `/API/…` got index.html.
    // literal: these spellings of the /api and /media prefixes are what is tested.
    for (const url of ['/%61pi/nope', '/API/nope', '/%2fapi/nope', '//api/nope', '/Media/x.mp3', '/%6dedia/x.mp3']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.body, url).not.toContain('<div id="root">');
    }
  });

  it('serves a prerendered page behind a long run of trailing slashes', async () => {
    const res = await get(`/music${'/'.repeat(2000)}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-prerendered="/music"');
  });
});

describe('trimTrailingSlashes', () => {
  it('trims trailing slashes and keeps the root', () => {
    expect(trimTrailingSlashes('/music/')).toBe('/music');
    expect(trimTrailingSlashes('/music///')).toBe('/music');
    expect(trimTrailingSlashes('/music')).toBe('/music');
    expect(trimTrailingSlashes('/')).toBe('/');
    expect(trimTrailingSlashes('////')).toBe('/');
    expect(trimTrailingSlashes('/a//b/')).toBe('/a//b');
  });

  it('does linear work: a 100,000-slash path in every shape completes (the old regex was quadratic)', () => {
    // `/(.)\/+$/` tried every position of a slash run not at the end: ~n²/2 steps, tens of seconds for these.
    const run = '/'.repeat(100_000);
    expect(trimTrailingSlashes(`/a${run}b`)).toBe(`/a${run}b`);
    expect(trimTrailingSlashes(`/a${run}`)).toBe('/a');
    expect(trimTrailingSlashes(run)).toBe('/');
    expect(trimTrailingSlashes(`${run}x${run}`)).toBe(`${run}x`);
  });
});
