import {
  DeliveryFormatQuery,
  DownloadBody,
  DownloadLinkResponse,
  DownloadListQuery,
  DownloadListResponse,
  DownloadResponse,
  DownloadTokenParam,
  PrepareDownloadResponse,
} from '../commerce.js';
import { IdParam } from '../catalog.js';
import { CertificateTrackParam, LicenseKeyParam, LicenseVerificationResponse } from '../licenses.js';
import { defineRoute, raw } from './define.js';

const tags = ['downloads'];
const zip = raw('application/zip', 'The zip of the track (mp3 or wav) and its license.txt');

export const downloadRoutes = {
  fromSubscription: defineRoute({
    method: 'POST',
    path: '/api/user/download-from-subscription',
    tags,
    access: 'user',
    errors: [403, 429],
    summary: 'Download a music track with a subscription',
    body: DownloadBody,
    responses: { 200: DownloadResponse },
  }),
  loopFromSubscription: defineRoute({
    method: 'POST',
    path: '/api/user/download-loop-from-subscription',
    tags,
    access: 'user',
    errors: [403, 429],
    summary: 'Download a loop with a subscription',
    body: DownloadBody,
    responses: { 200: DownloadResponse },
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/user/downloads',
    tags,
    access: 'user',
    summary: "The user's licensed downloads",
    query: DownloadListQuery,
    responses: { 200: DownloadListResponse },
  }),
  link: defineRoute({
    method: 'POST',
    path: '/api/user/downloads/:id/link',
    tags,
    access: 'user',
    errors: [403],
    summary: 'A short-lived signed download link',
    params: IdParam,
    responses: { 200: DownloadLinkResponse },
  }),
  prepare: defineRoute({
    method: 'POST',
    path: '/api/user/downloads/:id/prepare',
    tags,
    access: 'user',
    errors: [403, 429],
    summary: 'Make a licensed track ready to download in a format (waits a few seconds at most)',
    description:
      'Answers ready: true with the zip URL once the file exists, or ready: false with retry_after (seconds) while it is being made. 403 without a license.',
    params: IdParam,
    query: DeliveryFormatQuery,
    responses: { 200: PrepareDownloadResponse },
  }),
  zip: defineRoute({
    method: 'GET',
    path: '/api/user/downloads/:id/zip',
    tags,
    access: 'user',
    errors: [403, 429],
    summary: 'The zip of a licensed track (mp3 or wav + license.txt)',
    description:
      '429 with Retry-After while the file in that format is being made (the first download of a track) or when the user has too many downloads in progress.',
    params: IdParam,
    query: DeliveryFormatQuery,
    responses: { 200: zip },
  }),
  cartZip: defineRoute({
    method: 'GET',
    path: '/api/cart-orders/:id/zip',
    tags,
    access: 'user',
    errors: [403, 429],
    summary:
      "One zip of every track of the user's playlist checkout (a folder per track: audio, license.txt, certificate)",
    description:
      "404 for an order that is not the user's; 403 when none of its licences is valid (refunded); 429 with Retry-After while a file in that format is being made.",
    params: IdParam,
    query: DeliveryFormatQuery,
    responses: { 200: raw('application/zip', 'The zip of every licensed track of the playlist checkout') },
  }),
  byToken: defineRoute({
    method: 'GET',
    path: '/api/downloads/:token',
    tags,
    access: 'user',
    errors: [403, 429],
    summary: 'The zip behind a signed download link, for the session that asked for it',
    description:
      'The link is bound to the user and to the session (cookie or Bearer) that asked for it: 401 without a session, 403 for any other session, user, or an expired or altered link.',
    params: DownloadTokenParam,
    query: DeliveryFormatQuery,
    responses: { 200: zip },
  }),
};

const licenseTags = ['licenses'];

export const licenseRoutes = {
  verify: defineRoute({
    method: 'GET',
    path: '/api/licenses/:key/verify',
    tags: licenseTags,
    access: 'public',
    errors: [429],
    summary: 'Verify a licence key: valid or revoked, track, artist, date, the licensee masked',
    params: LicenseKeyParam,
    responses: { 200: LicenseVerificationResponse },
  }),
  certificate: defineRoute({
    method: 'GET',
    path: '/api/user/downloads/:id/certificate',
    tags: licenseTags,
    access: 'user',
    errors: [403, 429],
    summary: "The licence certificate (PDF) of the user's licence for a track",
    params: CertificateTrackParam,
    responses: { 200: raw('application/pdf', 'The licence certificate') },
  }),
};
