import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ArtistOrdersResponse, IdParam } from '@tarab/contracts';
import type { DbOrTx } from '../../db/client.js';
import { currentUser, requireRole, requireUser } from '../../plugins/auth.js';
import * as analytics from './analytics.service.js';
import { sessionSecurity } from '../../lib/openapi-security.js';

const tags = ['artist sales'];

export function analyticsRoutes(db: DbOrTx): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/artist-orders',
      {
        preHandler: requireRole('artist'),
        schema: {
          tags,
          security: sessionSecurity,
          summary: "Paid orders of the artist's own tracks, with totals",
          response: { 200: ArtistOrdersResponse },
        },
      },
      async (request) => ({ data: await analytics.artistOrders(db, currentUser(request).id) }),
    );
    app.get(
      '/api/orders/:id/receipt',
      {
        preHandler: requireUser,
        schema: { tags, security: sessionSecurity, summary: 'Receipt of an order (buyer or artist)', params: IdParam },
      },
      async (request, reply) =>
        reply
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'private, no-store')
          .send(await analytics.receiptHtml(db, request.params.id, currentUser(request).id)),
    );
  };
}
