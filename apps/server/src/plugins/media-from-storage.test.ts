import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Api, ErrorBody, Messages, pathOf } from '@tarab/contracts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { callRoute } from '../../test/call-route.js';
import { startS3TestServer, type S3TestServer } from '../../test/s3-test-server.js';
import { createS3Storage, type S3Storage } from '../storage/s3-storage.js';

// The same requests against /media/ served by @fastify/static (local driver) and through the
// Storage interface (s3 driver, a real s3rver): the answers must not differ.
let s3: S3TestServer;
let s3Storage: S3Storage;
beforeAll(async () => {
  s3 = await startS3TestServer();
  await s3.createBucket('tarab-test');
  s3Storage = createS3Storage(s3.options({ prefix: 'media-test' }));
});
afterAll(async () => {
  s3Storage?.destroy();
  await s3?.stop();
});

const ten = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
/** The public URL of a media key (`Api.site.media`, `/media/*`). */
const mediaUrl = (key: string) => pathOf(Api.site.media, { '*': key });

describe.each(['local', 's3'] as const)('GET /media/* with the %s driver', (driver) => {
  let t: TestApp;
  /** GET a media key; the answer's bytes are `response.rawPayload`. */
  const get = (key: string, headers: Record<string, string> = {}) =>
    callRoute(t.app, Api.site.media, { params: { '*': key }, headers });
  /** HEAD of a media key (the route answers HEAD too; callRoute sends the route's GET). */
  const head = (key: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'HEAD', url: mediaUrl(key), headers });
  beforeAll(async () => {
    t = await buildTestApp({}, driver === 's3' ? { storage: s3Storage } : {});
    await t.storage.put('public', 'previews/demo.mp3', ten);
    await t.storage.put('public', 'peaks/demo.json', '{"data":[1,2]}');
    await t.storage.put('private', 'originals/demo.wav', new Uint8Array([9, 9, 9]));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves a public object: 200, length, type, validators, a year of caching, CORS', async () => {
    const res = await get('previews/demo.mp3');
    expect(res.status).toBe(200);
    expect([...res.response.rawPayload]).toEqual([...ten]);
    expect(res.headers['content-length']).toBe('10');
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['etag']).toMatch(/^(W\/)?".+"$/);
    expect(Date.parse(String(res.headers['last-modified']))).not.toBeNaN();
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const json = await get('peaks/demo.json');
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(json.response.body)).toEqual({ data: [1, 2] });
  });

  it('answers HEAD with the headers of a GET and no body', async () => {
    const res = await head('previews/demo.mp3');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe('10');
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['etag']).toBeTruthy();
    expect(res.rawPayload.length).toBe(0);
    const part = await head('previews/demo.mp3', { range: 'bytes=0-1' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 0-1/10');
    expect(part.headers['content-length']).toBe('2');
  });

  it('answers one Range with 206 and Content-Range', async () => {
    const part = await get('previews/demo.mp3', { range: 'bytes=2-4' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 2-4/10');
    expect(part.headers['content-length']).toBe('3');
    expect(part.headers['content-type']).toBe('audio/mpeg');
    expect([...part.response.rawPayload]).toEqual([3, 4, 5]);
    const tail = await get('previews/demo.mp3', { range: 'bytes=-3' });
    expect(tail.status).toBe(206);
    expect(tail.headers['content-range']).toBe('bytes 7-9/10');
    expect([...tail.response.rawPayload]).toEqual([8, 9, 10]);
    const open = await get('previews/demo.mp3', { range: 'bytes=8-' });
    expect(open.headers['content-range']).toBe('bytes 8-9/10');
    expect([...open.response.rawPayload]).toEqual([9, 10]);
  });

  it('answers several disjoint ranges with the whole object, and an unsatisfiable one with 416', async () => {
    const many = await get('previews/demo.mp3', { range: 'bytes=0-1,5-6' });
    expect(many.status).toBe(200);
    expect(many.response.rawPayload.length).toBe(10);
    const bad = await get('previews/demo.mp3', { range: 'bytes=50-60' });
    expect(bad.status).toBe(416);
    expect(bad.error).toEqual({ code: 'range_not_satisfiable', message: 'Range Not Satisfiable' });
    expect(bad.headers['cache-control']).toBeUndefined();
    if (driver === 's3') expect(bad.headers['content-range']).toBe('bytes */10');
  });

  it('answers 304 to a matching If-None-Match or If-Modified-Since, and ignores a stale If-Range', async () => {
    const first = await get('previews/demo.mp3');
    const etag = String(first.headers['etag']);
    const same = await get('previews/demo.mp3', { 'if-none-match': etag });
    expect(same.status).toBe(304);
    expect(same.response.rawPayload.length).toBe(0);
    expect(same.headers['etag']).toBe(etag);
    expect(same.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(same.headers['content-type']).toBeUndefined();
    const other = await get('previews/demo.mp3', { 'if-none-match': '"other"' });
    expect(other.status).toBe(200);
    const since = await get('previews/demo.mp3', { 'if-modified-since': String(first.headers['last-modified']) });
    expect(since.status).toBe(304);
    const stale = await get('previews/demo.mp3', { range: 'bytes=0-1', 'if-range': '"not-the-etag"' });
    expect(stale.status).toBe(200);
    expect(stale.response.rawPayload.length).toBe(10);
    const fresh = await get('previews/demo.mp3', { range: 'bytes=0-1', 'if-range': etag });
    expect(fresh.status).toBe(206);
  });

  it('answers 412 when If-Match fails', async () => {
    const res = await get('previews/demo.mp3', { 'if-match': '"nope"' });
    expect(res.status).toBe(412);
    expect(res.error).toEqual({ code: 'precondition_failed', message: 'Precondition Failed' });
  });

  it('answers 404 JSON for a missing key and for a private object, never its bytes', async () => {
    for (const key of ['previews/nope.mp3', 'originals/demo.wav']) {
      const res = await get(key);
      expect(res.status, `GET ${key}`).toBe(404);
      expect(res.headers['cache-control'], key).toBeUndefined();
      expect(res.error).toEqual({ code: 'not_found', message: Messages.notFound });
      const headRes = await head(key);
      expect(headRes.statusCode, `HEAD ${key}`).toBe(404);
      expect(headRes.headers['cache-control'], key).toBeUndefined();
    }
  });

  it('refuses unsafe keys with a JSON error, never a private object', async () => {
    // literal: the encoded dots and slashes of these paths are what is tested.
    for (const url of [
      '/media/%2e%2e/private/originals/demo.wav',
      '/media/..%2fprivate%2foriginals%2fdemo.wav',
      '/media/previews/..%2F..%2Fprivate%2Foriginals%2Fdemo.wav',
      '/media/%2fprivate/originals/demo.wav',
      '/media/.hidden',
      '/media/previews/',
      '/media/',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.rawPayload.equals(Buffer.from([9, 9, 9])), url).toBe(false);
      // The router resolves an encoded `..` out of /media/: then it is the SPA's page (or its 503), not media.
      if (!String(res.headers['content-type']).startsWith('application/json')) {
        expect(res.headers['content-type'], url).toMatch(/^text\/(html|plain)/);
        continue;
      }
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      const error = ErrorBody.parse(res.json());
      expect(error, url).toHaveProperty('message');
      // @fastify/static answers 403 to dotfiles and folders; the storage route has one answer.
      if (driver === 's3')
        expect([res.statusCode, error], url).toEqual([404, { code: 'not_found', message: Messages.notFound }]);
    }
  });
});

describe('media from s3 over a real socket', () => {
  let t: TestApp;
  let base: string;
  const big = randomBytes(3 * 1024 * 1024 + 17);
  beforeAll(async () => {
    t = await buildTestApp({}, { storage: s3Storage });
    await t.storage.put('public', 'previews/big.mp3', big);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('streams a large object whole and by range', async () => {
    const whole = await fetch(`${base}${mediaUrl('previews/big.mp3')}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe(String(big.length));
    expect(Buffer.from(await whole.arrayBuffer()).equals(big)).toBe(true);
    const start = 1024 * 1024;
    const part = await fetch(`${base}${mediaUrl('previews/big.mp3')}`, { headers: { range: `bytes=${start}-` } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes ${start}-${big.length - 1}/${big.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(big.subarray(start))).toBe(true);
  });

  it('survives a client that goes away mid-download', async () => {
    const streamSpy = vi.spyOn(s3Storage, 'stream');
    // node:http rather than fetch: destroying the response really closes the socket.
    const firstChunk = await new Promise<number>((resolve, reject) => {
      const req = http.get(`${base}${mediaUrl('previews/big.mp3')}`, (res) => {
        res.once('data', (chunk: Buffer) => {
          res.destroy();
          resolve(chunk.length);
        });
      });
      req.on('error', reject);
    });
    expect(firstChunk).toBeGreaterThan(0);
    // The read from the bucket is abandoned too (its connection is not left open).
    const source = (await streamSpy.mock.results[0]!.value) as Readable;
    streamSpy.mockRestore();
    await vi.waitFor(() => expect(source.destroyed).toBe(true));
    const again = await fetch(`${base}${mediaUrl('previews/big.mp3')}`, { headers: { range: 'bytes=0-3' } });
    expect(again.status).toBe(206);
    expect(Buffer.from(await again.arrayBuffer()).equals(big.subarray(0, 4))).toBe(true);
  });
});
