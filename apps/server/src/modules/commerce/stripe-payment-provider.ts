import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import { CommerceMessages } from '@tarab/contracts';
import type {
  CheckoutInput,
  PayingUser,
  PaymentProvider,
  ProviderCheckoutState,
  ProviderSubscription,
  ProviderSubscriptionCheckout,
  ProviderSubscriptionStatus,
  RefundPart,
  SubscriptionCheckoutInput,
  SubscriptionInput,
} from './payment-provider.js';
import { PaymentError } from './payment-provider.js';

/** What the `stripe` driver needs from config.payments (and config.publicUrl). */
export interface StripeClientOptions {
  stripeSecretKey: string | undefined;
  /** Overrides Stripe's API address, e.g. `http://127.0.0.1:12111` (tests point it at a local fake). */
  stripeApiUrl?: string | undefined;
}

export interface StripePaymentProviderOptions {
  publishableKey?: string | undefined;
  /** Absolute base of our own pages for Checkout's success and cancel URLs. */
  publicUrl?: string | undefined;
}

const DEFAULT_PUBLIC_URL = 'http://localhost:8080';

/** The official SDK client, pointed at Stripe or (when `stripeApiUrl` is set) at another address. */
export function createStripeClient(options: StripeClientOptions): Stripe {
  if (!options.stripeSecretKey) throw new Error('STRIPE_SECRET_KEY is required for the stripe payment driver');
  if (!options.stripeApiUrl) return new Stripe(options.stripeSecretKey);
  const url = new URL(options.stripeApiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(options.stripeSecretKey, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  });
}

/** `/success?…` becomes `https://tarab.example/success?…`; absolute URLs stay as they are. */
export function absoluteUrl(publicUrl: string, url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return `${publicUrl.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

/** Card problems become PaymentError (shown to the user); everything else stays a server error. */
async function withCardErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const isCardError = error instanceof Stripe.errors.StripeCardError;
    throw isCardError ? new PaymentError(error.message, error.code ?? 'card_error') : error;
  }
}

/** The charge of a checkout retrieved with `expand: ['payment_intent.latest_charge']`. */
function chargeOf(session: Stripe.Checkout.Session): Stripe.Charge | null {
  const intent = session.payment_intent;
  if (!intent || typeof intent === 'string') return null;
  const charge = intent.latest_charge;
  return charge && typeof charge !== 'string' ? charge : null;
}

function toCheckoutState(session: Stripe.Checkout.Session): ProviderCheckoutState {
  const charge = chargeOf(session);
  const status = session.payment_status === 'paid' ? 'paid' : session.status === 'expired' ? 'expired' : 'open';
  return {
    id: session.id,
    status,
    url: status === 'open' ? (session.url ?? null) : null,
    amountCents: session.amount_total ?? 0,
    currency: session.currency ?? 'usd',
    paymentMethod: charge?.payment_method_details?.type ?? null,
    receiptUrl: charge?.receipt_url ?? null,
  };
}

const STATUS_OF: Partial<Record<string, ProviderSubscriptionStatus>> = {
  trialing: 'trialing',
  active: 'active',
  past_due: 'past_due',
  canceled: 'canceled',
  incomplete: 'incomplete',
  incomplete_expired: 'canceled',
};

/**
 * Stripe's statuses folded into ours: only trialing, active and past_due give access. unpaid,
 * paused and future values mean no access without being over (Stripe may revive them): incomplete.
 */
export function toSubscriptionStatus(status: Stripe.Subscription.Status): ProviderSubscriptionStatus {
  return STATUS_OF[status] ?? 'incomplete';
}

/**
 * The fields of a subscription the period end is read from: API versions before 2025-03-31 carry
 * `current_period_end` on the subscription, newer ones on each item.
 */
type SubscriptionOfAnyVersion = Pick<Stripe.Subscription, 'created' | 'trial_end'> & {
  current_period_end?: number | null;
  items?: { data: Array<{ current_period_end?: number | null }> };
};

export function periodEndOf(subscription: SubscriptionOfAnyVersion): Date {
  const itemEnds = (subscription.items?.data ?? [])
    .map((item) => item.current_period_end)
    .filter((end): end is number => typeof end === 'number');
  const seconds =
    subscription.current_period_end ??
    (itemEnds.length ? Math.min(...itemEnds) : null) ??
    subscription.trial_end ??
    subscription.created;
  return new Date(seconds * 1000);
}

function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  return {
    ref: subscription.id,
    status: toSubscriptionStatus(subscription.status),
    currentPeriodEnd: periodEndOf(subscription),
    trialEnd: subscription.trial_end ? new Date(subscription.trial_end * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

const numberOrNull = (value: string | undefined) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/**
 * A subscription-mode session retrieved with `expand: ['subscription.default_payment_method']`: its
 * subscription and the card's fingerprint (the trial is once per card).
 */
function toSubscriptionCheckout(session: Stripe.Checkout.Session): ProviderSubscriptionCheckout {
  const subscription = session.subscription && typeof session.subscription !== 'string' ? session.subscription : null;
  const method =
    subscription?.default_payment_method && typeof subscription.default_payment_method !== 'string'
      ? subscription.default_payment_method
      : null;
  return {
    id: session.id,
    status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
    userId: numberOrNull(session.metadata?.user_id),
    planPriceId: numberOrNull(session.metadata?.plan_price_id),
    subscription: subscription ? toProviderSubscription(subscription) : null,
    cardFingerprint: method?.card?.fingerprint ?? null,
  };
}

type Ref = string | { id: string } | null | undefined;
const idOf = (ref: Ref): string | null => (typeof ref === 'string' ? ref : (ref?.id ?? null));

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** One customer per user and email, however many calls try to create it at once. */
const customerIdempotencyKey = (user: PayingUser) =>
  `tarab-customer-${sha256(`${user.id}|${user.email.toLowerCase()}`)}`;

/**
 * Cancels a Stripe subscription now (no proration, no further invoice); nothing when it has already
 * ended, so a replayed webhook or a second call changes nothing.
 */
export async function endStripeSubscriptionNow(stripe: Stripe, ref: string): Promise<void> {
  let current: Stripe.Subscription;
  try {
    current = await stripe.subscriptions.retrieve(ref);
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  if (current.status === 'canceled' || current.status === 'incomplete_expired') return;
  await stripe.subscriptions.cancel(ref, {}, { idempotencyKey: `tarab-end-${ref}` });
}

/** The Stripe search query of the customers Tarab made for one user (their `metadata.user_id`). */
const customerQueryOf = (userId: number) => `metadata['user_id']:'${String(userId)}'`;

/**
 * The `stripe` payment driver (official SDK): Checkout Sessions for single tracks, SetupIntents and
 * Subscriptions for plans. Nothing Stripe-specific is stored: a Customer is found again by the user id
 * in its metadata, never by email (an email at Stripe is nobody's proof of anything: anyone can make
 * a customer with any address, and an account's address changes).
 */
export function createStripePaymentProvider(
  stripe: Stripe,
  options: StripePaymentProviderOptions = {},
): PaymentProvider {
  const publicUrl = options.publicUrl ?? DEFAULT_PUBLIC_URL;
  const owns = (customer: Stripe.Customer, user: PayingUser) => customer.metadata?.user_id === String(user.id);

  /**
   * The user's customer: the one whose `metadata.user_id` is the user's. Its creation carries an
   * idempotency key of the user and email, so two concurrent first calls (card setup and subscribe,
   * two tabs) make one customer, not two, even while Stripe's search does not list it yet.
   */
  async function findOrCreateCustomer(user: PayingUser): Promise<Stripe.Customer> {
    const found = await stripe.customers.search({ query: customerQueryOf(user.id), limit: 10 });
    const mine = found.data.filter((customer) => owns(customer, user));
    if (mine[0]) return mine[0];
    return stripe.customers.create(
      { email: user.email, name: user.name, metadata: { user_id: String(user.id) } },
      { idempotencyKey: customerIdempotencyKey(user) },
    );
  }

  const invalidPaymentMethod = () => new PaymentError(CommerceMessages.unknownPaymentMethod, 'invalid_payment_method');

  async function retrievePaymentMethod(id: string): Promise<Stripe.PaymentMethod> {
    try {
      return await stripe.paymentMethods.retrieve(id, { expand: ['customer'] });
    } catch (error) {
      throw isMissing(error) ? invalidPaymentMethod() : error;
    }
  }

  /**
   * The customer and payment method to bill. A card saved through our SetupIntent is already attached
   * to the user's customer; a fresh one (or a test token such as `pm_card_visa`) is attached now.
   * A payment method of somebody else's customer is refused.
   */
  async function usablePaymentMethod(user: PayingUser, paymentMethod: string) {
    const method = await retrievePaymentMethod(paymentMethod);
    if (!method.customer) return { method, owner: null };
    const owner = typeof method.customer === 'string' || method.customer.deleted ? null : method.customer;
    if (!owner || !owns(owner, user)) throw invalidPaymentMethod();
    return { method, owner };
  }

  /**
   * The attach of a fresh payment method carries the attempt's key too: a test token such as
   * `pm_card_visa` attaches as a new payment method each time, and a retried attempt must send Stripe
   * the same parameters (the same method) with its key.
   */
  async function billingTarget(user: PayingUser, paymentMethod: string, idempotencyKey: string) {
    const { method, owner } = await usablePaymentMethod(user, paymentMethod);
    if (owner) return { customerId: owner.id, paymentMethodId: method.id };
    const customer = await findOrCreateCustomer(user);
    const attached = await stripe.paymentMethods.attach(
      method.id,
      { customer: customer.id },
      { idempotencyKey: `${idempotencyKey}-attach` },
    );
    return { customerId: customer.id, paymentMethodId: attached.id };
  }

  async function retrieveSubscriptionCheckout(id: string): Promise<ProviderSubscriptionCheckout | null> {
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.retrieve(id, { expand: ['subscription.default_payment_method'] });
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    return session.mode === 'subscription' ? toSubscriptionCheckout(session) : null;
  }

  /**
   * The payment intents that paid an invoice: its invoice payments (API 2025-03-31 and later), or
   * the invoice's own `payment_intent` field (older versions).
   */
  async function paymentIntentsOfInvoice(invoiceId: string): Promise<string[]> {
    const payments = await stripe.invoicePayments.list({ invoice: invoiceId, limit: 10 });
    const intents = payments.data
      .filter((payment) => payment.status === 'paid')
      .map((payment) => idOf(payment.payment.payment_intent))
      .filter((id): id is string => id !== null);
    if (intents.length > 0) return intents;
    const invoice = (await stripe.invoices.retrieve(invoiceId)) as Stripe.Invoice & { payment_intent?: Ref };
    const legacy = idOf(invoice.payment_intent);
    return legacy && (invoice.amount_paid ?? 0) > 0 ? [legacy] : [];
  }

  async function retrieveCheckout(id: string): Promise<ProviderCheckoutState | null> {
    try {
      return toCheckoutState(await stripe.checkout.sessions.retrieve(id, { expand: ['payment_intent.latest_charge'] }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    name: 'stripe',
    publishableKey: options.publishableKey ?? null,

    async createCheckout(input: CheckoutInput) {
      const metadata = {
        user_id: String(input.user.id),
        ...(input.trackId !== null ? { track_id: String(input.trackId) } : {}),
        ...input.metadata,
      };
      const items = input.lineItems ?? [{ title: input.title, amountCents: input.amountCents }];
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: items.map((item) => ({
          quantity: 1,
          price_data: {
            currency: input.currency,
            unit_amount: item.amountCents,
            product_data: { name: item.title },
          },
        })),
        metadata,
        payment_intent_data: { metadata },
        client_reference_id: String(input.user.id),
        customer_email: input.user.email,
        success_url: absoluteUrl(publicUrl, input.successUrl),
        cancel_url: absoluteUrl(publicUrl, input.cancelUrl),
      });
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return { id: session.id, url: session.url };
    },

    getCheckout: retrieveCheckout,

    async expireCheckout(id: string) {
      try {
        await stripe.checkout.sessions.expire(id, {}, { idempotencyKey: `tarab-expire-${id}` });
      } catch (error) {
        // Only an open session can be expired: one paid (or already expired) meanwhile is answered as it is.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
      return retrieveCheckout(id);
    },

    async createSetupIntent(user: PayingUser) {
      const customer = await findOrCreateCustomer(user);
      const intent = await stripe.setupIntents.create({
        customer: customer.id,
        usage: 'off_session',
        metadata: { user_id: String(user.id) },
      });
      if (!intent.client_secret) throw new Error(`Stripe returned setup intent ${intent.id} without a client secret`);
      return { clientSecret: intent.client_secret };
    },

    async describePaymentMethod(user: PayingUser, paymentMethod: string) {
      const { method } = await usablePaymentMethod(user, paymentMethod);
      return { cardFingerprint: method.card?.fingerprint ?? null };
    },

    async createSubscription(input: SubscriptionInput): Promise<ProviderSubscription> {
      return withCardErrors(async () => {
        const { customerId, paymentMethodId } = await billingTarget(
          input.user,
          input.paymentMethod,
          input.idempotencyKey,
        );
        await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } });
        const subscription = await stripe.subscriptions.create(
          {
            customer: customerId,
            items: [{ price: input.providerPriceId }],
            default_payment_method: paymentMethodId,
            // A declined first payment answers 402 instead of leaving an `incomplete` subscription behind.
            payment_behavior: 'error_if_incomplete',
            metadata: { user_id: String(input.user.id) },
            ...(input.trialDays > 0 ? { trial_period_days: input.trialDays } : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return toProviderSubscription(subscription);
      });
    },

    async createSubscriptionCheckout(input: SubscriptionCheckoutInput) {
      const metadata = { user_id: String(input.user.id), plan_price_id: String(input.planPriceId) };
      const customer = await findOrCreateCustomer(input.user);
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: input.providerPriceId, quantity: 1 }],
        // A card is taken even when the trial costs nothing today: the trial is once per card.
        payment_method_collection: 'always',
        subscription_data: {
          metadata: { user_id: String(input.user.id) },
          ...(input.trialDays > 0 ? { trial_period_days: input.trialDays } : {}),
        },
        metadata,
        client_reference_id: String(input.user.id),
        success_url: absoluteUrl(publicUrl, input.successUrl),
        cancel_url: absoluteUrl(publicUrl, input.cancelUrl),
      });
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return { id: session.id, url: session.url };
    },

    getSubscriptionCheckout: retrieveSubscriptionCheckout,

    async expireSubscriptionCheckout(id: string) {
      try {
        await stripe.checkout.sessions.expire(id, {}, { idempotencyKey: `tarab-expire-${id}` });
      } catch (error) {
        // Only an open session can be expired: one completed (or already expired) is answered as it is.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
      return retrieveSubscriptionCheckout(id);
    },

    async refundLatestPayment(ref: string, idempotencyKey: string): Promise<void> {
      let subscription: Stripe.Subscription;
      try {
        subscription = await stripe.subscriptions.retrieve(ref);
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      const invoiceId = idOf(subscription.latest_invoice);
      if (!invoiceId) return;
      for (const paymentIntent of await paymentIntentsOfInvoice(invoiceId)) {
        try {
          await stripe.refunds.create(
            { payment_intent: paymentIntent, metadata: { subscription: ref } },
            { idempotencyKey: `${idempotencyKey}-${paymentIntent}` },
          );
        } catch (error) {
          if ((error as { code?: string }).code === 'charge_already_refunded') continue;
          throw error;
        }
      }
    },

    async endTrialNow(ref: string) {
      const subscription = await stripe.subscriptions.update(
        ref,
        { trial_end: 'now' },
        { idempotencyKey: `tarab-end-trial-${ref}` },
      );
      return toProviderSubscription(subscription);
    },

    async cancelSubscription(ref: string): Promise<void> {
      await stripe.subscriptions.update(ref, { cancel_at_period_end: true });
    },

    async endSubscriptionNow(ref: string): Promise<void> {
      await endStripeSubscriptionNow(stripe, ref);
    },

    async refundCheckout(checkoutId: string, idempotencyKey: string, part?: RefundPart): Promise<void> {
      const session = await stripe.checkout.sessions.retrieve(checkoutId);
      const paymentIntent =
        typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!paymentIntent) throw new Error(`checkout session ${checkoutId} has no payment to refund`);
      try {
        await stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            ...(part ? { amount: part.amountCents, metadata: part.metadata } : {}),
          },
          { idempotencyKey },
        );
      } catch (error) {
        // Refunded already (the dashboard, or another integration): what we asked for is done.
        if ((error as { code?: string }).code === 'charge_already_refunded') return;
        throw error;
      }
    },
  };
}
