import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CancelSubscriptionResponse,
  CheckoutBody,
  CheckoutResponse,
  ConfirmSubscriptionCheckoutBody,
  ProductsResponse,
  SetupIntentResponse,
  SubscribeBody,
  SubscribeResponse,
  SubscriptionCheckoutBody,
  SubscriptionCheckoutResponse,
  SuccessQuery,
  SuccessResponse,
} from '@tarab/contracts';
import { currentUser, requireUser } from '../../plugins/auth.js';
import * as purchase from './purchase.service.js';
import * as subscriptions from './subscription.service.js';
import * as hostedSubscriptions from './subscription-checkout.service.js';
import { sessionSecurity } from '../../lib/openapi-security.js';
import { routeRateLimit } from '../../lib/rate-limit.js';

const tags = ['commerce'];

export function commerceRoutes(
  ctx: purchase.CommerceContext,
  perMinute: { checkout: number; billing: number },
): FastifyPluginAsyncZod {
  // Each call reaches the payment provider: limited per user.
  const checkoutLimit = routeRateLimit(perMinute.checkout, 60);
  const billingLimit = routeRateLimit(perMinute.billing, 60);
  return async (app) => {
    app.get(
      '/api/stripe/products',
      { schema: { tags, summary: 'Subscription plans with their prices', response: { 200: ProductsResponse } } },
      async () => ({
        data: await subscriptions.listProducts(ctx),
        trial_days: subscriptions.TRIAL_DAYS,
        payment_provider: ctx.provider.name,
      }),
    );
    app.post(
      '/api/stripe/checkout',
      {
        config: checkoutLimit,
        preHandler: requireUser,
        schema: {
          tags,
          security: sessionSecurity,
          summary: 'Start buying one track (the catalog price is charged)',
          body: CheckoutBody,
          response: { 200: CheckoutResponse },
        },
      },
      async (request) => {
        const user = currentUser(request);
        return purchase.createCheckout(ctx, { id: user.id, email: user.email, name: user.name }, request.body.music_id);
      },
    );
    app.get(
      '/api/stripe/success',
      {
        preHandler: requireUser,
        schema: {
          tags,
          security: sessionSecurity,
          summary: 'Confirm a paid checkout: creates the order and license once',
          querystring: SuccessQuery,
          response: { 200: SuccessResponse },
        },
      },
      async (request) => ({
        message: 'Payment successful.',
        data: await purchase.confirmCheckout(ctx, request.query.session_id, currentUser(request).id),
      }),
    );
    app.post(
      '/api/billing/setup-intent',
      {
        config: billingLimit,
        preHandler: requireUser,
        schema: {
          tags,
          security: sessionSecurity,
          summary: 'Start saving a card for a subscription',
          response: { 200: SetupIntentResponse },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { clientSecret } = await ctx.provider.createSetupIntent({
          id: user.id,
          email: user.email,
          name: user.name,
        });
        return { clientSecret, provider: ctx.provider.name, publishableKey: ctx.provider.publishableKey };
      },
    );
    app.post(
      '/api/billing/subscribe',
      {
        config: billingLimit,
        preHandler: requireUser,
        schema: {
          tags,
          security: sessionSecurity,
          summary: 'Subscribe to a plan price',
          body: SubscribeBody,
          response: { 200: SubscribeResponse },
        },
      },
      async (request) => {
        const answer = await subscriptions.subscribe(
          ctx,
          currentUser(request),
          request.body.price_id,
          request.body.payment_method,
        );
        return { ...answer, user: answer.data.user, subscription: answer.data.subscription };
      },
    );
    app.post(
      '/api/billing/subscription-checkout',
      {
        config: billingLimit,
        preHandler: requireUser,
        schema: {
          tags,
          security: sessionSecurity,
          summary: "Start a subscription on the payment provider's hosted page (the stripe driver; 409 with local)",
          body: SubscriptionCheckoutBody,
          response: { 200: SubscriptionCheckoutResponse },
        },
      },
      async (request) =>
        hostedSubscriptions.startSubscriptionCheckout(ctx, currentUser(request), request.body.price_id),
    );
    app.post(
      '/api/billing/subscription-checkout/confirm',
      {
        config: billingLimit,
        preHandler: requireUser,
        schema: {
          tags,
          security: sessionSecurity,
          summary: 'Record the subscription of a completed hosted checkout (once; the answer of subscribe)',
          body: ConfirmSubscriptionCheckoutBody,
          response: { 200: SubscribeResponse },
        },
      },
      async (request) =>
        hostedSubscriptions.confirmSubscriptionCheckout(ctx, request.body.session_id, currentUser(request).id),
    );
    app.post(
      '/api/billing/cancel-subscription',
      {
        preHandler: requireUser,
        schema: {
          tags,
          security: sessionSecurity,
          summary: 'Cancel at the end of the paid period',
          response: { 200: CancelSubscriptionResponse },
        },
      },
      async (request) => subscriptions.cancelSubscription(ctx, currentUser(request)),
    );
  };
}
