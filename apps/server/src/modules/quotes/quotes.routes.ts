import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { QuoteRequestBody, QuoteRequestResponse } from '@tarab/contracts';
import { routeRateLimit } from '../../lib/rate-limit.js';
import * as quotes from './quotes.service.js';

/** Enterprise quote requests: anyone may ask (logged in or not), a few times an hour per address. */
export function quoteRoutes(ctx: quotes.QuotesContext, perHour: number): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/enterprise/quote',
      {
        config: routeRateLimit(perHour, 3600, { byIp: true }),
        schema: {
          tags: ['enterprise'],
          summary: 'Request an Enterprise quote (stored; the operator is emailed)',
          body: QuoteRequestBody,
          response: { 201: QuoteRequestResponse },
        },
      },
      async (request, reply) => {
        const answer = await quotes.requestQuote(ctx, request.body, request.user?.id ?? null);
        return reply.code(201).send(answer);
      },
    );
  };
}
