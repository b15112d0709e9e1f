import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Storage } from '../storage/storage.js';
import { MEDIA_HEADERS, registerMediaFromStorage } from './media-from-storage.js';

/**
 * Public media (previews, peaks JSON, images) under /media/. Keys carry a content hash, so
 * answers are cacheable for a year. Private objects (full-quality originals) are never served.
 * A driver with a public folder (local) is served by @fastify/static (Range 206/416, ETag,
 * Last-Modified); any other driver (s3) through the Storage interface with the same answers.
 */
export async function registerMedia(app: FastifyInstance, storage: Storage): Promise<void> {
  const root = storage.publicRoot();
  if (root === null) {
    registerMediaFromStorage(app, storage);
    return;
  }
  await app.register(fastifyStatic, {
    root,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    acceptRanges: true,
    etag: true,
    lastModified: true,
    cacheControl: false,
    setHeaders: (res) => {
      res.setHeader('Cache-Control', MEDIA_HEADERS['Cache-Control']);
      res.setHeader('Access-Control-Allow-Origin', MEDIA_HEADERS['Access-Control-Allow-Origin']);
    },
  });
}
