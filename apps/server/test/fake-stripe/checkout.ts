import { randomBytes } from 'node:crypto';
import type { Route } from './server.js';
import { copy, DAY, newId, now, type StripeObject, type StripeState } from './state.js';
import { at, integer, invalid, list, metadataOf, missing, StripeApiError, text, type FormObject } from './wire.js';

/** What the hosted page of a subscription-mode session does at the other resources. */
interface HostedPageSteps {
  createCustomer(params: FormObject): StripeObject;
  attachPaymentMethod(id: string, params: FormObject): StripeObject;
  createSubscription(params: FormObject): StripeObject;
}

/**
 * Checkout Sessions. A payment session takes several `price_data` line items (a cart); a
 * subscription session one recurring price, an existing customer and an optional trial.
 * `POST …/sessions/:id/expire` closes an open one (400 for any other status, as at Stripe), in either
 * mode. The hosted page itself is played by test hooks: the customer pays (a payment intent and a
 * charge), is declined, or completes a subscription with a test card.
 */
export function checkoutApi({ store, prices, put, find, listOf, expanded }: StripeState, steps: HostedPageSteps) {
  /** Either mode: absolute return URLs, and a success URL. */
  function checkReturnUrls(params: FormObject) {
    for (const field of ['success_url', 'cancel_url'] as const) {
      const url = text(params, field);
      if (url !== undefined && !/^https?:\/\/[^/]+/.test(url)) throw invalid('Not a valid URL', field);
    }
    if (!text(params, 'success_url')) throw invalid('Missing required param: success_url.', 'success_url');
  }

  /** The fields of a new open session that both modes have. */
  function openSession(params: FormObject, mode: 'payment' | 'subscription', amount: number, currency: unknown) {
    const id = `cs_test_${randomBytes(16).toString('hex')}`;
    return {
      id,
      object: 'checkout.session',
      created: now(),
      expires_at: now() + DAY,
      mode,
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: amount,
      amount_total: amount,
      currency,
      customer_email: text(params, 'customer_email') ?? null,
      client_reference_id: text(params, 'client_reference_id') ?? null,
      metadata: metadataOf(params),
      payment_intent: null,
      success_url: text(params, 'success_url') ?? null,
      cancel_url: text(params, 'cancel_url') ?? null,
      url: `https://checkout.stripe.com/c/pay/${id}`,
      livemode: false,
    };
  }

  /** Checkout in subscription mode: one recurring price, an existing customer, an optional trial. */
  function createSubscriptionSession(params: FormObject) {
    const priceId = text(params, 'line_items', 0, 'price');
    if (!priceId) throw invalid('Missing required param: line_items[0][price].', 'line_items[0][price]');
    const price = prices.get(priceId);
    if (!price) throw missing('price', priceId, 'line_items[0][price]');
    const customerId = text(params, 'customer');
    if (customerId) find(customerId, 'customer', 'customer');
    checkReturnUrls(params);
    const trialDays = integer(params, 'subscription_data', 'trial_period_days') ?? 0;
    const amount = trialDays > 0 ? 0 : Number(price.unit_amount);
    const subscriptionData = at(params, 'subscription_data');
    return put({
      ...openSession(params, 'subscription', amount, price.currency),
      customer: customerId ?? null,
      payment_method_collection: text(params, 'payment_method_collection') ?? 'always',
      subscription: null,
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
    checkReturnUrls(params);
    const amount = lineItems.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0);
    const session = openSession(params, 'payment', amount, lineItems[0]!.currency);
    return put({
      ...session,
      customer: null,
      // Not part of the session object Stripe returns (it needs `expand[]=line_items`): kept for assertions.
      line_items: {
        object: 'list',
        data: lineItems,
        has_more: false,
        url: `/v1/checkout/sessions/${session.id}/line_items`,
      },
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

  // ---- the hosted page (test hooks) ----

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

  /** The customer pays on the hosted page: the session becomes complete/paid with a payment intent and a charge. */
  function completeCheckout(
    sessionId: string,
    details: { paymentMethodType?: string; receiptUrl?: string | null } = {},
  ) {
    const receiptUrl =
      details.receiptUrl === undefined
        ? `https://pay.stripe.com/receipts/payment/${randomBytes(12).toString('hex')}`
        : details.receiptUrl;
    return payAttempt(sessionId, 'succeeded', { paymentMethodType: details.paymentMethodType ?? 'card', receiptUrl });
  }

  /** The customer completes a subscription-mode page with a test payment method (`pm_card_visa` by default). */
  function completeSubscriptionCheckout(sessionId: string, paymentMethod = 'pm_card_visa') {
    const session = find(sessionId, 'checkout.session');
    if (session.mode !== 'subscription') throw new Error(`checkout session ${sessionId} is not in subscription mode`);
    if (session.status !== 'open') throw new Error(`checkout session ${sessionId} is ${String(session.status)}`);
    const customerId =
      (session.customer as string | null) ??
      steps.createCustomer({ ...(session.customer_email ? { email: String(session.customer_email) } : {}) }).id;
    const method = steps.attachPaymentMethod(paymentMethod, { customer: customerId });
    const items = (session.line_items as { data: Array<{ price: string }> }).data;
    const data = session.subscription_data as { trial_period_days: number; metadata: Record<string, string> };
    const subscription = steps.createSubscription({
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
  }

  /** The customer's card is declined on the hosted page: the session stays open and unpaid. */
  function declineCheckout(sessionId: string) {
    return payAttempt(sessionId, 'failed', { paymentMethodType: 'card', receiptUrl: null });
  }

  function expireCheckout(sessionId: string) {
    const { session } = sessionWithCharge(sessionId);
    if (session.status !== 'open') throw new Error(`checkout session ${sessionId} is ${String(session.status)}`);
    session.status = 'expired';
    return publicSession(session, []);
  }

  const routes: Route[] = [
    ['POST', /^\/v1\/checkout\/sessions$/, (_m, p) => publicSession(createCheckoutSession(p), list(p.expand))],
    ['GET', /^\/v1\/checkout\/sessions$/, (_m, p) => listCheckoutSessions(p)],
    ['POST', /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, (m) => expireOpenSession(m[1]!)],
    [
      'GET',
      /^\/v1\/checkout\/sessions\/([^/]+)$/,
      (m, p) => publicSession(find(m[1]!, 'checkout.session'), list(p.expand)),
    ],
  ];
  return {
    routes,
    sessionWithCharge,
    completeCheckout,
    completeSubscriptionCheckout,
    declineCheckout,
    expireCheckout,
  };
}
