import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import {
  CommerceMessages,
  DeliveryFormatQuery,
  DownloadBody,
  DownloadLinkResponse,
  DownloadListResponse,
  DownloadResponse,
  IdParam,
  PrepareDownloadResponse,
} from '@tarab/contracts';
import type { Readable } from 'node:stream';
import { AppError } from '../../lib/errors.js';
import type { ConcurrencyLimit } from '../../lib/concurrency-limit.js';
import { currentUser, requireUser } from '../../plugins/auth.js';
import * as downloads from './downloads.service.js';
import { sessionSecurity } from '../../lib/openapi-security.js';
import { routeRateLimit } from '../../lib/rate-limit.js';

export interface DownloadRoutesContext extends downloads.DownloadContext {
  /** Downloads (zip streams and preparations) one user may have in progress at once. */
  perUser: ConcurrencyLimit;
}

/** Seconds a user at the concurrent-download limit is asked to wait. */
const BUSY_RETRY_S = 5;

/** Holds one of the user's download slots for as long as `work` and the response it sends last. */
async function withSlot<T>(ctx: DownloadRoutesContext, userId: number, reply: FastifyReply, work: () => Promise<T>) {
  const release = await ctx.perUser.tryAcquire(userId);
  if (!release) {
    throw new AppError(429, CommerceMessages.tooManyDownloads, undefined, { 'Retry-After': String(BUSY_RETRY_S) });
  }
  reply.raw.once('close', release);
  reply.raw.once('finish', release);
  try {
    return await work();
  } catch (error) {
    release();
    throw error;
  }
}

function sendZip(
  reply: FastifyReply,
  zip: { filename: string; stream: Readable; size: number | null; abort: () => void },
) {
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) zip.abort();
  });
  reply
    .type('application/zip')
    .header('Content-Disposition', `attachment; filename="${zip.filename}"`)
    .header('Cache-Control', 'private, no-store');
  if (zip.size !== null) reply.header('Content-Length', String(zip.size));
  return reply.send(zip.stream);
}

const tags = ['downloads'];
const ListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
});
const TokenParam = z.object({ token: z.string().min(1).max(400) });

export function downloadRoutes(ctx: DownloadRoutesContext, perMinute: number): FastifyPluginAsyncZod {
  // Link creation, zips and file downloads read storage and sign tokens: limited per user (per IP for token links).
  const limit = routeRateLimit(perMinute, 60);
  return async (app) => {
    app.post(
      '/api/user/download-from-subscription',
      {
        config: limit,
        preHandler: requireUser,
        schema: {
          tags,
          security: sessionSecurity,
          summary: 'Download a music track with a subscription',
          body: DownloadBody,
          response: { 200: DownloadResponse },
        },
      },
      async (request) =>
        downloads.downloadFromSubscription(
          ctx,
          currentUser(request),
          (request.body.music_id ?? request.body.loop_id)!,
          'music',
        ),
    );
    app.post(
      '/api/user/download-loop-from-subscription',
      {
        config: limit,
        preHandler: requireUser,
        schema: {
          tags,
          security: sessionSecurity,
          summary: 'Download a loop with a subscription',
          body: DownloadBody,
          response: { 200: DownloadResponse },
        },
      },
      async (request) =>
        downloads.downloadFromSubscription(
          ctx,
          currentUser(request),
          (request.body.loop_id ?? request.body.music_id)!,
          'loop',
        ),
    );
    app.get(
      '/api/user/downloads',
      {
        preHandler: requireUser,
        schema: {
          tags,
          security: sessionSecurity,
          summary: "The user's licensed downloads",
          querystring: ListQuery,
          response: { 200: DownloadListResponse },
        },
      },
      async (request) => ({
        data: {
          data: await downloads.listDownloads(ctx, currentUser(request), request.query.page, request.query.per_page),
        },
      }),
    );
    app.post(
      '/api/user/downloads/:id/link',
      {
        config: limit,
        preHandler: requireUser,
        schema: {
          tags,
          security: sessionSecurity,
          summary: 'A short-lived signed download link',
          params: IdParam,
          response: { 200: DownloadLinkResponse },
        },
      },
      async (request) => ({
        data: await downloads.createDownloadLink(ctx, currentUser(request).id, request.params.id),
      }),
    );
    app.post(
      '/api/user/downloads/:id/prepare',
      {
        config: limit,
        preHandler: requireUser,
        schema: {
          tags,
          security: sessionSecurity,
          summary: 'Make a licensed track ready to download in a format (waits a few seconds at most)',
          description:
            'Answers ready: true with the zip URL once the file exists, or ready: false with retry_after (seconds) while it is being made. 403 without a license.',
          params: IdParam,
          querystring: DeliveryFormatQuery,
          response: { 200: PrepareDownloadResponse },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const data = await withSlot(ctx, user.id, reply, () =>
          downloads.prepareDownload(ctx, user.id, request.params.id, request.query.format),
        );
        if (!data.ready) reply.header('Retry-After', String(data.retry_after));
        return { data, ...(data.ready ? {} : { message: CommerceMessages.downloadPreparing }) };
      },
    );
    app.get(
      '/api/user/downloads/:id/zip',
      {
        config: limit,
        preHandler: requireUser,
        schema: {
          tags,
          security: sessionSecurity,
          summary: 'The zip of a licensed track (mp3 or wav + license.txt)',
          description:
            '429 with Retry-After while the file in that format is being made (the first download of a track) or when the user has too many downloads in progress.',
          params: IdParam,
          querystring: DeliveryFormatQuery,
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const zip = await withSlot(ctx, user.id, reply, () =>
          downloads.buildZip(ctx, user.id, request.params.id, request.query.format),
        );
        return sendZip(reply, zip);
      },
    );
    app.get(
      '/api/downloads/:token',
      {
        config: limit,
        schema: {
          tags,
          summary: 'The zip behind a signed download link',
          params: TokenParam,
          querystring: DeliveryFormatQuery,
        },
      },
      async (request, reply) => {
        const claims = downloads.userOfLink(ctx, request.params.token, request.user);
        const zip = await withSlot(ctx, claims.userId, reply, () =>
          downloads.buildZip(ctx, claims.userId, claims.trackId, request.query.format),
        );
        return sendZip(reply, zip);
      },
    );
  };
}
