import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api } from '@tarab/contracts';
import { route } from '../../lib/route.js';
import { routeRateLimit } from '../../lib/rate-limit.js';
import { currentUser } from '../../plugins/auth.js';
import * as licenses from './licenses.service.js';

/**
 * `verifyPerMinute`: public key checks per IP; `certificatesPerMinute`: certificate PDFs per user (each
 * one is rendered: the download budget, `config.rateLimits.perMinute.downloads`).
 */
export function licenseRoutes(
  setup: licenses.LicensesSetup,
  verifyPerMinute: number,
  certificatesPerMinute = 60,
): FastifyPluginAsyncZod {
  return async (app) => {
    // Public, so limited per address: keys cannot be guessed by trying (80 random bits anyway).
    route(
      app,
      Api.licenses.verify,
      { config: routeRateLimit(verifyPerMinute, 60, { byIp: true }) },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return { data: await licenses.verifyLicense(licenses.licensesAt(setup, request), request.params.key) };
      },
    );
    route(
      app,
      Api.licenses.certificate,
      { config: routeRateLimit(certificatesPerMinute, 60) },
      async (request, reply) => {
        const { filename, pdf } = await licenses.certificateOf(
          licenses.licensesAt(setup, request),
          currentUser(request).id,
          request.params.id,
        );
        return reply
          .type('application/pdf')
          .header('Content-Disposition', `attachment; filename="${filename}"`)
          .header('Cache-Control', 'private, no-store')
          .send(Buffer.from(pdf));
      },
    );
  };
}
