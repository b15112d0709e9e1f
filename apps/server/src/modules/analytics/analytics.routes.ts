import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api } from '@tarab/contracts';
import type { DbOrTx } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import * as analytics from './analytics.service.js';
import { route } from '../../lib/route.js';

export function analyticsRoutes(db: DbOrTx): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, Api.analytics.artistOrders, async (request) => ({
      data: await analytics.artistOrders(db, currentUser(request).id),
    }));
    route(app, Api.analytics.receipt, async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'private, no-store')
        .send(await analytics.receiptHtml(db, request.params.id, currentUser(request).id, request.query.lang)),
    );
  };
}
