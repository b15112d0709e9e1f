import { randomUUID } from 'node:crypto';
import { Messages, type SubscriptionTrial } from '@tarab/contracts';
import { AppError, notFound, fieldError } from '../../lib/errors.js';
import { findUser } from '../auth/auth.service.js';
import type { UserRow } from '../auth/auth.service.js';
import * as repo from './commerce.repo.js';
import { endDuplicateSubscription } from './duplicate-subscriptions.service.js';
import type { ProviderSubscription } from './payment-provider.js';
import type { CommerceContext } from './purchase.service.js';
import {
  SUBSCRIBE_LOCK_SECONDS,
  TRIAL_DAYS,
  decideTrial,
  priceIdOf,
  userAndSubscription,
} from './subscription.service.js';

/**
 * Subscriptions through a hosted payment page (the `stripe` driver's Checkout in subscription mode):
 * the card is typed on Stripe's page, never on ours. The rules are those of `subscribe`: one live
 * subscription per user, the trial once per account and once per card. What Checkout cannot know
 * before the card is typed (whether this card already had a trial) is settled when the user comes
 * back (or when Stripe's webhook says the session completed, whichever is first): a card that had its
 * trial has the trial ended at once, so the first period is charged today.
 *
 * One subscription, one charge (issue #31): each hosted checkout is recorded in subscription_checkouts
 * and at most one is open per user. Opening another (a second tab, a second click later) first expires
 * the open one at the provider, so it can no longer be paid; one the user completed before it could be
 * expired is recorded instead. A subscription that still comes on top of a live one is a duplicate:
 * refunded and cancelled at once, retried until the provider confirms (duplicate-subscriptions.service).
 */

/** Where Stripe sends the user back: the checkout page, which confirms the session. */
const SUBSCRIPTION_SUCCESS_PATH = '/stripe-checkout?session_id={CHECKOUT_SESSION_ID}';
const subscriptionCancelPath = (priceId: string) => `/stripe-checkout?price_id=${encodeURIComponent(priceId)}`;

/** Starts a hosted checkout for a plan price; 409 with the `local` driver, which takes cards on our form. */
export async function startSubscriptionCheckout(ctx: CommerceContext, user: UserRow, priceId: string) {
  const price = await repo.findPrice(ctx.db, priceId);
  if (!price) throw fieldError('unknown_price', 'price_id');
  await repo.endLapsedSubscriptions(ctx.db, user.id);
  const live = await repo.findLiveSubscription(ctx.db, user.id);
  if (live && !live.cancelAtPeriodEnd) throw new AppError(409, 'already_subscribed');
  await closeOpenCheckout(ctx, user);
  const generation = await repo.countSubscriptions(ctx.db, user.id);
  const checkout = await ctx.provider.createSubscriptionCheckout({
    user: { id: user.id, email: user.email, name: user.name },
    planPriceId: price.id,
    providerPriceId: priceIdOf(price),
    trialDays: generation === 0 ? TRIAL_DAYS : 0,
    successUrl: SUBSCRIPTION_SUCCESS_PATH,
    cancelUrl: subscriptionCancelPath(priceIdOf(price)),
  });
  if (!checkout) throw new AppError(409, 'subscription_checkout_unavailable');
  if (await repo.insertSubscriptionCheckout(ctx.db, { userId: user.id, providerSessionId: checkout.id })) {
    return { checkout_url: checkout.url, session_id: checkout.id };
  }
  // A concurrent start (a double click) recorded its checkout first: this one is closed before anyone
  // sees it, and the winner's is answered while it is open.
  await ctx.provider.expireSubscriptionCheckout(checkout.id);
  const winner = await repo.findOpenSubscriptionCheckout(ctx.db, user.id);
  const state = winner ? await ctx.provider.getCheckout(winner.providerSessionId) : null;
  if (winner && state?.status === 'open' && state.url) {
    return { checkout_url: state.url, session_id: winner.providerSessionId };
  }
  throw new AppError(409, 'subscription_in_progress');
}

/**
 * The user's open hosted checkout, if any, is expired at the provider before another is opened. One
 * the user completed meanwhile is recorded (its subscription is the user's now: 409 already subscribed);
 * one the provider would not expire (still open) keeps the new one from starting.
 */
async function closeOpenCheckout(ctx: CommerceContext, user: UserRow): Promise<void> {
  const open = await repo.findOpenSubscriptionCheckout(ctx.db, user.id);
  if (!open) return;
  const state = await ctx.provider.expireSubscriptionCheckout(open.providerSessionId);
  if (state?.status === 'complete') {
    await confirmSubscriptionCheckout(ctx, open.providerSessionId, user.id);
    throw new AppError(409, 'already_subscribed');
  }
  if (state?.status === 'open') throw new AppError(409, 'subscription_in_progress');
  await repo.setSubscriptionCheckoutStatus(ctx.db, open.providerSessionId, 'expired');
}

const LOCK_ATTEMPTS = 20;
const LOCK_WAIT_MS = 250;

/** The subscribe lock, waited for a few seconds: the user's return and Stripe's webhook may race. */
async function takeLockWaiting(ctx: CommerceContext, userId: number): Promise<string> {
  for (let attempt = 0; attempt < LOCK_ATTEMPTS; attempt++) {
    const lock = await repo.takeSubscriptionLock(ctx.db, userId, randomUUID(), SUBSCRIBE_LOCK_SECONDS);
    if (lock) return lock;
    await new Promise((resolve) => setTimeout(resolve, LOCK_WAIT_MS));
  }
  throw new AppError(409, 'subscription_in_progress');
}

/**
 * Records the subscription a completed hosted checkout created, once, whoever asks first: the user
 * back on /stripe-checkout (`expectedUserId`: the session must be theirs, else 404) or the webhook
 * (`null`). Answers as `subscribe` does.
 */
export async function confirmSubscriptionCheckout(
  ctx: CommerceContext,
  sessionId: string,
  expectedUserId: number | null,
) {
  const checkout = await ctx.provider.getSubscriptionCheckout(sessionId);
  const ours = checkout && checkout.userId !== null && (expectedUserId === null || checkout.userId === expectedUserId);
  if (!checkout || !ours) throw notFound('checkout_not_found');
  if (checkout.status !== 'complete' || !checkout.subscription || checkout.planPriceId === null) {
    throw new AppError(409, 'subscription_checkout_incomplete');
  }
  await repo.setSubscriptionCheckoutStatus(ctx.db, sessionId, 'complete');
  const user = await findUser(ctx.db, checkout.userId!);
  if (!user) throw notFound('checkout_not_found');
  const lock = await takeLockWaiting(ctx, user.id);
  try {
    return await recordHoldingLock(ctx, user, checkout.planPriceId, checkout.subscription, checkout.cardFingerprint);
  } finally {
    await repo.releaseSubscriptionLock(ctx.db, user.id, lock);
  }
}

async function recordHoldingLock(
  ctx: CommerceContext,
  user: UserRow,
  planPriceId: number,
  created: ProviderSubscription,
  cardFingerprint: string | null,
) {
  const noTrialAtProvider: SubscriptionTrial = { applied: false, days: 0, reason: 'account_had_subscription' };
  const recorded = await repo.findSubscriptionByRef(ctx.db, created.ref);
  if (recorded) {
    // A second confirmation (a reload, the webhook after the user): the same answer, nothing changes.
    const trial: SubscriptionTrial = recorded.trialEnd
      ? { applied: true, days: TRIAL_DAYS, reason: 'first_subscription' }
      : noTrialAtProvider;
    return answer(ctx, user, recorded.id, trial);
  }
  await repo.endLapsedSubscriptions(ctx.db, user.id);
  const live = await repo.findLiveSubscription(ctx.db, user.id);
  if (live && !live.cancelAtPeriodEnd) {
    // Subscribed meanwhile (another tab, our own form): this second subscription is refunded and
    // ended at once, and retried until the provider confirms it.
    await endDuplicateSubscription(ctx, user.id, created.ref);
    throw new AppError(409, 'already_subscribed');
  }
  let subscription = created;
  let trial = noTrialAtProvider;
  if (created.status === 'trialing') {
    const generation = await repo.countSubscriptions(ctx.db, user.id);
    trial = (await decideTrial(ctx, user, generation, cardFingerprint)).trial;
    if (!trial.applied) subscription = await ctx.provider.endTrialNow(created.ref);
  }
  const price = await repo.findPriceById(ctx.db, planPriceId);
  if (!price) {
    throw new AppError(500, 'internal_error', undefined, {
      cause: new Error('The plan price of this checkout no longer exists'),
    });
  }
  const row = await ctx.db.transaction(async (tx) => {
    if (live) await repo.updateSubscription(tx, live.id, { status: 'canceled' });
    return repo.insertSubscription(tx, {
      userId: user.id,
      planPriceId: price.id,
      status: subscription.status,
      provider: ctx.provider.name,
      providerRef: subscription.ref,
      currentPeriodEnd: subscription.currentPeriodEnd,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      trialEnd: trial.applied ? subscription.trialEnd : null,
    });
  });
  if (!row) {
    await endDuplicateSubscription(ctx, user.id, created.ref);
    throw new AppError(409, 'already_subscribed');
  }
  return answer(ctx, user, row.id, trial);
}

async function answer(ctx: CommerceContext, user: UserRow, subscriptionId: number, trial: SubscriptionTrial) {
  const { user: dto, subscription } = await userAndSubscription(ctx, user, subscriptionId);
  return {
    message: Messages.subscriptionCreated,
    user: dto,
    subscription,
    data: { user: dto, subscription, trial },
  };
}
