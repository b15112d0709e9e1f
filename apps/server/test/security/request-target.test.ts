import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, ErrorBody, Messages, pathOf, ServerErrors } from '@tarab/contracts';
import {
  isServerPath,
  MAX_PATH_LENGTH,
  MAX_URL_LENGTH,
  normalizedPath,
  originForm,
} from '../../src/lib/request-target.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeSession, makeUser } from '../factories.js';

/**
 * Issue #31 item 3 (no request costs more than linear time in its size) and item 8 (`/api` decided on
 * the decoded path), against a real listening server: the request line is sent as written, byte for
 * byte (no client normalises it), as an attacker would.
 */

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One request on its own connection, the target exactly as given. */
function rawRequest(
  port: number,
  target: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('connect', () => {
      const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
      for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...headerLines] = text.slice(0, split).split('\r\n');
      const answerHeaders: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        answerHeaders[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      let body = text.slice(split + 4);
      if (/chunked/i.test(answerHeaders['transfer-encoding'] ?? '')) {
        // De-chunk: size line, data, CRLF, … 0.
        let out = '';
        let rest = body;
        for (;;) {
          const eol = rest.indexOf('\r\n');
          const size = parseInt(rest.slice(0, eol), 16);
          if (!size) break;
          out += rest.slice(eol + 2, eol + 2 + size);
          rest = rest.slice(eol + 2 + size + 2);
        }
        body = out;
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers: answerHeaders, body });
    });
  });
}

/** A web build with a prerendered page, so that the SPA fallback (and its slash trimming) runs. */
async function writeBuild(dir: string): Promise<void> {
  await fs.mkdir(path.join(dir, 'prerendered'), { recursive: true });
  await fs.writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Tarab</title><div id="root"></div>');
  await fs.writeFile(path.join(dir, 'prerendered/music.html'), '<!doctype html><div data-prerendered="/music"></div>');
  await fs.writeFile(path.join(dir, 'prerendered/pages.json'), JSON.stringify({ '/music': 'music.html' }));
}

describe('request targets (issue #31)', () => {
  let t: TestApp;
  let port: number;
  let webDist: string;
  let token: string;

  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'tarab-web-'));
    await writeBuild(webDist);
    t = await buildTestApp({ webDist });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
    token = await makeSession(t.database, (await makeUser(t.database)).id);
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  const health = pathOf(Api.health.health);
  const me = pathOf(Api.auth.me);
  const expectJsonError = (answer: RawAnswer, status: number, message: string) => {
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    const body = ErrorBody.parse(JSON.parse(answer.body));
    expect(body.message).toBe(message);
    expect(ServerErrors[body.code]).toBe(message);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toBeTruthy();
  };

  describe('no request costs more than linear time in its size', () => {
    // Each about 16 KB: under Node's 16 KiB head limit, over the server's own limits.
    const KB16 = 16_000;
    // literal: these hostile targets (slash runs, a made-up API path, an encoded /api prefix) are what is tested;
    // the long query on the API goes to a route of the table.
    const attacks: Record<string, string> = {
      'slashes only': '/'.repeat(KB16),
      'a page then slashes': `/music${'/'.repeat(KB16)}`,
      'slashes then a character': `/a${'/'.repeat(KB16)}b`,
      'an API path': `/api/${'x/'.repeat(KB16 / 2)}`,
      'percent-encoded API prefix': `/%61pi${'/'.repeat(KB16)}`,
      'a long query': `/music?${'a=1&'.repeat(KB16 / 4)}`,
      'a long query on the API': `${pathOf(Api.catalog.music)}?${'genre[]=1&'.repeat(KB16 / 10)}`,
    };

    for (const [name, target] of Object.entries(attacks)) {
      it(`answers ${name} (${target.length} characters) 414 in the one error shape`, async () => {
        expectJsonError(await rawRequest(port, target), 414, Messages.pathTooLong);
      });
    }

    it(`caps the path at ${MAX_PATH_LENGTH} and the whole target at ${MAX_URL_LENGTH} characters`, async () => {
      // Just under the path limit: read as usual (the SPA trims the slashes and serves the page).
      const page = await rawRequest(port, `/music${'/'.repeat(MAX_PATH_LENGTH - 6)}`);
      expect(page.status).toBe(200);
      expect(page.body).toContain('data-prerendered="/music"');
      // literal: a run of slashes after /api, just under the limit, is what is tested.
      const api = await rawRequest(port, `/api${'/'.repeat(MAX_PATH_LENGTH - 5)}x`);
      expectJsonError(api, 404, Messages.notFound);
      // One character over either limit: 414.
      expectJsonError(await rawRequest(port, `/music${'/'.repeat(MAX_PATH_LENGTH - 5)}`), 414, Messages.pathTooLong);
      const query = `?q=${'a'.repeat(MAX_URL_LENGTH - health.length - 3)}`;
      expect((await rawRequest(port, `${health}${query}`)).status).toBe(200);
      expectJsonError(await rawRequest(port, `${health}${query}a`), 414, Messages.pathTooLong);
      // Two thousand repeats of one key just under the limit: parsed (in place, linear) and answered.
      const repeats = `${health}?${'x=1&'.repeat(Math.floor((MAX_URL_LENGTH - health.length - 1) / 4))}`;
      expect((await rawRequest(port, repeats)).status).toBe(200);
    });

    it('keeps /api/health answering 200 while twenty 16 KB paths at a time are in flight', async () => {
      const shapes = Object.values(attacks);
      const inFlight: Promise<RawAnswer>[] = [];
      const healthAnswers: Promise<RawAnswer>[] = [];
      for (let round = 0; round < 5; round++) {
        for (let i = 0; i < 20; i++) inFlight.push(rawRequest(port, shapes[(round * 20 + i) % shapes.length]!));
        // Sent while that round's attack is on its way in.
        healthAnswers.push(rawRequest(port, health));
      }
      const [attacked, checked] = await Promise.all([Promise.all(inFlight), Promise.all(healthAnswers)]);
      for (const answer of attacked) expectJsonError(answer, 414, Messages.pathTooLong);
      for (const answer of checked) {
        expect(answer.status).toBe(200);
        expect(JSON.parse(answer.body)).toMatchObject({ ok: true });
      }
    });
  });

  describe("what Node's parser refuses", () => {
    const refused: Array<
      [name: string, target: string, headers: Record<string, string>, status: number, code: string]
    > = [
      ['a header name with a space', health, { 'Bad Name': 'x' }, 400, 'bad_request'],
      // literal: the space inside the target is what is tested.
      ['a space inside the target', '/api/he alth', {}, 400, 'bad_request'],
      [
        'Content-Length with Transfer-Encoding',
        health,
        { 'Content-Length': '1', 'Transfer-Encoding': 'chunked' },
        400,
        'bad_request',
      ],
      ['headers over 16 KB', health, { 'X-Pad': 'x'.repeat(17 * 1024) }, 431, 'headers_too_large'],
    ];
    for (const [name, target, headers, status, code] of refused) {
      it(`answers ${name} ${status} in the one error shape`, async () => {
        const answer = await rawRequest(port, target, { headers });
        expect(answer.status).toBe(status);
        expect(answer.headers['content-type']).toMatch(/^application\/json/);
        expect(JSON.parse(answer.body)).toEqual({ code, message: expect.any(String) });
      });
    }
  });

  describe('/api is decided on the decoded path', () => {
    // Each of these is `/api/…` to a lenient reader (the router decodes `%61`); none may be served
    // without the API's hooks (session, CSRF, no-store) or as the web app's HTML.
    // literal: these spellings of the /api prefix are what is tested (the rest of each path is the table's).
    const variants = (apiPath: string) => {
      const rest = apiPath.slice('/api'.length);
      return [
        `/%61pi${rest}`,
        `/%61PI${rest}`,
        `/%41%50%49${rest}`,
        `/API${rest}`,
        `/Api${rest}`,
        `/%2fapi${rest}`,
        `/%2Fapi${rest}`,
        `//api${rest}`,
        `/./api${rest}`,
        `/x/../api${rest}`,
        `/%2e/api${rest}`,
        `/\\api${rest}`,
        `/%5capi${rest}`,
        `/%2561pi${rest}`,
        `/api%2f${rest.slice(1)}`,
      ];
    };

    // literal: a path of no route, spelled in the same ways.
    for (const target of [...variants(health), ...variants(me), ...variants('/api/no-such-route')]) {
      it(`refuses ${target} with the API's JSON 404, never a route or the web app`, async () => {
        const answer = await rawRequest(port, target, { headers: { authorization: `Bearer ${token}` } });
        expectJsonError(answer, 404, Messages.notFound);
        expect(answer.headers['cache-control']).toBe('no-store');
      });
    }

    it('refuses a cross-site write to an encoded /api path (no route runs)', async () => {
      const answer = await rawRequest(port, `/%61pi${pathOf(Api.auth.logout).slice(4)}`, {
        method: 'POST',
        headers: { cookie: `authToken=${token}`, origin: 'https://evil.example', 'content-length': '0' },
      });
      expectJsonError(answer, 404, Messages.notFound);
      // The session still works: the logout never ran.
      expect((await rawRequest(port, me, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    });

    it('serves an absolute-form target (`GET http://host/api/…`) with every API hook', async () => {
      const answer = await rawRequest(port, `http://127.0.0.1:${port}${me}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      // The session hook ran (it reads the path, not the raw absolute URL) and the answer is not cached.
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ data: { user: { email: expect.any(String) } } });
      expect(answer.headers['cache-control']).toBe('no-store');
    });

    it('keeps the canonical paths as they were (an encoded character after /api/ is still the API)', async () => {
      expect((await rawRequest(port, health)).status).toBe(200);
      // `/api/%6De`: the table's path of `me`, its first letter after /api/ percent-encoded.
      const encodedMe = `${me.slice(0, 5)}%${me.charCodeAt(5).toString(16).toUpperCase()}${me.slice(6)}`;
      const encodedTail = await rawRequest(port, encodedMe, { headers: { authorization: `Bearer ${token}` } });
      expect(encodedTail.status).toBe(200);
      expect(encodedTail.headers['cache-control']).toBe('no-store');
      const page = await rawRequest(port, '/music/');
      expect(page.status).toBe(200);
      expect(page.body).toContain('data-prerendered="/music"');
    });
  });
});

describe('reading a request target', () => {
  it('normalizes a path as a lenient reader would, and tells the API and media paths', () => {
    // literal: the spellings of paths, and what they normalise to, are what is tested (no server runs).
    expect(normalizedPath('/%61pi//Me/./x/../y')).toBe('/api/me/y');
    expect(normalizedPath('/%2561pi\\me')).toBe('/api/me');
    expect(originForm('http://host:8080/api/me?x=1')).toBe('/api/me?x=1');
    expect(originForm('https://host?x')).toBe('/?x');
    expect(originForm('*')).toBe('*');
    for (const url of ['/api', '/api/x', '/%61pi/x', '/API', '//media/x', 'http://h/api/me']) {
      expect(isServerPath(url), url).toBe(true);
    }
    for (const url of ['/', '/apix', '/music', '/ar/api', '/x?y=/api/']) expect(isServerPath(url), url).toBe(false);
  });

  it('does linear work on any path: a million characters of every shape complete', () => {
    for (const shape of ['/', '%2f', '/.', '/..', '%2561', '\\']) {
      expect(normalizedPath(shape.repeat(1_000_000 / shape.length))).toMatch(/^\//);
    }
  });
});
