import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Api, CommerceMessages } from '@tarab/contracts';
import type { Readable } from 'node:stream';
import { AppError, unauthenticated } from '../../lib/errors.js';
import type { ConcurrencyLimit } from '../../lib/concurrency-limit.js';
import { currentUser } from '../../plugins/auth.js';
import * as downloads from './downloads.service.js';
import { licensesAt, type LicensesSetup } from '../licenses/licenses.service.js';
import { route } from '../../lib/route.js';
import { routeRateLimit } from '../../lib/rate-limit.js';

export interface DownloadRoutesContext extends Omit<downloads.DownloadContext, 'licenses'> {
  /** Downloads (zip streams and preparations) one user may have in progress at once. */
  perUser: ConcurrencyLimit;
  /** The licences' set-up: each request's certificates link to PUBLIC_URL, else to its own origin. */
  licenses: LicensesSetup;
}

/** The session token of a logged-in request: download links are bound to it. */
function sessionOf(request: FastifyRequest): string {
  if (!request.sessionToken) throw unauthenticated();
  return request.sessionToken;
}

/** Seconds a user at the concurrent-download limit is asked to wait. */
const BUSY_RETRY_S = 5;

/** Holds one of the user's download slots for as long as `work` and the response it sends last. */
async function withSlot<T>(ctx: DownloadRoutesContext, userId: number, reply: FastifyReply, work: () => Promise<T>) {
  const release = await ctx.perUser.tryAcquire(userId);
  if (!release) {
    throw new AppError(429, 'too_many_downloads', undefined, { headers: { 'Retry-After': String(BUSY_RETRY_S) } });
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

export function downloadRoutes(ctx: DownloadRoutesContext, perMinute: number): FastifyPluginAsyncZod {
  // Link creation, zips and file downloads read storage and sign tokens: limited per user (per IP for token links).
  const limit = routeRateLimit(perMinute, 60);
  /** The services' context of one request (the verify links in its files start at its origin). */
  const at = (request: FastifyRequest): downloads.DownloadContext => ({
    ...ctx,
    licenses: licensesAt(ctx.licenses, request),
  });
  return async (app) => {
    route(app, Api.downloads.fromSubscription, { config: limit }, async (request) =>
      downloads.downloadFromSubscription(
        at(request),
        currentUser(request),
        sessionOf(request),
        (request.body.music_id ?? request.body.loop_id)!,
        'music',
      ),
    );
    route(app, Api.downloads.loopFromSubscription, { config: limit }, async (request) =>
      downloads.downloadFromSubscription(
        at(request),
        currentUser(request),
        sessionOf(request),
        (request.body.loop_id ?? request.body.music_id)!,
        'loop',
      ),
    );
    route(app, Api.downloads.list, async (request) => ({
      data: {
        data: await downloads.listDownloads(
          at(request),
          currentUser(request),
          sessionOf(request),
          request.query.page,
          request.query.per_page,
        ),
      },
    }));
    route(app, Api.downloads.link, { config: limit }, async (request) => ({
      data: await downloads.createDownloadLink(
        at(request),
        currentUser(request).id,
        sessionOf(request),
        request.params.id,
      ),
    }));
    route(app, Api.downloads.prepare, { config: limit }, async (request, reply) => {
      const user = currentUser(request);
      const data = await withSlot(ctx, user.id, reply, () =>
        downloads.prepareDownload(at(request), user.id, request.params.id, request.query.format),
      );
      if (!data.ready) reply.header('Retry-After', String(data.retry_after));
      return { data, ...(data.ready ? {} : { message: CommerceMessages.downloadPreparing }) };
    });
    route(app, Api.downloads.zip, { config: limit }, async (request, reply) => {
      const user = currentUser(request);
      const zip = await withSlot(ctx, user.id, reply, () =>
        downloads.buildZip(at(request), user.id, request.params.id, request.query.format),
      );
      return sendZip(reply, zip);
    });
    route(app, Api.downloads.cartZip, { config: limit }, async (request, reply) => {
      const user = currentUser(request);
      const zip = await withSlot(ctx, user.id, reply, () =>
        downloads.buildCartZip(at(request), user.id, request.params.id, request.query.format),
      );
      return sendZip(reply, zip);
    });
    route(app, Api.downloads.byToken, { config: limit }, async (request, reply) => {
      // Only the user the link was made for, in the same session (a disabled or deleted account has none).
      const claims = downloads.userOfLink(
        at(request),
        request.params.token,
        currentUser(request),
        request.sessionToken,
      );
      const zip = await withSlot(ctx, claims.userId, reply, () =>
        downloads.buildZip(at(request), claims.userId, claims.trackId, request.query.format),
      );
      return sendZip(reply, zip);
    });
  };
}
