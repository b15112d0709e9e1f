import { Api } from '@tarab/contracts';
import { route, type App } from '../lib/route.js';
import { AppError, notFound } from '../lib/errors.js';
import { contentRange, evaluateConditions, isRangeFresh, parseRange, type Validators } from '../lib/http-range.js';
import { contentTypeFor } from '../storage/content-type.js';
import { isSafeKey, isStorageNotFound, type ByteRange, type Storage } from '../storage/storage.js';

/** Keys carry a content hash: a URL's bytes never change. */
export const MEDIA_HEADERS = {
  'Cache-Control': 'public, max-age=31536000, immutable',
  'Access-Control-Allow-Origin': '*',
  'Accept-Ranges': 'bytes',
} as const;

/**
 * GET/HEAD /media/<key> read through the Storage interface, for drivers whose objects are not files
 * (s3). Same answers as @fastify/static over a folder: Content-Type from the extension,
 * Content-Length, one Range → 206 (several → 200, none satisfiable → 416), ETag/Last-Modified with
 * If-None-Match/If-Modified-Since → 304 and If-Match/If-Unmodified-Since → 412. Only the public half
 * is ever read; an unsafe or unknown key is the app's 404 JSON.
 */
export function registerMediaFromStorage(app: App, storage: Storage): void {
  route(app, Api.site.media, async (request, reply) => {
    const key = (request.params as { '*'?: string })['*'] ?? '';
    if (!isSafeKey(key)) throw notFound();
    const info = await storage.stat('public', key);
    if (!info) throw notFound();

    const validators: Validators = { etag: info.etag, lastModified: new Date(info.mtimeMs).toUTCString() };
    // Headers go on the reply only for 200/206/304: an error answer must not be cached for a year.
    const headers: Record<string, string | number> = {
      ...MEDIA_HEADERS,
      'Last-Modified': validators.lastModified,
      ETag: validators.etag,
    };
    const condition = evaluateConditions(request.headers, validators);
    if (condition === 'precondition-failed') throw new AppError(412, 'precondition_failed');
    if (condition === 'not-modified') return reply.code(304).headers(headers).send();

    let range: ByteRange | undefined;
    if (isRangeFresh(request.headers, validators)) {
      const wanted = parseRange(request.headers.range, info.size);
      if (wanted.kind === 'unsatisfiable') {
        throw new AppError(416, 'range_not_satisfiable', undefined, {
          headers: { 'Content-Range': contentRange(info.size) },
        });
      }
      if (wanted.kind === 'partial') range = { start: wanted.start, end: wanted.end };
    }
    headers['Content-Type'] = contentTypeFor(key);
    headers['Content-Length'] = range ? range.end - range.start + 1 : info.size;
    if (range) headers['Content-Range'] = contentRange(info.size, range);
    const status = range ? 206 : 200;
    if (request.method === 'HEAD') return reply.code(status).headers(headers).send();

    let body;
    try {
      body = await storage.stream('public', key, range);
    } catch (error) {
      // Removed (or replaced by a smaller object) between stat and read.
      if (isStorageNotFound(error)) throw notFound();
      if (error instanceof RangeError) {
        throw new AppError(416, 'range_not_satisfiable', undefined, {
          headers: { 'Content-Range': contentRange(info.size) },
        });
      }
      throw error;
    }
    return reply.code(status).headers(headers).send(body);
  });
}
