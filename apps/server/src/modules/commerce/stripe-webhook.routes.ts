import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api } from '@tarab/contracts';
import { route } from '../../lib/route.js';
import { processStripeEvent, verifyStripeEvent, type StripeWebhookContext } from './stripe-webhook.service.js';

/**
 * `POST /api/stripe/webhook`: Stripe's event deliveries. The signature covers the exact bytes sent,
 * so this plugin (and only this plugin: Fastify encapsulates it) keeps JSON bodies as raw buffers.
 */
export function stripeWebhookRoutes(ctx: StripeWebhookContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    route(app, Api.commerce.stripeWebhook, async (request) => {
      const rawBody = Buffer.isBuffer(request.body) || typeof request.body === 'string' ? request.body : undefined;
      const event = verifyStripeEvent(ctx, rawBody, request.headers['stripe-signature']);
      const { duplicate } = await processStripeEvent(ctx, event);
      request.log.info({ stripeEvent: event.id, type: event.type, duplicate }, 'stripe webhook');
      return duplicate ? { received: true as const, duplicate: true as const } : { received: true as const };
    });
  };
}
