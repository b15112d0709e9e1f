import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api } from '@tarab/contracts';
import { route } from '../../lib/route.js';
import { routeRateLimit } from '../../lib/rate-limit.js';
import { currentUser } from '../../plugins/auth.js';
import * as licenses from './licenses.service.js';

export function licenseRoutes(ctx: licenses.LicensesContext, verifyPerMinute: number): FastifyPluginAsyncZod {
  return async (app) => {
    // Public, so limited per address: keys cannot be guessed by trying (80 random bits anyway).
    route(
      app,
      Api.licenses.verify,
      { config: routeRateLimit(verifyPerMinute, 60, { byIp: true }) },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return { data: await licenses.verifyLicense(ctx, request.params.key) };
      },
    );
    route(app, Api.licenses.certificate, async (request, reply) => {
      const { filename, pdf } = await licenses.certificateOf(ctx, currentUser(request).id, request.params.id);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(pdf));
    });
  };
}
