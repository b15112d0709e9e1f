import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Api } from '@tarab/contracts';
import { currentUser } from '../../plugins/auth.js';
import * as purchase from './purchase.service.js';
import * as subscriptions from './subscription.service.js';
import * as hostedSubscriptions from './subscription-checkout.service.js';
import { route } from '../../lib/route.js';
import { routeRateLimit } from '../../lib/rate-limit.js';

export function commerceRoutes(
  ctx: purchase.CommerceContext,
  perMinute: { checkout: number; billing: number },
): FastifyPluginAsyncZod {
  // Each call reaches the payment provider: limited per user.
  const checkoutLimit = routeRateLimit(perMinute.checkout, 60);
  const billingLimit = routeRateLimit(perMinute.billing, 60);
  return async (app) => {
    route(app, Api.commerce.products, async () => ({
      data: await subscriptions.listProducts(ctx),
      trial_days: subscriptions.TRIAL_DAYS,
      payment_provider: ctx.provider.name,
    }));
    route(app, Api.commerce.checkout, { config: checkoutLimit }, async (request) => {
      const user = currentUser(request);
      return purchase.createCheckout(
        ctx,
        { id: user.id, email: user.email, name: user.name },
        request.body.music_id,
        request.body.share_email,
      );
    });
    // The return from the hosted page asks the provider for the session: limited like starting one.
    route(app, Api.commerce.success, { config: checkoutLimit }, async (request) => ({
      message: 'Payment successful.',
      data: await purchase.confirmCheckout(ctx, request.query.session_id, currentUser(request).id),
    }));
    route(app, Api.commerce.setupIntent, { config: billingLimit }, async (request) => {
      const user = currentUser(request);
      const { clientSecret } = await ctx.provider.createSetupIntent({
        id: user.id,
        email: user.email,
        name: user.name,
      });
      return { clientSecret, provider: ctx.provider.name, publishableKey: ctx.provider.publishableKey };
    });
    route(app, Api.commerce.subscribe, { config: billingLimit }, async (request) => {
      const answer = await subscriptions.subscribe(
        ctx,
        currentUser(request),
        request.body.price_id,
        request.body.payment_method,
      );
      return { ...answer, user: answer.data.user, subscription: answer.data.subscription };
    });
    route(app, Api.commerce.subscriptionCheckout, { config: billingLimit }, async (request) =>
      hostedSubscriptions.startSubscriptionCheckout(ctx, currentUser(request), request.body.price_id),
    );
    route(app, Api.commerce.confirmSubscriptionCheckout, { config: billingLimit }, async (request) =>
      hostedSubscriptions.confirmSubscriptionCheckout(ctx, request.body.session_id, currentUser(request).id),
    );
    route(app, Api.commerce.cancelSubscription, async (request) =>
      subscriptions.cancelSubscription(ctx, currentUser(request)),
    );
  };
}
