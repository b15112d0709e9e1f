import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api } from '@tarab/contracts';
import type { DbOrTx } from '../../db/client.js';
import { route } from '../../lib/route.js';
import { currentUser } from '../../plugins/auth.js';
import * as statements from './statements.service.js';

/**
 * The signed-in artist's own monthly statements (issue 22 part 7). The artist is the session's: there
 * is no artist id to pass, so no way to ask for another artist's figures. Operators read every
 * artist's under /api/admin/statements.
 */
export function statementRoutes(db: DbOrTx): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });
    route(app, Api.statements.mine, async (request) => statements.artistStatements(db, currentUser(request).id));
    route(app, Api.statements.mineCsv, async (request, reply) => {
      const { data } = await statements.artistStatements(db, currentUser(request).id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="tarab-statements.csv"')
        .send(statements.toCsv(data));
    });
  };
}
