import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { processStripeEvent, verifyStripeEvent, type StripeWebhookContext } from './stripe-webhook.service.js';

const tags = ['commerce'];
const WebhookHeaders = z.object({ 'stripe-signature': z.string().max(4000).optional() });
const WebhookResponse = z.object({ received: z.literal(true), duplicate: z.literal(true).optional() });

/**
 * `POST /api/stripe/webhook`: Stripe's event deliveries. The signature covers the exact bytes sent,
 * so this plugin (and only this plugin: Fastify encapsulates it) keeps JSON bodies as raw buffers.
 */
export function stripeWebhookRoutes(ctx: StripeWebhookContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    app.post(
      '/api/stripe/webhook',
      {
        schema: {
          tags,
          summary: 'Stripe webhook: signed events (checkout, refunds, disputes, subscriptions); replays are ignored',
          headers: WebhookHeaders,
          response: { 200: WebhookResponse },
        },
      },
      async (request) => {
        const rawBody = Buffer.isBuffer(request.body) || typeof request.body === 'string' ? request.body : undefined;
        const event = verifyStripeEvent(ctx, rawBody, request.headers['stripe-signature']);
        const { duplicate } = await processStripeEvent(ctx, event);
        request.log.info({ stripeEvent: event.id, type: event.type, duplicate }, 'stripe webhook');
        return duplicate ? { received: true as const, duplicate: true as const } : { received: true as const };
      },
    );
  };
}
