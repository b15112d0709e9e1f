import {
  CancelSubscriptionResponse,
  CheckoutBody,
  CheckoutResponse,
  ConfirmSubscriptionCheckoutBody,
  LocalPayBody,
  LocalCheckoutResponse,
  LocalConfirmSetupBody,
  LocalConfirmSetupResponse,
  LocalPayResponse,
  LocalSessionParam,
  ProductsResponse,
  SetupIntentResponse,
  StripeWebhookHeaders,
  StripeWebhookResponse,
  SubscribeBody,
  SubscribeResponse,
  SubscriptionCheckoutBody,
  SubscriptionCheckoutResponse,
  SuccessQuery,
  SuccessResponse,
} from '../commerce.js';
import {
  CartCheckoutBody,
  CartCheckoutResponse,
  CartQuoteResponse,
  CartSuccessQuery,
  CartSuccessResponse,
} from '../cart.js';
import { IdParam } from '../catalog.js';
import { defineRoute } from './define.js';

const tags = ['commerce'];

export const commerceRoutes = {
  products: defineRoute({
    method: 'GET',
    path: '/api/stripe/products',
    tags,
    access: 'public',
    summary: 'Subscription plans with their prices',
    responses: { 200: ProductsResponse },
  }),
  checkout: defineRoute({
    method: 'POST',
    path: '/api/stripe/checkout',
    tags,
    access: 'user',
    errors: [404, 409, 429],
    summary: 'Start buying one track (the catalog price is charged)',
    body: CheckoutBody,
    responses: { 200: CheckoutResponse },
  }),
  success: defineRoute({
    method: 'GET',
    path: '/api/stripe/success',
    tags,
    access: 'user',
    errors: [402, 404, 409, 429],
    summary: 'Confirm a paid checkout: creates the order and license once',
    query: SuccessQuery,
    responses: { 200: SuccessResponse },
  }),
  setupIntent: defineRoute({
    method: 'POST',
    path: '/api/billing/setup-intent',
    tags,
    access: 'user',
    errors: [403, 409, 429],
    summary: 'Start saving a card for a subscription',
    responses: { 200: SetupIntentResponse },
  }),
  subscribe: defineRoute({
    method: 'POST',
    path: '/api/billing/subscribe',
    tags,
    access: 'user',
    errors: [402, 403, 409, 429],
    summary: 'Subscribe to a plan price',
    body: SubscribeBody,
    responses: { 200: SubscribeResponse },
  }),
  subscriptionCheckout: defineRoute({
    method: 'POST',
    path: '/api/billing/subscription-checkout',
    tags,
    access: 'user',
    errors: [403, 409, 429],
    summary: "Start a subscription on the payment provider's hosted page (the stripe driver; 409 with local)",
    body: SubscriptionCheckoutBody,
    responses: { 200: SubscriptionCheckoutResponse },
  }),
  confirmSubscriptionCheckout: defineRoute({
    method: 'POST',
    path: '/api/billing/subscription-checkout/confirm',
    tags,
    access: 'user',
    errors: [402, 403, 404, 409, 429],
    summary: 'Record the subscription of a completed hosted checkout (once; the answer of subscribe)',
    body: ConfirmSubscriptionCheckoutBody,
    responses: { 200: SubscribeResponse },
  }),
  cancelSubscription: defineRoute({
    method: 'POST',
    path: '/api/billing/cancel-subscription',
    tags,
    access: 'user',
    errors: [404],
    summary: 'Cancel at the end of the paid period',
    responses: { 200: CancelSubscriptionResponse },
  }),
  /** Only with the stripe payment driver. The body is kept raw: the signature covers its exact bytes. */
  stripeWebhook: defineRoute({
    method: 'POST',
    path: '/api/stripe/webhook',
    tags,
    access: 'public',
    errors: [503],
    summary: 'Stripe webhook: signed events (checkout, refunds, disputes, subscriptions); replays are ignored',
    headers: StripeWebhookHeaders,
    consumes: ['application/json'],
    responses: { 200: StripeWebhookResponse },
  }),
};

const localTags = ['payments (local test mode)'];

/** Only with the `local` payment driver: the API behind our own test-mode checkout pages. */
export const localPaymentRoutes = {
  checkout: defineRoute({
    method: 'GET',
    path: '/api/local-payments/checkout/:id',
    tags: localTags,
    access: 'user',
    summary: 'A test-mode checkout session',
    params: LocalSessionParam,
    responses: { 200: LocalCheckoutResponse },
  }),
  pay: defineRoute({
    method: 'POST',
    path: '/api/local-payments/checkout/:id/pay',
    tags: localTags,
    access: 'user',
    errors: [402, 409],
    summary: 'Pay a test-mode checkout with a test card',
    params: LocalSessionParam,
    body: LocalPayBody,
    responses: { 200: LocalPayResponse },
  }),
  confirmSetup: defineRoute({
    method: 'POST',
    path: '/api/local-payments/setup/confirm',
    tags: localTags,
    access: 'user',
    errors: [402, 404],
    // Billing details are accepted (spec §7) and not stored: the test driver keeps no card data.
    summary: 'Save a test card for a subscription',
    body: LocalConfirmSetupBody,
    responses: { 200: LocalConfirmSetupResponse },
  }),
};

/** License a whole playlist in one checkout (decision 036); the cart's zip is `Api.downloads.cartZip`. */
export const cartRoutes = {
  quote: defineRoute({
    method: 'GET',
    path: '/api/playlists/:id/license-all',
    tags,
    access: 'user',
    summary: "What one checkout would license of the owner's playlist: the tracks, the total, what is left out",
    params: IdParam,
    responses: { 200: CartQuoteResponse },
  }),
  checkout: defineRoute({
    method: 'POST',
    path: '/api/playlists/:id/license-all',
    tags,
    access: 'user',
    errors: [409, 429],
    summary: "Start one checkout for every unowned music track of the owner's playlist (catalog prices)",
    description:
      'A repeated or concurrent call answers the same open checkout. 409 when nothing is left to pay for, for a subscriber (music downloads are free), or over 100 tracks.',
    params: IdParam,
    body: CartCheckoutBody,
    responses: { 200: CartCheckoutResponse },
  }),
  success: defineRoute({
    method: 'GET',
    path: '/api/cart/success',
    tags,
    access: 'user',
    errors: [402, 404, 409, 429],
    summary: 'Confirm a paid playlist checkout: one order and one licence per track, once',
    query: CartSuccessQuery,
    responses: { 200: CartSuccessResponse },
  }),
};
