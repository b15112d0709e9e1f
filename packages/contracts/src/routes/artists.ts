import { ArtistProfilePatch, ArtistProfileResponse } from '../artist-profile.js';
import { IdParam } from '../catalog.js';
import { ArtistOrdersResponse, ReceiptQuery } from '../commerce.js';
import {
  ArtistCatalogResponse,
  ArtistTrackResponse,
  TrackMetadataPatch,
  UploadListResponse,
  UploadResponse,
} from '../ingest.js';
import { ArtistStatementsResponse } from '../statements.js';
import { defineRoute, raw } from './define.js';

const tags = ['artist uploads'];

/** Artists upload, edit and publish their own tracks. */
export const ingestRoutes = {
  upload: defineRoute({
    method: 'POST',
    path: '/api/artist/tracks',
    tags,
    access: 'artist',
    errors: [413, 415, 422, 429],
    summary: 'Upload a track or loop (multipart: `file` and `metadata` JSON); processed in the background',
    consumes: ['multipart/form-data'],
    responses: { 202: UploadResponse },
  }),
  tracks: defineRoute({
    method: 'GET',
    path: '/api/artist/tracks',
    tags,
    access: 'artist',
    summary: "The artist's own tracks (published and not), albums and upload limits",
    responses: { 200: ArtistCatalogResponse },
  }),
  uploads: defineRoute({
    method: 'GET',
    path: '/api/artist/uploads',
    tags,
    access: 'artist',
    summary: "The artist's uploads, newest first",
    responses: { 200: UploadListResponse },
  }),
  uploadStatus: defineRoute({
    method: 'GET',
    path: '/api/artist/uploads/:id',
    tags,
    access: 'artist',
    summary: 'One upload: processing state, analysis, and the track once processed',
    params: IdParam,
    responses: { 200: UploadResponse },
  }),
  editTrack: defineRoute({
    method: 'PATCH',
    path: '/api/artist/tracks/:id',
    tags,
    access: 'artist',
    errors: [409],
    summary: "Edit an own track's metadata",
    params: IdParam,
    body: TrackMetadataPatch,
    responses: { 200: ArtistTrackResponse },
  }),
  publish: defineRoute({
    method: 'POST',
    path: '/api/artist/tracks/:id/publish',
    tags,
    access: 'artist',
    errors: [409],
    summary: 'Publish an own track to the store (MODERATION=on: send it to the review queue)',
    params: IdParam,
    responses: { 200: ArtistTrackResponse },
  }),
  unpublish: defineRoute({
    method: 'POST',
    path: '/api/artist/tracks/:id/unpublish',
    tags,
    access: 'artist',
    summary: 'Withdraw an own track from the store (or its publish request from the review queue)',
    params: IdParam,
    responses: { 200: ArtistTrackResponse },
  }),
  profile: defineRoute({
    method: 'GET',
    path: '/api/artist/profile',
    tags,
    access: 'artist',
    summary: "The artist's own public profile: name and bio, and their Arabic forms (decision 061)",
    responses: { 200: ArtistProfileResponse },
  }),
  editProfile: defineRoute({
    method: 'PATCH',
    path: '/api/artist/profile',
    tags,
    access: 'artist',
    summary: "Edit the artist's own name and bio, and their Arabic forms (empty Arabic text clears it)",
    body: ArtistProfilePatch,
    responses: { 200: ArtistProfileResponse },
  }),
};

const salesTags = ['artist sales'];

export const analyticsRoutes = {
  artistOrders: defineRoute({
    method: 'GET',
    path: '/api/artist-orders',
    tags: salesTags,
    access: 'artist',
    summary: "Paid orders of the artist's own tracks, with totals",
    responses: { 200: ArtistOrdersResponse },
  }),
  receipt: defineRoute({
    method: 'GET',
    path: '/api/orders/:id/receipt',
    tags: salesTags,
    access: 'user',
    summary: 'Receipt of an order (buyer or artist)',
    description:
      "The artist of the track sees the order, the licence and the buyer's name (their email only when shared at checkout), never payment references. `lang=ar`: in Arabic.",
    params: IdParam,
    query: ReceiptQuery,
    responses: { 200: raw('text/html; charset=utf-8', 'The printable receipt') },
  }),
};

/**
 * The signed-in artist's own monthly statements (issue 22 part 7): the artist is the session's, so
 * there is no artist id to pass. Operators read every artist's under `Api.admin.statements`.
 */
export const statementRoutes = {
  mine: defineRoute({
    method: 'GET',
    path: '/api/artist/statements',
    tags: ['artist sales'],
    access: 'artist',
    summary: "The artist's own monthly statements (sales, refunds, subscription downloads, earnings)",
    responses: { 200: ArtistStatementsResponse },
  }),
  mineCsv: defineRoute({
    method: 'GET',
    path: '/api/artist/statements.csv',
    tags: ['artist sales'],
    access: 'artist',
    summary: "The artist's own monthly statements as CSV",
    responses: { 200: raw('text/csv; charset=utf-8', 'One row per month: sales, refunds, downloads and earnings') },
  }),
};
