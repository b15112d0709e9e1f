import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fingerprintOf, TEST_PAYMENT_METHODS, type TestCard } from './fake-stripe/test-cards.js';
import {
  at,
  declined,
  integer,
  invalid,
  list,
  metadataOf,
  missing,
  parseStripeForm,
  StripeApiError,
  text,
  type FormObject,
} from './fake-stripe/wire.js';

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
 */
export interface StripeObject {
  id: string;
  object: string;
  [field: string]: unknown;
}

interface FakePrice {
  unitAmount: number;
  currency?: string;
  interval: 'month' | 'year';
}

export interface FakeStripeOptions {
  /** Also put current_period_start/end on the subscription itself, as API versions before 2025-03-31 did. */
  legacyPeriodFields?: boolean;
}

export interface FakeStripe {
  /** The API base to give the SDK (`stripeApiUrl`). */
  url: string;
  secretKey: string;
  /** Every API call received, in order. */
  requests: Array<{ method: string; path: string; params: FormObject; idempotencyKey: string | undefined }>;
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

const API_VERSION = '2026-10-28.endive';
const now = () => Math.floor(Date.now() / 1000);
const DAY = 86_400;
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const copy = <T>(value: T): T => structuredClone(value);

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = `sk_test_fake_${randomBytes(8).toString('hex')}`;
  const store = new Map<string, StripeObject>();
  const prices = new Map<string, StripeObject>();
  const cards = new Map<string, TestCard>();
  const idempotent = new Map<string, { request: string; status: number; body: unknown }>();
  const losing = new Set<{ method: string; path: RegExp }>();
  const failing = new Set<{ method: string; path: RegExp; left: number }>();
  const requests: FakeStripe['requests'] = [];

  const put = <T extends StripeObject>(object: T): T => {
    store.set(object.id, object);
    return object;
  };
  const find = (id: string, what: string, param?: string): StripeObject => {
    const found = store.get(id);
    if (!found) throw missing(what, id, param);
    return found;
  };
  const listOf = (data: StripeObject[], url: string, limit = 10) => ({
    object: 'list',
    data: data.slice(0, limit).map(copy),
    has_more: data.length > limit,
    url,
  });

  /** A copy of the object with `expand` paths (`payment_intent.latest_charge`, `customer`) replaced by objects. */
  function expanded(object: StripeObject, paths: string[]): StripeObject {
    const result = copy(object);
    for (const path of paths) {
      let node: Record<string, unknown> = result;
      for (const field of path.split('.')) {
        const ref = node[field];
        if (typeof ref === 'string' && store.has(ref)) node[field] = copy(store.get(ref)!);
        const next = node[field];
        if (!next || typeof next !== 'object') break;
        node = next as Record<string, unknown>;
      }
    }
    return result;
  }

  // ---- customers ----

  function createCustomer(params: FormObject) {
    return put({
      id: newId('cus'),
      object: 'customer',
      created: now(),
      email: text(params, 'email') ?? null,
      name: text(params, 'name') ?? null,
      metadata: metadataOf(params),
      invoice_settings: { default_payment_method: null },
      livemode: false,
    });
  }

  function listCustomers(params: FormObject) {
    const email = text(params, 'email');
    const matches = [...store.values()]
      .filter((o) => o.object === 'customer' && (email === undefined || o.email === email))
      .sort((a, b) => Number(b.created) - Number(a.created));
    return listOf(matches, '/v1/customers', integer(params, 'limit') ?? 10);
  }

  /**
   * `GET /v1/customers/search`: the query forms the driver uses, `metadata['key']:'value'` and
   * `email:'value'` (joined by ` AND `). Unlike Stripe's (up to a minute behind), answers at once.
   */
  function searchCustomers(params: FormObject) {
    const query = text(params, 'query') ?? '';
    const clauses = query.split(/\s+AND\s+/i).map((clause) => {
      const metadata = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(clause.trim());
      if (metadata) return (o: StripeObject) => (o.metadata as Record<string, string>)[metadata[1]!] === metadata[2];
      const email = /^email:'([^']*)'$/.exec(clause.trim());
      if (email) return (o: StripeObject) => o.email === email[1];
      throw invalid(`The fake cannot search for ${clause}.`, 'query');
    });
    const matches = [...store.values()]
      .filter((o) => o.object === 'customer' && clauses.every((matches) => matches(o)))
      .sort((a, b) => Number(b.created) - Number(a.created));
    return {
      ...listOf(matches, '/v1/customers/search', integer(params, 'limit') ?? 10),
      object: 'search_result',
      next_page: null,
    };
  }

  function updateCustomer(id: string, params: FormObject) {
    const customer = find(id, 'customer');
    const defaultMethod = text(params, 'invoice_settings', 'default_payment_method');
    if (defaultMethod !== undefined) {
      const method = store.get(defaultMethod);
      if (!method || method.customer !== id) {
        throw invalid(
          `The customer does not have a payment method with the ID ${defaultMethod}.`,
          'invoice_settings[default_payment_method]',
        );
      }
      customer.invoice_settings = { default_payment_method: defaultMethod };
    }
    for (const field of ['email', 'name'] as const) {
      const value = text(params, field);
      if (value !== undefined) customer[field] = value;
    }
    if (params.metadata) customer.metadata = { ...(customer.metadata as object), ...metadataOf(params) };
    return customer;
  }

  // ---- payment methods and setup intents ----

  const cardObject = (id: string, card: TestCard, customer: string | null): StripeObject => ({
    id,
    object: 'payment_method',
    type: 'card',
    created: now(),
    customer,
    card: {
      brand: card.brand,
      last4: card.last4,
      exp_month: 12,
      exp_year: new Date().getFullYear() + 5,
      funding: 'credit',
      country: 'US',
      fingerprint: fingerprintOf(card.number),
    },
    billing_details: { email: null, name: null },
    metadata: {},
    livemode: false,
  });

  function retrievePaymentMethod(id: string, params: FormObject) {
    const testCard = TEST_PAYMENT_METHODS[id];
    if (testCard) return cardObject(id, testCard, null);
    return expanded(find(id, 'PaymentMethod'), list(params.expand));
  }

  function attachPaymentMethod(id: string, params: FormObject) {
    const customerId = text(params, 'customer');
    if (!customerId) throw invalid('Missing required param: customer.', 'customer');
    find(customerId, 'customer', 'customer');
    const testCard = TEST_PAYMENT_METHODS[id];
    if (testCard) {
      if (testCard.attach !== 'ok') throw declined(testCard.attach);
      // Like Stripe, a test token attaches as a new payment method of its own.
      const method = put(cardObject(newId('pm'), testCard, customerId));
      cards.set(method.id, testCard);
      return method;
    }
    const method = find(id, 'PaymentMethod');
    if (method.customer && method.customer !== customerId) {
      throw invalid('The payment method you provided has already been attached to a customer.', 'payment_method');
    }
    method.customer = customerId;
    return method;
  }

  function createSetupIntent(params: FormObject) {
    const customer = text(params, 'customer');
    if (customer) find(customer, 'customer', 'customer');
    const id = newId('seti');
    return put({
      id,
      object: 'setup_intent',
      created: now(),
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      customer: customer ?? null,
      usage: text(params, 'usage') ?? 'off_session',
      status: 'requires_payment_method',
      payment_method: null,
      metadata: metadataOf(params),
      livemode: false,
    });
  }

  // ---- checkout ----

  /** Checkout in subscription mode: one recurring price, an existing customer, an optional trial. */
  function createSubscriptionSession(params: FormObject) {
    const priceId = text(params, 'line_items', 0, 'price');
    if (!priceId) throw invalid('Missing required param: line_items[0][price].', 'line_items[0][price]');
    const price = prices.get(priceId);
    if (!price) throw missing('price', priceId, 'line_items[0][price]');
    const customerId = text(params, 'customer');
    if (customerId) find(customerId, 'customer', 'customer');
    for (const field of ['success_url', 'cancel_url'] as const) {
      const url = text(params, field);
      if (url !== undefined && !/^https?:\/\/[^/]+/.test(url)) throw invalid('Not a valid URL', field);
    }
    if (!text(params, 'success_url')) throw invalid('Missing required param: success_url.', 'success_url');
    const trialDays = integer(params, 'subscription_data', 'trial_period_days') ?? 0;
    const id = `cs_test_${randomBytes(16).toString('hex')}`;
    const amount = trialDays > 0 ? 0 : Number(price.unit_amount);
    const subscriptionData = at(params, 'subscription_data');
    return put({
      id,
      object: 'checkout.session',
      created: now(),
      expires_at: now() + DAY,
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: amount,
      amount_total: amount,
      currency: price.currency,
      customer: customerId ?? null,
      customer_email: text(params, 'customer_email') ?? null,
      client_reference_id: text(params, 'client_reference_id') ?? null,
      metadata: metadataOf(params),
      payment_intent: null,
      payment_method_collection: text(params, 'payment_method_collection') ?? 'always',
      subscription: null,
      success_url: text(params, 'success_url') ?? null,
      cancel_url: text(params, 'cancel_url') ?? null,
      url: `https://checkout.stripe.com/c/pay/${id}`,
      livemode: false,
      // Kept for the hosted page (the test hook): what the subscription is made of.
      line_items: { object: 'list', data: [{ price: priceId, quantity: 1 }], has_more: false, url: '' },
      subscription_data: {
        trial_period_days: trialDays,
        metadata:
          subscriptionData && typeof subscriptionData === 'object' && !Array.isArray(subscriptionData)
            ? metadataOf(subscriptionData)
            : {},
      },
    });
  }

  function createCheckoutSession(params: FormObject) {
    if (text(params, 'mode') === 'subscription') return createSubscriptionSession(params);
    if (text(params, 'mode') !== 'payment') throw invalid('This fake supports mode=payment and subscription.', 'mode');
    const items = at(params, 'line_items');
    if (!Array.isArray(items) || items.length === 0) throw invalid('Missing required param: line_items.', 'line_items');
    const lineItems = items.map((item, i) => {
      const unitAmount = integer(item, 'price_data', 'unit_amount');
      const currency = text(item, 'price_data', 'currency');
      const name = text(item, 'price_data', 'product_data', 'name');
      if (unitAmount === undefined || unitAmount < 0)
        throw invalid('Invalid integer: unit_amount', `line_items[${i}][price_data][unit_amount]`);
      if (!currency) throw invalid('Missing required param: currency.', `line_items[${i}][price_data][currency]`);
      if (!name) throw invalid('Missing required param: name.', `line_items[${i}][price_data][product_data][name]`);
      return {
        quantity: integer(item, 'quantity') ?? 1,
        unit_amount: unitAmount,
        currency: currency.toLowerCase(),
        name,
      };
    });
    for (const field of ['success_url', 'cancel_url'] as const) {
      const url = text(params, field);
      if (url !== undefined && !/^https?:\/\/[^/]+/.test(url)) throw invalid('Not a valid URL', field);
    }
    if (!text(params, 'success_url')) throw invalid('Missing required param: success_url.', 'success_url');
    const id = `cs_test_${randomBytes(16).toString('hex')}`;
    const amount = lineItems.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0);
    return put({
      id,
      object: 'checkout.session',
      created: now(),
      expires_at: now() + DAY,
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: amount,
      amount_total: amount,
      currency: lineItems[0]!.currency,
      customer: null,
      customer_email: text(params, 'customer_email') ?? null,
      client_reference_id: text(params, 'client_reference_id') ?? null,
      metadata: metadataOf(params),
      payment_intent: null,
      success_url: text(params, 'success_url') ?? null,
      cancel_url: text(params, 'cancel_url') ?? null,
      url: `https://checkout.stripe.com/c/pay/${id}`,
      livemode: false,
      // Not part of the session object Stripe returns (it needs `expand[]=line_items`): kept for assertions.
      line_items: { object: 'list', data: lineItems, has_more: false, url: `/v1/checkout/sessions/${id}/line_items` },
    });
  }

  const publicSession = (session: StripeObject, expand: string[]) => {
    const result = expanded(session, expand);
    if (!expand.includes('line_items')) delete result.line_items;
    delete result.subscription_data;
    return result;
  };

  /** `POST /v1/checkout/sessions/:id/expire`: as at Stripe, only an open session can be expired. */
  function expireOpenSession(sessionId: string) {
    const session = find(sessionId, 'checkout.session');
    if (session.status !== 'open') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`,
        'checkout_session_unexpirable',
      );
    }
    session.status = 'expired';
    return publicSession(session, []);
  }

  function listCheckoutSessions(params: FormObject) {
    const paymentIntent = text(params, 'payment_intent');
    const matches = [...store.values()]
      .filter(
        (o) => o.object === 'checkout.session' && (paymentIntent === undefined || o.payment_intent === paymentIntent),
      )
      .sort((a, b) => Number(b.created) - Number(a.created))
      .map((s) => publicSession(s, []));
    return listOf(matches, '/v1/checkout/sessions', integer(params, 'limit') ?? 10);
  }

  // ---- subscriptions ----

  function createSubscription(params: FormObject) {
    const customerId = text(params, 'customer');
    if (!customerId) throw invalid('Missing required param: customer.', 'customer');
    const customer = find(customerId, 'customer', 'customer');
    const priceId = text(params, 'items', 0, 'price');
    if (!priceId) throw invalid('Missing required param: items[0][price].', 'items[0][price]');
    const price = prices.get(priceId);
    if (!price) throw missing('price', priceId, 'items[0][price]');
    const methodId =
      text(params, 'default_payment_method') ??
      ((customer.invoice_settings as { default_payment_method: string | null }).default_payment_method || undefined);
    if (methodId && store.get(methodId)?.customer !== customerId) {
      throw invalid(`The customer does not have a payment method with the ID ${methodId}.`, 'default_payment_method');
    }
    const trialDays = integer(params, 'trial_period_days') ?? 0;
    if (trialDays === 0) {
      if (!methodId)
        throw invalid('This customer has no attached payment source or default payment method.', 'customer');
      const card = cards.get(methodId);
      if (card && card.charge !== 'ok' && text(params, 'payment_behavior') !== 'allow_incomplete')
        throw declined(card.charge);
    }
    const start = now();
    const recurring = price.recurring as { interval: 'month' | 'year' };
    const periodEnd =
      trialDays > 0 ? start + trialDays * DAY : start + (recurring.interval === 'year' ? 365 : 30) * DAY;
    const id = newId('sub');
    const latestInvoice = payInvoice(id, customerId, price, trialDays > 0 ? 0 : Number(price.unit_amount), methodId);
    return put({
      id,
      object: 'subscription',
      latest_invoice: latestInvoice.id,
      created: start,
      start_date: start,
      customer: customerId,
      status: trialDays > 0 ? 'trialing' : 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      trial_start: trialDays > 0 ? start : null,
      trial_end: trialDays > 0 ? periodEnd : null,
      default_payment_method: methodId ?? null,
      metadata: metadataOf(params),
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            subscription: id,
            price: copy(price),
            quantity: 1,
            current_period_start: start,
            current_period_end: periodEnd,
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      ...(options.legacyPeriodFields ? { current_period_start: start, current_period_end: periodEnd } : {}),
      livemode: false,
    });
  }

  /**
   * The subscription's first invoice. Paid at once when there is something to pay: a payment intent,
   * its charge, and the invoice_payment that links them to the invoice (API 2025-03-31 and later).
   */
  function payInvoice(
    subscriptionId: string,
    customerId: string,
    price: StripeObject,
    amount: number,
    methodId?: string,
  ) {
    const invoiceId = newId('in');
    if (amount > 0) {
      const intentId = newId('pi');
      const charge = put({
        id: newId('ch'),
        object: 'charge',
        created: now(),
        amount,
        amount_refunded: 0,
        currency: price.currency,
        customer: customerId,
        paid: true,
        captured: true,
        refunded: false,
        disputed: false,
        status: 'succeeded',
        payment_intent: intentId,
        payment_method: methodId ?? null,
        payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242' } },
        receipt_url: `https://pay.stripe.com/receipts/invoices/${randomBytes(12).toString('hex')}`,
        metadata: {},
        livemode: false,
      });
      put({
        id: intentId,
        object: 'payment_intent',
        created: now(),
        amount,
        currency: price.currency,
        customer: customerId,
        status: 'succeeded',
        latest_charge: charge.id,
        metadata: {},
        livemode: false,
      });
      put({
        id: newId('inpay'),
        object: 'invoice_payment',
        created: now(),
        invoice: invoiceId,
        amount_paid: amount,
        amount_requested: amount,
        currency: price.currency,
        is_default: true,
        payment: { type: 'payment_intent', payment_intent: intentId },
        status: 'paid',
        livemode: false,
      });
    }
    return put({
      id: invoiceId,
      object: 'invoice',
      created: now(),
      customer: customerId,
      status: 'paid',
      billing_reason: 'subscription_create',
      amount_due: amount,
      amount_paid: amount,
      currency: price.currency,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscriptionId, metadata: {} },
      },
      livemode: false,
    });
  }

  function listInvoicePayments(params: FormObject) {
    const invoice = text(params, 'invoice');
    const paymentIntent = text(params, 'payment', 'payment_intent');
    const matches = [...store.values()].filter(
      (o) =>
        o.object === 'invoice_payment' &&
        (invoice === undefined || o.invoice === invoice) &&
        (paymentIntent === undefined || (o.payment as { payment_intent?: string }).payment_intent === paymentIntent),
    );
    return listOf(matches, '/v1/invoice_payments', integer(params, 'limit') ?? 10);
  }

  function cancelSubscription(id: string) {
    const subscription = find(id, 'subscription');
    if (subscription.status === 'canceled') {
      throw invalid(`No such subscription: '${id}'; it has been canceled.`);
    }
    Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now() });
    return subscription;
  }

  /** `trial_end=now`: the first period starts now and its invoice is charged at once (past_due when declined). */
  function endTrial(subscription: StripeObject) {
    const item = (subscription.items as { data: Array<Record<string, unknown>> }).data[0]!;
    const price = item.price as StripeObject;
    const methodId = (subscription.default_payment_method as string | null) ?? undefined;
    const card = methodId ? cards.get(methodId) : undefined;
    const start = now();
    const periodEnd = start + ((price.recurring as { interval: string }).interval === 'year' ? 365 : 30) * DAY;
    const paid = !card || card.charge === 'ok';
    const invoice = payInvoice(
      String(subscription.id),
      String(subscription.customer),
      price,
      paid ? Number(price.unit_amount) : 0,
      methodId,
    );
    Object.assign(item, { current_period_start: start, current_period_end: periodEnd });
    Object.assign(subscription, {
      status: paid ? 'active' : 'past_due',
      trial_end: start,
      latest_invoice: invoice.id,
      ...(options.legacyPeriodFields ? { current_period_start: start, current_period_end: periodEnd } : {}),
    });
  }

  function updateSubscription(id: string, params: FormObject) {
    const subscription = find(id, 'subscription');
    if (subscription.status === 'canceled') {
      throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
    }
    if (text(params, 'trial_end') === 'now' && subscription.status === 'trialing') endTrial(subscription);
    const cancel = text(params, 'cancel_at_period_end');
    if (cancel !== undefined) subscription.cancel_at_period_end = cancel === 'true';
    if (params.metadata) subscription.metadata = { ...(subscription.metadata as object), ...metadataOf(params) };
    return subscription;
  }

  // ---- routing ----

  type Handler = (match: RegExpMatchArray, params: FormObject) => unknown;
  const routes: Array<[string, RegExp, Handler]> = [
    ['POST', /^\/v1\/customers$/, (_m, p) => createCustomer(p)],
    ['GET', /^\/v1\/customers$/, (_m, p) => listCustomers(p)],
    ['GET', /^\/v1\/customers\/search$/, (_m, p) => searchCustomers(p)],
    ['GET', /^\/v1\/customers\/([^/]+)$/, (m) => find(m[1]!, 'customer')],
    ['POST', /^\/v1\/customers\/([^/]+)$/, (m, p) => updateCustomer(m[1]!, p)],
    ['POST', /^\/v1\/setup_intents$/, (_m, p) => createSetupIntent(p)],
    ['GET', /^\/v1\/payment_methods\/([^/]+)$/, (m, p) => retrievePaymentMethod(m[1]!, p)],
    ['POST', /^\/v1\/payment_methods\/([^/]+)\/attach$/, (m, p) => attachPaymentMethod(m[1]!, p)],
    ['POST', /^\/v1\/checkout\/sessions$/, (_m, p) => publicSession(createCheckoutSession(p), list(p.expand))],
    ['GET', /^\/v1\/checkout\/sessions$/, (_m, p) => listCheckoutSessions(p)],
    ['POST', /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, (m) => expireOpenSession(m[1]!)],
    [
      'GET',
      /^\/v1\/checkout\/sessions\/([^/]+)$/,
      (m, p) => publicSession(find(m[1]!, 'checkout.session'), list(p.expand)),
    ],
    ['POST', /^\/v1\/subscriptions$/, (_m, p) => expanded(createSubscription(p), list(p.expand))],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, (m, p) => expanded(find(m[1]!, 'subscription'), list(p.expand))],
    ['POST', /^\/v1\/subscriptions\/([^/]+)$/, (m, p) => expanded(updateSubscription(m[1]!, p), list(p.expand))],
    ['DELETE', /^\/v1\/subscriptions\/([^/]+)$/, (m) => cancelSubscription(m[1]!)],
    ['GET', /^\/v1\/invoices\/([^/]+)$/, (m, p) => expanded(find(m[1]!, 'invoice'), list(p.expand))],
    ['GET', /^\/v1\/invoice_payments$/, (_m, p) => listInvoicePayments(p)],
    ['POST', /^\/v1\/refunds$/, (_m, p) => createRefund(p)],
    ['GET', /^\/v1\/refunds$/, (_m, p) => listRefunds(p)],
    ['GET', /^\/v1\/refunds\/([^/]+)$/, (m) => find(m[1]!, 'refund')],
  ];

  function dispatch(method: string, path: string, params: FormObject): { status: number; body: unknown } {
    for (const [routeMethod, pattern, handler] of routes) {
      const match = method === routeMethod ? path.match(pattern) : null;
      if (!match) continue;
      try {
        return { status: 200, body: copy(handler(match, params)) };
      } catch (error) {
        if (error instanceof StripeApiError) return { status: error.status, body: error.toJSON() };
        throw error;
      }
    }
    return {
      status: 404,
      body: new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`).toJSON(),
    };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const method = req.method ?? 'GET';
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': newId('req'),
          'stripe-version': String(req.headers['stripe-version'] ?? API_VERSION),
          ...headers,
        });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return send(401, new StripeApiError(401, 'invalid_request_error', 'Invalid API Key provided.').toJSON());
      }
      const params = parseStripeForm(method === 'POST' ? Buffer.concat(chunks).toString('utf8') : url.search.slice(1));
      const header = req.headers['idempotency-key'];
      const key = (method === 'POST' || method === 'DELETE') && typeof header === 'string' ? header : undefined;
      requests.push({ method, path: url.pathname, params, idempotencyKey: key });
      const failure = [...failing].find((f) => f.method === method && f.path.test(url.pathname));
      if (failure) {
        if (--failure.left <= 0) failing.delete(failure);
        const error = new StripeApiError(500, 'api_error', 'An unknown error occurred (a failure the test asked for).');
        return send(500, error.toJSON(), { 'stripe-should-retry': 'false' });
      }
      const request = JSON.stringify([method, url.pathname, params]);
      const replay = key === undefined ? undefined : idempotent.get(key);
      let result: { status: number; body: unknown };
      if (replay && replay.request !== request) {
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${String(key)}' if you meant to execute a different request.`;
        result = { status: 400, body: new StripeApiError(400, 'idempotency_error', message).toJSON() };
      } else if (replay) {
        result = replay;
      } else {
        result = dispatch(method, url.pathname, params);
        if (key !== undefined) idempotent.set(key, { request, ...result });
      }
      if ([...losing].some((l) => l.method === method && l.path.test(url.pathname))) {
        req.socket.destroy();
        return;
      }
      send(result.status, result.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  // ---- test hooks ----

  const sessionWithCharge = (sessionId: string) => {
    const session = find(sessionId, 'checkout.session');
    const intent = session.payment_intent ? find(String(session.payment_intent), 'payment_intent') : null;
    const charge = intent?.latest_charge ? find(String(intent.latest_charge), 'charge') : null;
    return { session, intent, charge };
  };

  function chargeFor(
    session: StripeObject,
    intentId: string,
    status: 'succeeded' | 'failed',
    details: { paymentMethodType: string; receiptUrl: string | null },
  ) {
    return put({
      id: newId('ch'),
      object: 'charge',
      created: now(),
      amount: session.amount_total,
      amount_refunded: 0,
      currency: session.currency,
      paid: status === 'succeeded',
      captured: status === 'succeeded',
      refunded: false,
      disputed: false,
      status,
      payment_intent: intentId,
      payment_method_details: {
        type: details.paymentMethodType,
        card: { brand: 'visa', last4: status === 'succeeded' ? '4242' : '0002' },
      },
      receipt_url: status === 'succeeded' ? details.receiptUrl : null,
      failure_code: status === 'failed' ? 'card_declined' : null,
      failure_message: status === 'failed' ? 'Your card was declined.' : null,
      metadata: copy(session.metadata),
      livemode: false,
    });
  }

  function payAttempt(
    sessionId: string,
    outcome: 'succeeded' | 'failed',
    details: { paymentMethodType: string; receiptUrl: string | null },
  ) {
    const { session } = sessionWithCharge(sessionId);
    if (session.status !== 'open') throw new Error(`checkout session ${sessionId} is ${String(session.status)}`);
    const intentId = newId('pi');
    const charge = chargeFor(session, intentId, outcome, details);
    put({
      id: intentId,
      object: 'payment_intent',
      created: now(),
      amount: session.amount_total,
      currency: session.currency,
      status: outcome === 'succeeded' ? 'succeeded' : 'requires_payment_method',
      latest_charge: charge.id,
      metadata: copy(session.metadata),
      livemode: false,
    });
    session.payment_intent = intentId;
    if (outcome === 'succeeded') Object.assign(session, { status: 'complete', payment_status: 'paid' });
    return publicSession(session, []);
  }

  function refundCharge(charge: StripeObject, amount?: number) {
    const refunded = Math.min(
      Number(charge.amount),
      Number(charge.amount_refunded) + (amount ?? Number(charge.amount)),
    );
    Object.assign(charge, { amount_refunded: refunded, refunded: refunded >= Number(charge.amount) });
    return copy(charge);
  }

  /**
   * `POST /v1/refunds` (payment_intent or charge; the whole remaining amount unless `amount`): the
   * charge is refunded and a `refund` object stored. A fully refunded charge answers 400
   * `charge_already_refunded`, as Stripe does.
   */
  function createRefund(params: FormObject) {
    const intentId = text(params, 'payment_intent');
    const chargeId =
      text(params, 'charge') ??
      (intentId ? find(intentId, 'payment_intent', 'payment_intent').latest_charge : undefined);
    if (!chargeId) throw invalid('Must provide either `payment_intent` or `charge`.');
    const charge = find(String(chargeId), 'charge', 'charge');
    if (charge.status !== 'succeeded') throw invalid(`Charge ${String(charge.id)} has not succeeded.`, 'charge');
    const left = Number(charge.amount) - Number(charge.amount_refunded);
    if (charge.refunded || left <= 0) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Charge ${String(charge.id)} has already been refunded.`,
        'charge_already_refunded',
      );
    }
    const amount = integer(params, 'amount') ?? left;
    if (amount > left) throw invalid(`Refund amount ($${amount / 100}) is greater than unrefunded amount.`, 'amount');
    refundCharge(charge, amount);
    return put({
      id: newId('re'),
      object: 'refund',
      created: now(),
      amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      status: 'succeeded',
      reason: text(params, 'reason') ?? null,
      metadata: metadataOf(params),
    });
  }

  /** `GET /v1/refunds?charge=…` (or `payment_intent=…`), newest first. */
  function listRefunds(params: FormObject) {
    const chargeId = text(params, 'charge');
    const intentId = text(params, 'payment_intent');
    const matches = [...store.values()]
      .filter(
        (o) =>
          o.object === 'refund' &&
          (chargeId === undefined || o.charge === chargeId) &&
          (intentId === undefined || o.payment_intent === intentId),
      )
      .sort((a, b) => Number(b.created) - Number(a.created));
    return listOf(matches, '/v1/refunds', integer(params, 'limit') ?? 10);
  }

  function disputeCharge(charge: StripeObject) {
    charge.disputed = true;
    return copy(
      put({
        id: newId('dp'),
        object: 'dispute',
        created: now(),
        amount: charge.amount,
        currency: charge.currency,
        charge: charge.id,
        payment_intent: charge.payment_intent,
        reason: 'fraudulent',
        status: 'needs_response',
        livemode: false,
      }),
    );
  }

  /** The charge that paid the subscription's latest invoice. */
  function chargeOfSubscription(subscriptionId: string): StripeObject {
    const subscription = find(subscriptionId, 'subscription');
    const invoiceId = String(subscription.latest_invoice);
    const payment = [...store.values()].find((o) => o.object === 'invoice_payment' && o.invoice === invoiceId);
    const intentId = (payment?.payment as { payment_intent?: string } | undefined)?.payment_intent;
    if (!intentId)
      throw new Error(`subscription ${subscriptionId} has no paid invoice (a trial has nothing to refund)`);
    return find(String(find(intentId, 'payment_intent').latest_charge), 'charge');
  }

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    secretKey,
    requests,
    definePrice(id, price) {
      prices.set(id, {
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
      const found = store.get(id);
      return found ? copy(found) : undefined;
    },
    completeCheckout(sessionId, details = {}) {
      const receiptUrl =
        details.receiptUrl === undefined
          ? `https://pay.stripe.com/receipts/payment/${randomBytes(12).toString('hex')}`
          : details.receiptUrl;
      return payAttempt(sessionId, 'succeeded', { paymentMethodType: details.paymentMethodType ?? 'card', receiptUrl });
    },
    completeSubscriptionCheckout(sessionId, paymentMethod = 'pm_card_visa') {
      const session = find(sessionId, 'checkout.session');
      if (session.mode !== 'subscription') throw new Error(`checkout session ${sessionId} is not in subscription mode`);
      if (session.status !== 'open') throw new Error(`checkout session ${sessionId} is ${String(session.status)}`);
      const customerId =
        (session.customer as string | null) ??
        createCustomer({ ...(session.customer_email ? { email: String(session.customer_email) } : {}) }).id;
      const method = attachPaymentMethod(paymentMethod, { customer: customerId });
      const items = (session.line_items as { data: Array<{ price: string }> }).data;
      const data = session.subscription_data as { trial_period_days: number; metadata: Record<string, string> };
      const subscription = createSubscription({
        customer: customerId,
        items: [{ price: items[0]!.price }],
        default_payment_method: method.id,
        ...(data.trial_period_days > 0 ? { trial_period_days: String(data.trial_period_days) } : {}),
        metadata: data.metadata,
      });
      Object.assign(session, {
        customer: customerId,
        subscription: subscription.id,
        status: 'complete',
        payment_status: data.trial_period_days > 0 ? 'no_payment_required' : 'paid',
      });
      return publicSession(session, []);
    },
    declineCheckout(sessionId) {
      return payAttempt(sessionId, 'failed', { paymentMethodType: 'card', receiptUrl: null });
    },
    expireCheckout(sessionId) {
      const { session } = sessionWithCharge(sessionId);
      if (session.status !== 'open') throw new Error(`checkout session ${sessionId} is ${String(session.status)}`);
      session.status = 'expired';
      return publicSession(session, []);
    },
    refundCheckout(sessionId, amount) {
      const { charge } = sessionWithCharge(sessionId);
      if (!charge || charge.status !== 'succeeded')
        throw new Error(`checkout session ${sessionId} has no successful charge`);
      return refundCharge(charge, amount);
    },
    chargeOfCheckout(sessionId) {
      const { charge } = sessionWithCharge(sessionId);
      if (!charge) throw new Error(`checkout session ${sessionId} has no charge`);
      return copy(charge);
    },
    disputeCheckout(sessionId) {
      const { charge } = sessionWithCharge(sessionId);
      if (!charge) throw new Error(`checkout session ${sessionId} has no charge`);
      return disputeCharge(charge);
    },
    refundSubscription(subscriptionId, amount) {
      return refundCharge(chargeOfSubscription(subscriptionId), amount);
    },
    disputeSubscription(subscriptionId) {
      return disputeCharge(chargeOfSubscription(subscriptionId));
    },
    loseAnswers(method, path) {
      const rule = { method, path };
      losing.add(rule);
      return () => losing.delete(rule);
    },
    failRequests(method, path, times = Number.POSITIVE_INFINITY) {
      const rule = { method, path, left: times };
      failing.add(rule);
      return () => failing.delete(rule);
    },
    all: (objectType) => [...store.values()].filter((o) => o.object === objectType).map(copy),
    failRenewal(subscriptionId) {
      const subscription = find(subscriptionId, 'subscription');
      subscription.status = 'past_due';
      const item = (subscription.items as { data: Array<{ price: { unit_amount: number; currency: string } }> })
        .data[0]!;
      return copy(
        put({
          id: newId('in'),
          object: 'invoice',
          created: now(),
          customer: subscription.customer,
          status: 'open',
          billing_reason: 'subscription_cycle',
          amount_due: item.price.unit_amount,
          currency: item.price.currency,
          attempt_count: 1,
          parent: {
            type: 'subscription_details',
            quote_details: null,
            subscription_details: { subscription: subscriptionId, metadata: {} },
          },
          livemode: false,
        }),
      );
    },
    endSubscription(subscriptionId) {
      const subscription = find(subscriptionId, 'subscription');
      Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now() });
      return copy(subscription);
    },
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
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
