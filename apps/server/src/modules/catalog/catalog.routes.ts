import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api } from '@tarab/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import type { CatalogEvents } from '../../lib/catalog-events.js';
import * as catalog from './catalog.service.js';
import { getTrackDetail } from './track-detail.service.js';
import { route } from '../../lib/route.js';

const viewerOf = (request: FastifyRequest): catalog.Viewer => ({ loggedIn: request.user !== null });

/**
 * Micro-cache of catalog answers: the same list for the same query (and the same viewer class,
 * anonymous or logged in, since only that changes the answer) is computed at most once per
 * 10 seconds. Catalog data changes rarely; popular pages and searches repeat (decision 011).
 */
const CATALOG_CACHE_MS = 10_000;

export function catalogRoutes(database: Database, events?: CatalogEvents): FastifyPluginAsyncZod {
  const db = database.db;
  const facetCache = createTtlCache<catalog.FacetCounts>(30_000, 500);
  const answers = createTtlCache<Promise<unknown>>(CATALOG_CACHE_MS, 2_000);
  // A track published, edited or withdrawn here shows at once (other instances: within the TTL).
  events?.onChange(() => {
    answers.clear();
    facetCache.clear();
  });
  /**
   * Shares one computation between identical concurrent and recent requests; failures are not kept.
   * What is kept is the answer already serialized by the route's response schema (validated once),
   * so a repeated request costs a map lookup and a write, not a validation and a JSON.stringify of
   * ten tracks (issue #16: the cached answer's per-request overhead).
   */
  const memo = async <T>(request: FastifyRequest, reply: FastifyReply, compute: () => Promise<T>) => {
    const key = `${request.user ? 'user' : 'anon'} ${request.method} ${request.url} ${JSON.stringify(request.body ?? null)}`;
    let json = answers.get(key) as Promise<unknown> | undefined;
    if (!json) {
      // Kept as bytes: each repeat is written to the socket as it is, with no string to encode.
      const pending = compute().then((answer): unknown => {
        const serialized = reply.serialize(answer);
        return typeof serialized === 'string' ? Buffer.from(serialized) : serialized;
      });
      answers.set(key, pending);
      pending.catch(() => answers.delete(key));
      json = pending;
    }
    // Bytes with a JSON content type are sent as they are (no second serialization).
    return reply.type('application/json; charset=utf-8').send(await json);
  };
  return async (app) => {
    route(app, Api.catalog.music, async (request, reply) =>
      memo(request, reply, async () => ({
        data: await catalog.listTracks(db, 'music', request.query, viewerOf(request)),
      })),
    );
    route(app, Api.catalog.track, async (request, reply) =>
      memo(request, reply, async () => ({ data: await getTrackDetail(db, request.params.id, viewerOf(request)) })),
    );
    route(app, Api.catalog.loops, async (request, reply) =>
      memo(request, reply, async () => ({
        data: await catalog.listTracks(db, 'loop', request.query, viewerOf(request)),
      })),
    );
    route(app, Api.catalog.search, async (request, reply) =>
      memo(request, reply, () => catalog.searchTracks(db, request.body, viewerOf(request))),
    );
    route(app, Api.catalog.filter, async (request, reply) =>
      memo(request, reply, () => catalog.filterCatalog(db, request.query, viewerOf(request), facetCache)),
    );
    route(app, Api.catalog.suggest, async (request, reply) =>
      memo(request, reply, async () => ({ data: await catalog.suggest(db, request.query) })),
    );
    route(app, Api.catalog.artists, async (request, reply) =>
      memo(request, reply, async () => ({
        data: { data: await catalog.listArtists(db, request.query.page, request.query.per_page) },
      })),
    );
    route(app, Api.catalog.artist, async (request, reply) =>
      memo(request, reply, async () => ({ data: await catalog.getArtist(db, request.params.id, viewerOf(request)) })),
    );
    route(app, Api.catalog.stats, async (request, reply) =>
      memo(request, reply, async () => ({ data: await catalog.getCatalogStats(db) })),
    );
    route(app, Api.catalog.category, async (request, reply) =>
      memo(request, reply, async () => ({ data: await catalog.getCategory(db, request.params.id) })),
    );
    route(app, Api.catalog.albums, async (request, reply) =>
      memo(request, reply, async () => ({ data: await catalog.listAlbums(db) })),
    );
    route(app, Api.catalog.album, async (request, reply) =>
      memo(request, reply, async () => ({ data: await catalog.getAlbum(db, request.params.id, viewerOf(request)) })),
    );
  };
}
