import type Stripe from 'stripe';
import { CommerceMessages } from '@tarab/contracts';
import { AppError } from '../../lib/errors.js';
import * as repo from './commerce.repo.js';
import * as carts from './cart.repo.js';
import { confirmCartCheckout, expireCart, refundCart, refundCartLines } from './cart.service.js';
import { confirmCheckout, expireCheckout, refundOrder, type CommerceContext } from './purchase.service.js';
import { endStripeSubscriptionNow, periodEndOf, toSubscriptionStatus } from './stripe-payment-provider.js';
import { confirmSubscriptionCheckout } from './subscription-checkout.service.js';
import { endRefundedSubscription, syncSubscription } from './subscription.service.js';

export interface StripeWebhookContext extends CommerceContext {
  stripe: Stripe;
  /** STRIPE_WEBHOOK_SECRET (`whsec_…`); without it no event can be trusted. */
  webhookSecret: string | undefined;
}

/**
 * The event, once its `Stripe-Signature` matches the raw body and its timestamp is recent
 * (the SDK's default tolerance, 300 s). Anything else is answered 400 and changes nothing.
 */
export function verifyStripeEvent(
  ctx: StripeWebhookContext,
  rawBody: Buffer | string | undefined,
  signature: string | undefined,
): Stripe.Event {
  if (!ctx.webhookSecret) throw new AppError(503, 'payments_not_configured');
  try {
    return ctx.stripe.webhooks.constructEvent(rawBody ?? '', signature ?? '', ctx.webhookSecret);
  } catch (error) {
    throw new AppError(400, 'invalid_signature', undefined, { cause: error });
  }
}

/** A change to our rows, applied inside the transaction that records the event. */
type Effect = (ctx: CommerceContext) => Promise<unknown>;

type Ref = string | { id: string } | null | undefined;
const idOf = (ref: Ref): string | null => (typeof ref === 'string' ? ref : (ref?.id ?? null));

/** API versions before 2025-03-31 name the invoice's subscription at the top level. */
type InvoiceOfAnyVersion = Stripe.Invoice & { subscription?: Ref };
const subscriptionOfInvoice = (invoice: InvoiceOfAnyVersion): string | null =>
  idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);

/** The Checkout Session (our order's provider_ref) that created a payment intent, if one did. */
async function checkoutOfPaymentIntent(stripe: Stripe, paymentIntent: string | null): Promise<string | null> {
  if (!paymentIntent) return null;
  const sessions = await stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
  return sessions.data[0]?.id ?? null;
}

function confirmPaidCheckout(session: Stripe.Checkout.Session): Effect | null {
  // `complete` but unpaid: a delayed payment method; checkout.session.async_payment_succeeded follows.
  if (session.mode !== 'payment' || session.payment_status !== 'paid') return null;
  return async (ctx) => {
    // Sessions that are not ours (another integration on the same account) are ignored.
    if (await repo.findOrderByRef(ctx.db, session.id)) await confirmCheckout(ctx, session.id, null);
    else if (await carts.findCartByRef(ctx.db, session.id)) await confirmCartCheckout(ctx, session.id, null);
  };
}

/** Older API versions name the charge's invoice; newer ones link them through invoice_payments. */
type ChargeOfAnyVersion = { payment_intent: Ref; invoice?: Ref };

/** The subscription whose invoice a payment intent paid, if any. */
async function subscriptionOfPayment(stripe: Stripe, payment: ChargeOfAnyVersion): Promise<string | null> {
  let invoiceId = idOf(payment.invoice);
  const paymentIntent = idOf(payment.payment_intent);
  if (!invoiceId && paymentIntent) {
    const payments = await stripe.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: paymentIntent },
      limit: 1,
    });
    invoiceId = idOf(payments.data[0]?.invoice);
  }
  if (!invoiceId) return null;
  return subscriptionOfInvoice(await stripe.invoices.retrieve(invoiceId));
}

/**
 * A refund or dispute. Of a checkout: the order is refunded and its license revoked. Of a
 * subscription invoice: the subscription ends now, at Stripe (no renewal; a no-op when it already
 * ended) and here (no further subscription downloads). Both are idempotent, so replays and any order
 * of refund, dispute and deletion events end the same way.
 */
async function refundOfPayment(stripe: Stripe, payment: ChargeOfAnyVersion): Promise<Effect | null> {
  const sessionId = await checkoutOfPaymentIntent(stripe, idOf(payment.payment_intent));
  // A single-track order or a cart (a whole playlist): whichever the session is.
  if (sessionId) return async (ctx) => (await refundCart(ctx, sessionId)) || refundOrder(ctx, sessionId);
  const subscriptionId = await subscriptionOfPayment(stripe, payment);
  if (!subscriptionId) return null;
  await endStripeSubscriptionNow(stripe, subscriptionId);
  return (ctx) => endRefundedSubscription(ctx, subscriptionId);
}

/** Refunds that give money back (pending ones included: the customer is being paid back). */
const givesBack = (refund: Stripe.Refund) => refund.status === 'succeeded' || refund.status === 'pending';

/**
 * A partial refund of a checkout's charge (`charge.refunded` with amount_refunded < amount). Which
 * lines it refunds is read from the refunds themselves: the console's refund of a line carries
 * `metadata.order_id`, and that line (of this checkout only) is refunded and its licence revoked. A
 * refund that names no line (made in Stripe's dashboard, say) cannot be mapped to a licence by its
 * amount alone (two lines may cost the same), so it revokes nothing; it is logged for the operator,
 * who refunds the line in the console (the console refunds only what is left). A partial refund of a
 * subscription invoice keeps the subscription.
 */
async function partialRefundOfPayment(stripe: Stripe, charge: Stripe.Charge): Promise<Effect | null> {
  const sessionId = await checkoutOfPaymentIntent(stripe, idOf(charge.payment_intent));
  if (!sessionId) return null;
  const refunds = (await stripe.refunds.list({ charge: charge.id, limit: 100 })).data.filter(givesBack);
  const named = refunds.flatMap((refund) => {
    const id = Number(refund.metadata?.order_id);
    return Number.isSafeInteger(id) && id > 0 ? [id] : [];
  });
  const unnamed = refunds.filter((refund) => !refund.metadata?.order_id);
  return async (ctx) => {
    if (await carts.findCartByRef(ctx.db, sessionId)) await refundCartLines(ctx, sessionId, named);
    else {
      const order = await repo.findOrderByRef(ctx.db, sessionId);
      if (order && named.includes(order.id)) await refundOrder(ctx, sessionId);
    }
    if (unnamed.length > 0) {
      ctx.log?.warn(
        {
          charge: charge.id,
          checkout: sessionId,
          amountRefunded: charge.amount_refunded,
          amount: charge.amount,
          refunds: unnamed.map((refund) => ({ id: refund.id, amount: refund.amount })),
        },
        'a partial refund names no order line: no licence was revoked (refund the line in the console)',
      );
    }
  };
}

/**
 * Webhook payloads are snapshots and may arrive out of order, so a subscription is synced from its
 * current state at Stripe (one retrieve), not from the event's copy.
 */
async function syncFromStripe(stripe: Stripe, subscriptionId: string | null): Promise<Effect | null> {
  if (!subscriptionId) return null;
  const current = await stripe.subscriptions.retrieve(subscriptionId);
  return (ctx) =>
    syncSubscription(ctx, current.id, {
      status: toSubscriptionStatus(current.status),
      currentPeriodEnd: periodEndOf(current),
      cancelAtPeriodEnd: current.cancel_at_period_end,
    });
}

/** What an event asks of us, worked out (with any Stripe look-ups) before a row is touched. */
async function effectOf(stripe: Stripe, event: Stripe.Event): Promise<Effect | null> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return confirmPaidCheckout(event.data.object);
    case 'checkout.session.expired': {
      const sessionId = event.data.object.id;
      return async (ctx) => {
        await expireCheckout(ctx, sessionId);
        await expireCart(ctx, sessionId);
        await repo.setSubscriptionCheckoutStatus(ctx.db, sessionId, 'expired');
      };
    }
    case 'charge.refunded':
      // A full refund ends the purchase; a partial one revokes the lines its refunds name.
      return event.data.object.refunded
        ? refundOfPayment(stripe, event.data.object)
        : partialRefundOfPayment(stripe, event.data.object);
    case 'charge.dispute.created':
      return refundOfPayment(stripe, event.data.object);
    case 'customer.subscription.updated':
      return syncFromStripe(stripe, event.data.object.id);
    case 'invoice.payment_failed':
      // Stripe moves the subscription to past_due (or further, once retries are exhausted).
      return syncFromStripe(stripe, subscriptionOfInvoice(event.data.object));
    case 'customer.subscription.deleted': {
      const subscriptionId = event.data.object.id;
      return (ctx) => syncSubscription(ctx, subscriptionId, { status: 'canceled' });
    }
    default:
      return null;
  }
}

/**
 * A subscription checkout completed: its subscription is recorded (the user may never come back to
 * /stripe-checkout). It calls the provider and takes the subscribe lock, so it runs before the event's
 * transaction; it is idempotent itself (a recorded subscription is found by its ref). A session that
 * is not ours, or a second subscription the confirmation ended, is done with; anything else (the lock
 * held too long, an outage) fails the delivery and Stripe sends the event again.
 */
async function recordSubscriptionCheckout(ctx: StripeWebhookContext, sessionId: string): Promise<void> {
  try {
    await confirmSubscriptionCheckout(ctx, sessionId, null);
  } catch (error) {
    const settled =
      error instanceof AppError && (error.status === 404 || error.message === CommerceMessages.alreadySubscribed);
    if (!settled) throw error;
  }
}

/**
 * Applies one verified Stripe event at most once.
 *
 * Idempotency: the event id is inserted into payment_events inside the same transaction as the
 * event's effect. The effect's rows and the event row commit together, so an event is recorded
 * only once its handler succeeded (a failure rolls both back and Stripe's retry runs it again),
 * and a concurrent duplicate delivery blocks on the primary key until the first commits, then
 * finds the id taken and changes nothing. (The alternative, insert first and effect after, would
 * need the row removed again when the effect fails.) Stripe look-ups happen before the transaction
 * opens; only confirmCheckout's own retrieve of the session runs inside it. Every effect uses the
 * transaction's handle only: PGlite has one connection, and a query outside it would deadlock.
 */
export async function processStripeEvent(
  ctx: StripeWebhookContext,
  event: Stripe.Event,
): Promise<{ duplicate: boolean }> {
  if (event.type === 'checkout.session.completed' && event.data.object.mode === 'subscription') {
    await recordSubscriptionCheckout(ctx, event.data.object.id);
  }
  const effect = await effectOf(ctx.stripe, event);
  const result = await ctx.db.transaction(async (tx) => {
    const isNew = await repo.recordPaymentEvent(tx, { providerEventId: event.id, type: event.type });
    if (!isNew) return { duplicate: true };
    if (effect) {
      await effect({
        db: tx,
        provider: ctx.provider,
        // Notices are queued in this transaction: a rolled-back event sends nothing.
        ...(ctx.notices ? { notices: ctx.notices } : {}),
        ...(ctx.log ? { log: ctx.log } : {}),
      });
    }
    return { duplicate: false };
  });
  return result;
}
