import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tracks } from './catalog.js';
import { users } from './users.js';

/**
 * A checkout of several tracks at once (licensing a whole playlist, issue #20): one provider session
 * (`provider_ref`), one payment, one receipt. Its tracks are line items: `orders` rows with
 * `cart_order_id` set, one per track, each granting its own licence (decision 036).
 */
export const cartOrders = pgTable(
  'cart_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The playlist it was started from (kept as a name once the playlist is deleted). */
    playlistId: integer('playlist_id'),
    playlistName: text('playlist_name').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: ['pending', 'paid', 'failed', 'refunded', 'expired'] })
      .notNull()
      .default('pending'),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull().unique(),
    paymentMethod: text('payment_method'),
    receiptUrl: text('receipt_url'),
    /** Whether the buyer let the artists see their email (copied to each line; issue #32). */
    buyerEmailShared: boolean('buyer_email_shared').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('cart_orders_user_id_idx').on(t.userId),
    // One open cart per user: a second License all supersedes the first (expired at the provider first).
    uniqueIndex('cart_orders_one_pending_per_user_idx')
      .on(t.userId)
      .where(sql`status = 'pending'`),
    check('cart_orders_status_check', sql`${t.status} in ('pending', 'paid', 'failed', 'refunded', 'expired')`),
    check('cart_orders_amount_check', sql`${t.amountCents} >= 0`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    trackId: integer('track_id')
      .notNull()
      .references(() => tracks.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: ['pending', 'paid', 'failed', 'refunded', 'expired'] })
      .notNull()
      .default('pending'),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull().unique(),
    paymentMethod: text('payment_method'),
    receiptUrl: text('receipt_url'),
    /** Whether the buyer let the artist see their email (a checkbox at checkout, on by default; issue #32). */
    buyerEmailShared: boolean('buyer_email_shared').notNull().default(true),
    /** Set on the line items of a cart checkout (their provider_ref is `{session id}#{track id}`). */
    cartOrderId: integer('cart_order_id').references(() => cartOrders.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When it was refunded (artist statements count a refund in its own month, decision 041). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    index('orders_user_id_idx').on(t.userId),
    index('orders_cart_order_id_idx').on(t.cartOrderId),
    index('orders_track_id_idx').on(t.trackId),
    // One open checkout per user and track: a second one would let the track be paid for twice.
    uniqueIndex('orders_one_pending_per_track_idx')
      .on(t.userId, t.trackId)
      .where(sql`status = 'pending'`),
    check('orders_status_check', sql`${t.status} in ('pending', 'paid', 'failed', 'refunded', 'expired')`),
    check('orders_amount_check', sql`${t.amountCents} >= 0`),
  ],
);

export const licenses = pgTable(
  'licenses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    trackId: integer('track_id')
      .notNull()
      .references(() => tracks.id, { onDelete: 'restrict' }),
    licenseKey: text('license_key').notNull().unique(),
    source: text('source', { enum: ['purchase', 'subscription'] }).notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('licenses_user_track_key').on(t.userId, t.trackId),
    check('licenses_source_check', sql`${t.source} in ('purchase', 'subscription')`),
  ],
);

export const plans = pgTable('plans', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  features: text('features')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  sort: integer('sort').notNull().default(0),
});

export const planPrices = pgTable('plan_prices', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  planId: integer('plan_id')
    .notNull()
    .references(() => plans.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull().default('usd'),
  interval: text('interval', { enum: ['month', 'year'] }).notNull(),
  intervalCount: integer('interval_count').notNull().default(1),
  providerPriceId: text('provider_price_id').unique(),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planPriceId: integer('plan_price_id')
      .notNull()
      .references(() => planPrices.id, { onDelete: 'restrict' }),
    status: text('status', {
      enum: ['trialing', 'active', 'past_due', 'canceled', 'incomplete'],
    }).notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull().unique(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    /** When the "trial ends in 3 days" email was claimed for sending (once per subscription). */
    trialReminderSentAt: timestamp('trial_reminder_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'subscriptions_status_check',
      sql`${t.status} in ('trialing', 'active', 'past_due', 'canceled', 'incomplete')`,
    ),
    uniqueIndex('subscriptions_one_live_per_user')
      .on(t.userId)
      .where(sql`status in ('trialing', 'active', 'past_due')`),
  ],
);

/**
 * One subscribe call at a time per user: a row is taken (primary key) before the payment provider is
 * asked and removed after, so a double click or 40 parallel calls reach the provider once. A row
 * left by a crashed process is taken over once it is older than the service's time limit.
 */
export const subscriptionLocks = pgTable('subscription_locks', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Hosted subscription checkouts (the `stripe` driver's Checkout in subscription mode) a user opened:
 * at most one is open per user; before another is created the open one is expired at the provider,
 * so a second tab cannot lead to a second charge (issue #31).
 */
export const subscriptionCheckouts = pgTable(
  'subscription_checkouts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerSessionId: text('provider_session_id').notNull().unique(),
    status: text('status', { enum: ['open', 'expired', 'complete'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('subscription_checkouts_status_check', sql`${t.status} in ('open', 'expired', 'complete')`),
    uniqueIndex('subscription_checkouts_one_open_per_user')
      .on(t.userId)
      .where(sql`status = 'open'`),
  ],
);

/**
 * A second subscription a user's duplicate checkout created at the provider anyway: it is refunded
 * and cancelled, the cancel retried until the provider confirms it (`attempts`, `last_error`,
 * `next_attempt_at`); `canceled_at` set once done. Never swallowed: every failure is recorded here.
 */
export const duplicateSubscriptions = pgTable(
  'duplicate_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    providerRef: text('provider_ref').notNull().unique(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('duplicate_subscriptions_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`canceled_at is null`),
  ],
);

/**
 * Cards (by the provider's fingerprint, stored only as a SHA-256 hash) that have had a free trial:
 * one trial per card, whatever account uses it. Kept when the account is deleted.
 */
export const trialFingerprints = pgTable('trial_fingerprints', {
  fingerprintHash: text('fingerprint_hash').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const paymentEvents = pgTable('payment_events', {
  providerEventId: text('provider_event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The `local` payment driver's own checkout and card-setup sessions (test mode). Card numbers
 * are never stored: only brand and last four digits of a completed payment.
 */
export const localPaymentSessions = pgTable(
  'local_payment_sessions',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['checkout', 'setup'] }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    trackId: integer('track_id').references(() => tracks.id, { onDelete: 'set null' }),
    title: text('title'),
    amountCents: integer('amount_cents'),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: ['open', 'complete', 'expired'] })
      .notNull()
      .default('open'),
    paymentMethod: text('payment_method').unique(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** HMAC-SHA256 of the card number with the server secret (the card number itself is never stored). */
    cardFingerprint: text('card_fingerprint'),
    /** Where the browser goes once paid (the checkout's success URL, session id filled in). */
    successUrl: text('success_url'),
    /** The line items of a cart checkout (title and cents each); null for one track. */
    lineItems: jsonb('line_items').$type<Array<{ title: string; amountCents: number }>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The payment was refunded (an operator's refund through the local driver). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    index('local_payment_sessions_user_idx').on(t.userId),
    check('local_payment_sessions_kind_check', sql`${t.kind} in ('checkout', 'setup')`),
    check('local_payment_sessions_status_check', sql`${t.status} in ('open', 'complete', 'expired')`),
  ],
);

/**
 * The subscriptions the `local` driver has created, as a provider keeps them: one per idempotency
 * key, so a repeated create answers the subscription made the first time.
 */
export const localSubscriptions = pgTable(
  'local_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    providerPriceId: text('provider_price_id').notNull(),
    paymentMethod: text('payment_method').notNull(),
    status: text('status', { enum: ['trialing', 'active', 'canceled'] }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('local_subscriptions_user_idx').on(t.userId),
    check('local_subscriptions_status_check', sql`${t.status} in ('trialing', 'active', 'canceled')`),
  ],
);
