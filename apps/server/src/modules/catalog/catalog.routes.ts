import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AlbumDetailResponse,
  AlbumListResponse,
  ArtistDetailResponse,
  ArtistListQuery,
  ArtistListResponse,
  FilterQuery,
  FilterResponse,
  IdParam,
  TrackListQuery,
  TrackListResponse,
  TrackSearchBody,
  TrackSearchResponse,
} from '@tarab/contracts';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import type { CatalogEvents } from '../../lib/catalog-events.js';
import * as catalog from './catalog.service.js';

const viewerOf = (request: FastifyRequest): catalog.Viewer => ({ loggedIn: request.user !== null });
const tags = ['catalog'];

/**
 * Micro-cache of catalog answers: the same list for the same query (and the same viewer class,
 * anonymous or logged in, since only that changes the answer) is computed at most once per
 * 10 seconds. Catalog data changes rarely; popular pages and searches repeat (decision 011).
 */
export const CATALOG_CACHE_MS = 10_000;

export function catalogRoutes(database: Database, events?: CatalogEvents): FastifyPluginAsyncZod {
  const db = database.db;
  const facetCache = createTtlCache<catalog.FacetCounts>(30_000, 500);
  const answers = createTtlCache<Promise<unknown>>(CATALOG_CACHE_MS, 2_000);
  // A track published, edited or withdrawn here shows at once (other instances: within the TTL).
  events?.onChange(() => {
    answers.clear();
    facetCache.clear();
  });
  /** Shares one computation between identical concurrent and recent requests; failures are not kept. */
  const memo = <T>(request: FastifyRequest, compute: () => Promise<T>): Promise<T> => {
    const key = `${request.user ? 'user' : 'anon'} ${request.method} ${request.url} ${JSON.stringify(request.body ?? null)}`;
    const hit = answers.get(key) as Promise<T> | undefined;
    if (hit) return hit;
    const pending = compute();
    answers.set(key, pending);
    pending.catch(() => answers.delete(key));
    return pending;
  };
  return async (app) => {
    app.get(
      '/api/music',
      {
        schema: {
          tags,
          summary: 'Music tracks, filtered and paged',
          querystring: TrackListQuery,
          response: { 200: TrackListResponse },
        },
      },
      async (request) =>
        memo(request, async () => ({ data: await catalog.listTracks(db, 'music', request.query, viewerOf(request)) })),
    );
    app.get(
      '/api/loop',
      {
        schema: {
          tags,
          summary: 'Loops, filtered and paged',
          querystring: TrackListQuery,
          response: { 200: TrackListResponse },
        },
      },
      async (request) =>
        memo(request, async () => ({ data: await catalog.listTracks(db, 'loop', request.query, viewerOf(request)) })),
    );
    app.post(
      '/api/music/filter',
      {
        schema: {
          tags,
          summary: 'Keyword search of music or loops, paged',
          body: TrackSearchBody,
          response: { 200: TrackSearchResponse },
        },
      },
      async (request) => memo(request, () => catalog.searchTracks(db, request.body, viewerOf(request))),
    );
    app.post(
      '/api/filter',
      {
        schema: {
          tags,
          summary: 'Filter music and loops; the filter options with counts',
          querystring: FilterQuery,
          response: { 200: FilterResponse },
        },
      },
      async (request) => memo(request, () => catalog.filterCatalog(db, request.query, viewerOf(request), facetCache)),
    );
    app.get(
      '/api/artists',
      {
        schema: {
          tags,
          summary: 'Artists, paged',
          querystring: ArtistListQuery,
          response: { 200: ArtistListResponse },
        },
      },
      async (request) =>
        memo(request, async () => ({
          data: { data: await catalog.listArtists(db, request.query.page, request.query.per_page) },
        })),
    );
    app.get(
      '/api/artist/:id',
      {
        schema: {
          tags,
          summary: 'An artist with albums and tracks',
          params: IdParam,
          response: { 200: ArtistDetailResponse },
        },
      },
      async (request) =>
        memo(request, async () => ({ data: await catalog.getArtist(db, request.params.id, viewerOf(request)) })),
    );
    app.get(
      '/api/albums',
      { schema: { tags, summary: 'All albums, newest first', response: { 200: AlbumListResponse } } },
      async (request) => memo(request, async () => ({ data: await catalog.listAlbums(db) })),
    );
    app.get(
      '/api/album/:id',
      {
        schema: {
          tags,
          summary: 'An album with related albums and tracks',
          params: IdParam,
          response: { 200: AlbumDetailResponse },
        },
      },
      async (request) =>
        memo(request, async () => ({ data: await catalog.getAlbum(db, request.params.id, viewerOf(request)) })),
    );
  };
}
