import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api } from '@tarab/contracts';
import { routeRateLimit } from '../../lib/rate-limit.js';
import { route } from '../../lib/route.js';
import * as quotes from './quotes.service.js';

/** Enterprise quote requests: anyone may ask (logged in or not), a few times an hour per address. */
export function quoteRoutes(ctx: quotes.QuotesContext, perHour: number): FastifyPluginAsyncZod {
  return async (app) => {
    route(
      app,
      Api.quotes.request,
      { config: routeRateLimit(perHour, 3600, { byIp: true }) },
      async (request, reply) => {
        const answer = await quotes.requestQuote(ctx, request.body, request.user?.id ?? null);
        reply.code(201);
        return answer;
      },
    );
  };
}
