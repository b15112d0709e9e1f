import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LicenseKeyParam, LicenseVerificationResponse } from '@tarab/contracts';
import { sessionSecurity } from '../../lib/openapi-security.js';
import { routeRateLimit } from '../../lib/rate-limit.js';
import { currentUser, requireUser } from '../../plugins/auth.js';
import * as licenses from './licenses.service.js';

const tags = ['licenses'];
const TrackIdParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export function licenseRoutes(ctx: licenses.LicensesContext, verifyPerMinute: number): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/licenses/:key/verify',
      {
        // Public, so limited per address: keys cannot be guessed by trying (80 random bits anyway).
        config: routeRateLimit(verifyPerMinute, 60, { byIp: true }),
        schema: {
          tags,
          summary: 'Verify a licence key: valid or revoked, track, artist, date, the licensee masked',
          params: LicenseKeyParam,
          response: { 200: LicenseVerificationResponse },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return { data: await licenses.verifyLicense(ctx, request.params.key) };
      },
    );
    app.get(
      '/api/user/downloads/:id/certificate',
      {
        preHandler: requireUser,
        schema: {
          tags,
          security: sessionSecurity,
          summary: "The licence certificate (PDF) of the user's licence for a track",
          params: TrackIdParam,
        },
      },
      async (request, reply) => {
        const { filename, pdf } = await licenses.certificateOf(ctx, currentUser(request).id, request.params.id);
        return reply
          .type('application/pdf')
          .header('Content-Disposition', `attachment; filename="${filename}"`)
          .header('Cache-Control', 'private, no-store')
          .send(Buffer.from(pdf));
      },
    );
  };
}
