import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminMessages, Api } from '@tarab/contracts';
import { route } from '../../lib/route.js';
import { currentUser } from '../../plugins/auth.js';
import * as admin from './admin.service.js';
import * as statements from '../statements/statements.service.js';

/**
 * The operator console's API (issue 22), every route under /api/admin with `access: 'admin'` in the
 * route table: anonymous callers get 401 and every role but `admin` 403 on `onRequest`, before the
 * body is even read, so nothing of the console (not even its validation messages) answers anyone else.
 */
export function adminRoutes(ctx: admin.AdminContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Operator pages are never cached by a shared cache or the browser.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });

    route(app, Api.admin.users, async (request) => admin.listUsers(ctx, request.query));
    route(app, Api.admin.artists, async (request) => ({ data: await admin.searchArtists(ctx, request.query.q) }));
    route(app, Api.admin.disableUser, async (request) => ({
      message: AdminMessages.userDisabled,
      data: await admin.disableUser(ctx, currentUser(request), request.params.id),
    }));
    route(app, Api.admin.enableUser, async (request) => ({
      message: AdminMessages.userEnabled,
      data: await admin.enableUser(ctx, currentUser(request), request.params.id),
    }));
    route(app, Api.admin.role, async (request) => ({
      message: AdminMessages.roleChanged,
      data: await admin.changeRole(ctx, currentUser(request), request.params.id, request.body),
    }));
    route(app, Api.admin.linkArtist, async (request) => ({
      message: AdminMessages.artistLinked,
      data: await admin.linkArtist(ctx, currentUser(request), request.params.id, request.body.artist_id),
    }));
    route(app, Api.admin.orders, async (request) => admin.listOrders(ctx, request.query));
    route(app, Api.admin.refund, async (request) =>
      admin.refundOrderAsAdmin(ctx, currentUser(request), request.params.id),
    );
    route(app, Api.admin.tracks, async (request) => admin.listTracks(ctx, request.query));
    route(app, Api.admin.takedown, async (request) => ({
      message: AdminMessages.takenDown,
      data: await admin.takeDown(ctx, currentUser(request), request.params.id, request.body),
    }));
    route(app, Api.admin.restore, async (request) => ({
      message: AdminMessages.restored,
      data: await admin.liftTakedown(ctx, currentUser(request), request.params.id),
    }));
    route(app, Api.admin.reviewQueue, async () => ({ data: await admin.reviewQueue(ctx) }));
    route(app, Api.admin.approve, async (request) => admin.approveTrack(ctx, currentUser(request), request.params.id));
    route(app, Api.admin.reject, async (request) =>
      admin.rejectTrack(ctx, currentUser(request), request.params.id, request.body),
    );
    route(app, Api.admin.statements, async (request) => statements.monthStatements(ctx.db, request.query.month));
    route(app, Api.admin.statementsCsv, async (request, reply) => {
      const { month, data } = await statements.monthStatements(ctx.db, request.query.month);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="tarab-statements-${month}.csv"`)
        .send(statements.toCsv(data));
    });
    route(app, Api.admin.quotes, async () => ({ data: await admin.listQuotes(ctx) }));
    route(app, Api.admin.audit, async (request) => admin.listAudit(ctx, request.query.before));
  };
}
