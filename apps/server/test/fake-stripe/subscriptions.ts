import { randomBytes } from 'node:crypto';
import type { Route } from './server.js';
import { copy, DAY, newId, now, type StripeObject, type StripeState } from './state.js';
import { declined, integer, invalid, list, metadataOf, missing, text, type FormObject } from './wire.js';

/**
 * Subscriptions and their invoices. A subscription without trial is paid at once, as at Stripe: an
 * invoice (`parent.subscription_details`), its payment intent and charge, and an `invoice_payment`
 * linking them (`GET /v1/invoice_payments`). A card that fails charges (`pm_card_chargeCustomerFail`)
 * is declined then.
 */
export function subscriptionApi({ options, store, prices, cards, put, find, listOf, expanded }: StripeState) {
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

  /** A renewal payment fails: the subscription becomes past_due; returns the invoice. */
  function failRenewal(subscriptionId: string): StripeObject {
    const subscription = find(subscriptionId, 'subscription');
    subscription.status = 'past_due';
    const item = (subscription.items as { data: Array<{ price: { unit_amount: number; currency: string } }> }).data[0]!;
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
  }

  /** The subscription ends now (period over after cancel_at_period_end, or canceled in the dashboard). */
  function endSubscription(subscriptionId: string): StripeObject {
    const subscription = find(subscriptionId, 'subscription');
    Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now() });
    return copy(subscription);
  }

  const routes: Route[] = [
    ['POST', /^\/v1\/subscriptions$/, (_m, p) => expanded(createSubscription(p), list(p.expand))],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, (m, p) => expanded(find(m[1]!, 'subscription'), list(p.expand))],
    ['POST', /^\/v1\/subscriptions\/([^/]+)$/, (m, p) => expanded(updateSubscription(m[1]!, p), list(p.expand))],
    ['DELETE', /^\/v1\/subscriptions\/([^/]+)$/, (m) => cancelSubscription(m[1]!)],
    ['GET', /^\/v1\/invoices\/([^/]+)$/, (m, p) => expanded(find(m[1]!, 'invoice'), list(p.expand))],
    ['GET', /^\/v1\/invoice_payments$/, (_m, p) => listInvoicePayments(p)],
  ];
  return { routes, createSubscription, chargeOfSubscription, failRenewal, endSubscription };
}
