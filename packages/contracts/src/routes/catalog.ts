import {
  AlbumDetailResponse,
  AlbumListResponse,
  ArtistDetailResponse,
  ArtistListQuery,
  ArtistListResponse,
  CatalogStatsResponse,
  FilterQuery,
  FilterResponse,
  IdParam,
  SuggestQuery,
  SuggestResponse,
  TrackListQuery,
  TrackListResponse,
  TrackSearchBody,
  TrackSearchResponse,
} from '../catalog.js';
import { TUNING_CONTENT_TYPE, TuningParams } from '../tuning.js';
import { defineRoute, raw } from './define.js';

const tags = ['catalog'];

export const catalogRoutes = {
  music: defineRoute({
    method: 'GET',
    path: '/api/music',
    tags,
    access: 'public',
    summary: 'Music tracks, filtered and paged',
    query: TrackListQuery,
    responses: { 200: TrackListResponse },
  }),
  loops: defineRoute({
    method: 'GET',
    path: '/api/loop',
    tags,
    access: 'public',
    summary: 'Loops, filtered and paged',
    query: TrackListQuery,
    responses: { 200: TrackListResponse },
  }),
  search: defineRoute({
    method: 'POST',
    path: '/api/music/filter',
    tags,
    access: 'public',
    summary: 'Keyword search of music or loops, paged',
    body: TrackSearchBody,
    responses: { 200: TrackSearchResponse },
  }),
  filter: defineRoute({
    method: 'POST',
    path: '/api/filter',
    tags,
    access: 'public',
    summary: 'Filter music and loops; the filter options with counts',
    query: FilterQuery,
    responses: { 200: FilterResponse },
  }),
  suggest: defineRoute({
    method: 'GET',
    path: '/api/search/suggest',
    tags,
    access: 'public',
    summary: 'Search-as-you-type: maqamat, instruments, artists and titles starting with what is typed (≤ 8)',
    query: SuggestQuery,
    responses: { 200: SuggestResponse },
  }),
  artists: defineRoute({
    method: 'GET',
    path: '/api/artists',
    tags,
    access: 'public',
    summary: 'Artists, paged',
    query: ArtistListQuery,
    responses: { 200: ArtistListResponse },
  }),
  artist: defineRoute({
    method: 'GET',
    path: '/api/artist/:id',
    tags,
    access: 'public',
    summary: 'An artist with albums and tracks',
    params: IdParam,
    responses: { 200: ArtistDetailResponse },
  }),
  stats: defineRoute({
    method: 'GET',
    path: '/api/catalog/stats',
    tags,
    access: 'public',
    summary: 'How many published music tracks and loops the catalog holds',
    responses: { 200: CatalogStatsResponse },
  }),
  albums: defineRoute({
    method: 'GET',
    path: '/api/albums',
    tags,
    access: 'public',
    summary: 'All albums, newest first',
    responses: { 200: AlbumListResponse },
  }),
  album: defineRoute({
    method: 'GET',
    path: '/api/album/:id',
    tags,
    access: 'public',
    summary: 'An album with related albums and tracks',
    params: IdParam,
    responses: { 200: AlbumDetailResponse },
  }),
};

/** Free tuning files of the catalog's maqam-based items (issue 18; docs/api.md "Tuning files"). */
export const tuningRoutes = {
  file: defineRoute({
    method: 'GET',
    path: '/api/tuning/:kind/:file',
    tags,
    access: 'public',
    summary:
      "A track's or loop's maqam as a Scala tuning file: `{id}.scl` (scale in cents) or `{id}.kbm` (keyboard mapping on its tonic)",
    description:
      'Plain text, free for anyone. 404 when the item does not exist, is not published or has no maqam and tonic.',
    params: TuningParams,
    responses: { 200: raw(TUNING_CONTENT_TYPE, 'The Scala scale (.scl) or keyboard mapping (.kbm)') },
  }),
};
