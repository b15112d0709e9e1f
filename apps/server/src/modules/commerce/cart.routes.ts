import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api } from '@tarab/contracts';
import { currentUser } from '../../plugins/auth.js';
import { route } from '../../lib/route.js';
import { routeRateLimit } from '../../lib/rate-limit.js';
import type { CommerceContext } from './purchase.service.js';
import * as cart from './cart.service.js';

/** License a whole playlist in one checkout (decision 036). The zip of a cart is a downloads route. */
export function cartRoutes(ctx: CommerceContext, perMinute: { checkout: number }): FastifyPluginAsyncZod {
  // Starting or confirming a checkout reaches the payment provider: limited per user like the
  // single-track checkout (each route counts on its own).
  const checkoutLimit = routeRateLimit(perMinute.checkout, 60);
  return async (app) => {
    route(app, Api.cart.quote, async (request) => ({
      data: await cart.quoteCart(ctx, currentUser(request).id, request.params.id),
    }));
    route(app, Api.cart.checkout, { config: checkoutLimit }, async (request) => {
      const user = currentUser(request);
      return cart.startCartCheckout(
        ctx,
        { id: user.id, email: user.email, name: user.name },
        request.params.id,
        request.body?.share_email ?? true,
      );
    });
    // The return from the hosted page asks the provider for the session: limited like starting one.
    route(app, Api.cart.success, { config: checkoutLimit }, async (request) => ({
      message: 'Payment successful.',
      data: await cart.confirmCartCheckout(ctx, request.query.session_id, currentUser(request).id),
    }));
  };
}
