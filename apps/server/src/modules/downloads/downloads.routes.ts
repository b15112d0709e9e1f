import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DownloadBody, DownloadLinkResponse, DownloadListResponse, DownloadResponse, IdParam } from '@tarab/contracts';
import { currentUser, requireUser } from '../../plugins/auth.js';
import * as downloads from './downloads.service.js';
import { sessionSecurity } from '../../lib/openapi-security.js';

const tags = ['downloads'];
const ListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
});
const TokenParam = z.object({ token: z.string().min(1).max(400) });

export function downloadRoutes(ctx: downloads.DownloadContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/user/download-from-subscription',
      {
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
    app.get(
      '/api/user/downloads/:id/zip',
      {
        preHandler: requireUser,
        schema: {
          tags,
          security: sessionSecurity,
          summary: 'The zip of a licensed track (mp3 + license.txt)',
          params: IdParam,
        },
      },
      async (request, reply) => {
        const { filename, stream } = await downloads.buildZip(ctx, currentUser(request).id, request.params.id);
        return reply
          .type('application/zip')
          .header('Content-Disposition', `attachment; filename="${filename}"`)
          .header('Cache-Control', 'private, no-store')
          .send(stream);
      },
    );
    app.get(
      '/api/downloads/:token',
      { schema: { tags, summary: 'The zip behind a signed download link', params: TokenParam } },
      async (request, reply) => {
        const claims = downloads.userOfLink(ctx, request.params.token, request.user);
        const { filename, stream } = await downloads.buildZip(ctx, claims.userId, claims.trackId);
        return reply
          .type('application/zip')
          .header('Content-Disposition', `attachment; filename="${filename}"`)
          .header('Cache-Control', 'private, no-store')
          .send(stream);
      },
    );
  };
}
