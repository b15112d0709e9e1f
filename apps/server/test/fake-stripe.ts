import { randomBytes } from 'node:crypto';
import { checkoutApi } from './fake-stripe/checkout.js';
import { customerApi } from './fake-stripe/customers.js';
import { paymentMethodApi } from './fake-stripe/payment-methods.js';
import { refundApi } from './fake-stripe/refunds.js';
import { startStripeServer, type ApiRequest } from './fake-stripe/server.js';
import {
  API_VERSION,
  copy,
  createStripeState,
  newId,
  now,
  type FakeStripeOptions,
  type StripeObject,
} from './fake-stripe/state.js';
import { subscriptionApi } from './fake-stripe/subscriptions.js';

export type { StripeObject } from './fake-stripe/state.js';

/**
 * A local stand-in for the parts of Stripe's REST API that the `stripe` payment driver uses, speaking
 * its wire format: form-encoded requests (`a[b][0]=c`, `expand[0]=…`), JSON objects with an `object`
 * field, lists `{ object: 'list', data, has_more, url }`, `expand`, idempotency keys, and failures as
 * `{ error: { type, code, message, param } }` with Stripe's HTTP status (400, 401, 402, 404). State
 * lives in memory. Test hooks play the parts Stripe plays outside the API: the customer paying on
 * the hosted Checkout page, refunds, disputes, failed renewals, subscriptions ending.
 *
 * Card behaviour follows Stripe's published test payment methods: `pm_card_visa` (and
 * `pm_card_mastercard`) work; `pm_card_chargeDeclined` is declined ("Your card was declined.")
 * when it is attached to a customer, as Stripe checks the card then;
 * `pm_card_chargeDeclinedInsufficientFunds` likewise with insufficient_funds;
 * `pm_card_chargeCustomerFail` attaches but every charge (a subscription without trial) is declined.
 * Every card has a `card.fingerprint` that is the same for each payment method of one card number
 * (`pm_card_visa` and `pm_card_visa_chargeDeclined`… differ; two attaches of `pm_card_visa` do not).
 *
 * A subscription without trial is paid at once, as at Stripe: an invoice (`parent.subscription_details`),
 * its payment intent and charge, and an `invoice_payment` linking them (`GET /v1/invoice_payments`).
 * An idempotency key reused with other parameters is refused (400 `idempotency_error`), as Stripe does.
 * A payment session takes several `price_data` line items (a cart); `POST …/sessions/:id/expire` closes an
 * open one (400 for any other status, as at Stripe), in either mode. Refunds may be partial and carry
 * metadata (`GET /v1/refunds?charge=` lists them); customers are found by `GET /v1/customers/search`;
 * `failRequests` makes chosen calls fail (a subscription cancel that keeps failing, say).
 *
 * By resource under fake-stripe/: customers.ts, payment-methods.ts (and setup intents), checkout.ts
 * (and the hosted page), subscriptions.ts (and invoices), refunds.ts (and disputes); the HTTP server,
 * routing and idempotency in server.ts, the objects in memory in state.ts, Stripe's wire format and
 * test cards in wire.ts and test-cards.ts. This file puts them together behind one `FakeStripe`.
 */
interface FakePrice {
  unitAmount: number;
  currency?: string;
  interval: 'month' | 'year';
}

export interface FakeStripe {
  /** The API base to give the SDK (`stripeApiUrl`). */
  url: string;
  secretKey: string;
  /** Every API call received, in order. */
  requests: ApiRequest[];
  definePrice(id: string, price: FakePrice): void;
  /** Stored objects (a copy), e.g. a checkout session with its internal line items under `line_items`. */
  get(id: string): StripeObject | undefined;
  /** The customer pays on the hosted page: the session becomes complete/paid with a payment intent and a charge. */
  completeCheckout(
    sessionId: string,
    details?: { paymentMethodType?: string; receiptUrl?: string | null },
  ): StripeObject;
  /**
   * The customer completes a subscription-mode Checkout page with a test payment method (`pm_card_visa`
   * by default): the card is attached to the session's customer and the subscription is created (with
   * the session's trial, if any). A card declined on the page throws, and the session stays open.
   */
  completeSubscriptionCheckout(sessionId: string, paymentMethod?: string): StripeObject;
  /** The customer's card is declined on the hosted page: the session stays open and unpaid. */
  declineCheckout(sessionId: string): StripeObject;
  expireCheckout(sessionId: string): StripeObject;
  /** Refunds the session's charge (in full unless an amount is given); returns the charge. */
  refundCheckout(sessionId: string, amount?: number): StripeObject;
  /** The charge that paid the checkout session (to build a `charge.refunded` event after `POST /v1/refunds`). */
  chargeOfCheckout(sessionId: string): StripeObject;
  /** Opens a dispute on the session's charge; returns the dispute. */
  disputeCheckout(sessionId: string): StripeObject;
  /** A renewal payment fails: the subscription becomes past_due; returns the invoice. */
  failRenewal(subscriptionId: string): StripeObject;
  /** The subscription ends now (period over after cancel_at_period_end, or canceled in the dashboard). */
  endSubscription(subscriptionId: string): StripeObject;
  /** Refunds the charge of the subscription's latest paid invoice (in full unless an amount is given); returns the charge. */
  refundSubscription(subscriptionId: string, amount?: number): StripeObject;
  /** Opens a dispute on the charge of the subscription's latest paid invoice; returns the dispute. */
  disputeSubscription(subscriptionId: string): StripeObject;
  /**
   * Until the returned function is called, answers to matching requests are lost: each request is
   * carried out (and its idempotency key remembered), then the connection is dropped unanswered.
   */
  loseAnswers(method: string, path: RegExp): () => void;
  /**
   * The next `times` matching requests (every one until the returned function is called, without
   * `times`) fail with Stripe's 500 `api_error` and `Stripe-Should-Retry: false` (so the SDK does not
   * retry them itself); nothing is carried out and no idempotency key is remembered.
   */
  failRequests(method: string, path: RegExp, times?: number): () => void;
  /** Every stored object of one type (`subscription`, `customer`, …), copies, oldest first. */
  all(objectType: string): StripeObject[];
  /** A snapshot event as Stripe sends it to webhook endpoints. */
  event(type: string, object: StripeObject): StripeObject;
  close(): Promise<void>;
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = `sk_test_fake_${randomBytes(8).toString('hex')}`;
  const state = createStripeState(options);
  const customers = customerApi(state);
  const paymentMethods = paymentMethodApi(state);
  const subscriptions = subscriptionApi(state);
  const refunds = refundApi(state);
  const checkout = checkoutApi(state, {
    createCustomer: customers.createCustomer,
    attachPaymentMethod: paymentMethods.attachPaymentMethod,
    createSubscription: subscriptions.createSubscription,
  });
  const server = await startStripeServer(secretKey, [
    ...customers.routes,
    ...paymentMethods.routes,
    ...checkout.routes,
    ...subscriptions.routes,
    ...refunds.routes,
  ]);

  /** The charge of a checkout session (paid or declined), or a test failure when it has none. */
  const chargeOfSession = (sessionId: string) => {
    const { charge } = checkout.sessionWithCharge(sessionId);
    if (!charge) throw new Error(`checkout session ${sessionId} has no charge`);
    return charge;
  };

  return {
    url: server.url,
    secretKey,
    requests: server.requests,
    definePrice(id, price) {
      state.prices.set(id, {
        id,
        object: 'price',
        active: true,
        currency: price.currency ?? 'usd',
        unit_amount: price.unitAmount,
        recurring: { interval: price.interval, interval_count: 1 },
        type: 'recurring',
        livemode: false,
      });
    },
    get: (id) => {
      const found = state.store.get(id);
      return found ? copy(found) : undefined;
    },
    completeCheckout: checkout.completeCheckout,
    completeSubscriptionCheckout: checkout.completeSubscriptionCheckout,
    declineCheckout: checkout.declineCheckout,
    expireCheckout: checkout.expireCheckout,
    refundCheckout(sessionId, amount) {
      const { charge } = checkout.sessionWithCharge(sessionId);
      if (!charge || charge.status !== 'succeeded')
        throw new Error(`checkout session ${sessionId} has no successful charge`);
      return refunds.refundCharge(charge, amount);
    },
    chargeOfCheckout: (sessionId) => copy(chargeOfSession(sessionId)),
    disputeCheckout: (sessionId) => refunds.disputeCharge(chargeOfSession(sessionId)),
    refundSubscription: (subscriptionId, amount) =>
      refunds.refundCharge(subscriptions.chargeOfSubscription(subscriptionId), amount),
    disputeSubscription: (subscriptionId) => refunds.disputeCharge(subscriptions.chargeOfSubscription(subscriptionId)),
    loseAnswers: server.loseAnswers,
    failRequests: server.failRequests,
    all: (objectType) => [...state.store.values()].filter((o) => o.object === objectType).map(copy),
    failRenewal: subscriptions.failRenewal,
    endSubscription: subscriptions.endSubscription,
    event(type, object) {
      return {
        id: newId('evt'),
        object: 'event',
        api_version: API_VERSION,
        created: now(),
        data: { object: copy(object) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },
    close: server.close,
  };
}
