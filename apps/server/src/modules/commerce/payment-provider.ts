/**
 * What Tarab needs from a card payment provider. Two drivers: `local` (default, test mode, our
 * own pages) and `stripe` (official SDK). Services see only this interface.
 */
export interface PayingUser {
  id: number;
  email: string;
  name: string;
}

interface CheckoutLineItem {
  title: string;
  amountCents: number;
}

export interface CheckoutInput {
  user: PayingUser;
  /** The one track of a single-track checkout; null for a cart (see `lineItems`). */
  trackId: number | null;
  title: string;
  /** The total charged (the sum of `lineItems` for a cart). */
  amountCents: number;
  /** A cart's tracks, one line item each (Stripe Checkout's line_items); absent for one track. */
  lineItems?: CheckoutLineItem[];
  /** Kept with the provider's session (Stripe metadata). */
  metadata?: Record<string, string>;
  currency: string;
  /** Absolute or root-relative; `{CHECKOUT_SESSION_ID}` is replaced by the provider. */
  successUrl: string;
  cancelUrl: string;
}

interface ProviderCheckout {
  id: string;
  url: string;
}

export interface ProviderCheckoutState {
  id: string;
  status: 'open' | 'paid' | 'expired';
  /** Where the buyer pays while the session is open; null once it is paid or expired. */
  url: string | null;
  amountCents: number;
  currency: string;
  paymentMethod: string | null;
  receiptUrl: string | null;
}

export type ProviderSubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'canceled' | 'incomplete';

export interface ProviderSubscription {
  ref: string;
  status: ProviderSubscriptionStatus;
  currentPeriodEnd: Date;
  trialEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

export interface SubscriptionInput {
  user: PayingUser;
  providerPriceId: string;
  interval: 'month' | 'year';
  paymentMethod: string;
  trialDays: number;
  /**
   * The same key for a repeated attempt (a double click, a retry after a lost answer) and a new one
   * for a new attempt: the provider creates one subscription per key.
   */
  idempotencyKey: string;
}

export interface SubscriptionCheckoutInput {
  user: PayingUser;
  /** Our plan price's id (kept in the session's metadata). */
  planPriceId: number;
  providerPriceId: string;
  /** 0: no trial is offered (the account had a subscription before). */
  trialDays: number;
  /** Absolute or root-relative; `{CHECKOUT_SESSION_ID}` is replaced by the provider. */
  successUrl: string;
  cancelUrl: string;
}

/** A subscription-mode checkout as the provider knows it. */
export interface ProviderSubscriptionCheckout {
  id: string;
  status: 'open' | 'complete' | 'expired';
  /** Our user id and plan price id, from the session's metadata. */
  userId: number | null;
  planPriceId: number | null;
  /** The subscription it created, once complete. */
  subscription: ProviderSubscription | null;
  /** The fingerprint of the card it was paid (or set up) with; null without a card. */
  cardFingerprint: string | null;
}

interface PaymentMethodDetails {
  /** The provider's fingerprint of the card (the same for every payment method of one card number); null without a card. */
  cardFingerprint: string | null;
}

/** A partial refund of a checkout: one line of a cart. */
export interface RefundPart {
  amountCents: number;
  metadata: Record<string, string>;
}

/** A card or payment problem whose message the provider lets us show to the user. */
export class PaymentError extends Error {
  constructor(
    message: string,
    readonly code: string = 'card_error',
  ) {
    super(message);
    this.name = 'PaymentError';
  }
}

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  readonly publishableKey: string | null;
  createCheckout(input: CheckoutInput): Promise<ProviderCheckout>;
  /** The session as the provider knows it; null when it does not exist. */
  getCheckout(id: string): Promise<ProviderCheckoutState | null>;
  /**
   * Closes an open session so it can no longer be paid (a superseded cart). Answers the session's
   * state afterwards: `expired`, or `paid` when the buyer paid first (then it must be confirmed).
   */
  expireCheckout(id: string): Promise<ProviderCheckoutState | null>;
  createSetupIntent(user: PayingUser): Promise<{ clientSecret: string }>;
  /** The user's payment method as the provider knows it; PaymentError when it is not the user's to use. */
  describePaymentMethod(user: PayingUser, paymentMethod: string): Promise<PaymentMethodDetails>;
  createSubscription(input: SubscriptionInput): Promise<ProviderSubscription>;
  /**
   * A hosted payment page in subscription mode (the `stripe` driver: Stripe Checkout takes the card);
   * null when the driver takes cards on our own form instead (`local`).
   */
  createSubscriptionCheckout(input: SubscriptionCheckoutInput): Promise<ProviderCheckout | null>;
  /** The subscription checkout as the provider knows it; null when it does not exist. */
  getSubscriptionCheckout(id: string): Promise<ProviderSubscriptionCheckout | null>;
  /**
   * Closes an open subscription checkout so it can no longer be completed (the user opened another).
   * Answers the session afterwards: `expired`, or `complete` when the user finished it first (then
   * its subscription must be recorded); null when it does not exist.
   */
  expireSubscriptionCheckout(id: string): Promise<ProviderSubscriptionCheckout | null>;
  /**
   * Refunds what the subscription's latest invoice charged (a duplicate subscription); nothing when
   * it charged nothing (a trial) or was refunded already. `idempotencyKey` is the same on every attempt.
   */
  refundLatestPayment(ref: string, idempotencyKey: string): Promise<void>;
  /** Ends a trial now: the first period starts and is charged today. */
  endTrialNow(ref: string): Promise<ProviderSubscription>;
  /** Ends a subscription now (refunds, disputes, a duplicate nobody records); a no-op once it has ended. */
  endSubscriptionNow(ref: string): Promise<void>;
  /** Cancels at the end of the paid period; the user keeps access until then. */
  cancelSubscription(ref: string): Promise<void>;
  /**
   * Refunds a paid checkout (the operator console): in full, or `part.amountCents` of it for one line
   * of a cart, the refund carrying `part.metadata` (`order_id`: the line it refunds, so the webhook
   * of a partial refund knows which licence to revoke). `idempotencyKey` is the same for every attempt
   * at one order's refund, so a double click or a retry refunds once; a payment that is already
   * refunded in full (at the provider's dashboard, say) is a success, not an error.
   */
  refundCheckout(checkoutId: string, idempotencyKey: string, part?: RefundPart): Promise<void>;
}
