import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Storage } from '../storage/storage.js';

/**
 * Public media (previews, peaks JSON, images) under /media/. Keys carry a content hash, so
 * answers are cacheable for a year. HTTP Range (206/416), ETag and Last-Modified come from
 * @fastify/static. Private objects (full-quality originals) live outside this root and have no URL.
 */
export async function registerMedia(app: FastifyInstance, storage: Storage): Promise<void> {
  await app.register(fastifyStatic, {
    root: storage.publicRoot(),
    prefix: '/media/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    acceptRanges: true,
    etag: true,
    lastModified: true,
    cacheControl: false,
    setHeaders: (res) => {
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('Access-Control-Allow-Origin', '*');
    },
  });
}
