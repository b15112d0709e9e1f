import { createHash, randomUUID } from 'node:crypto';
import {
  Messages,
  type ProductDto,
  type SubscriptionTrial,
  type UserDto,
  type UserSubscriptionDto,
} from '@tarab/contracts';
import type { DbOrTx } from '../../db/client.js';
import { AppError, notFound, fieldError } from '../../lib/errors.js';
import { loadUserDto } from '../auth/auth.service.js';
import type { UserRow } from '../auth/auth.service.js';
import { comingSoonFeatures } from '../../seed/plans.js';
import * as repo from './commerce.repo.js';
import { endDuplicateSubscription } from './duplicate-subscriptions.service.js';
import { PaymentError } from './payment-provider.js';
import { isCardErrorCode } from './test-cards.js';
import type { CommerceContext } from './purchase.service.js';

export const TRIAL_DAYS = 30;

export const priceIdOf = (p: repo.PlanPriceRow) => p.providerPriceId ?? p.code;

export async function listProducts(ctx: CommerceContext): Promise<ProductDto[]> {
  const plans = await repo.findPlansWithPrices(ctx.db);
  return plans.map((p) => ({
    id: p.id,
    code: p.code,
    name: p.name,
    description: p.description,
    features: p.features,
    coming_soon: p.features.filter((feature) => comingSoonFeatures.has(feature)),
    prices: p.prices.map((price) => ({
      id: priceIdOf(price),
      unit_amount: price.amountCents,
      currency: price.currency,
      recurring: { interval: price.interval, interval_count: price.intervalCount },
    })),
  }));
}

export async function userAndSubscription(ctx: CommerceContext, user: UserRow, subscriptionId: number) {
  const dto: UserDto = await loadUserDto(ctx.db, user);
  const subscription: UserSubscriptionDto | undefined = dto.subscriptions.find((s) => s.id === subscriptionId);
  if (!subscription)
    throw new AppError(500, 'internal_error', undefined, { cause: new Error('Subscription was not stored') });
  return { user: dto, subscription };
}

/** A subscribe call older than this is taken to have died with its process; its lock is taken over. */
export const SUBSCRIBE_LOCK_SECONDS = 120;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The provider's idempotency key of one subscribe attempt: the same user, price, payment method and
 * trial on the same generation (how many subscriptions the user had before) give the same key, so a
 * double click or a retry after a lost answer is answered with the subscription created the first
 * time; a later subscription (the generation has moved on) or another card is a new attempt.
 */
function subscribeIdempotencyKey(parts: {
  userId: number;
  priceId: number;
  paymentMethod: string;
  generation: number;
  trialDays: number;
}): string {
  const { userId, priceId, paymentMethod, generation, trialDays } = parts;
  return `tarab-subscribe-${sha256([userId, priceId, paymentMethod, generation, trialDays].join('|'))}`;
}

type TrialDecision = { trial: SubscriptionTrial; claimedFingerprint: string | null };

/** The provider's card fingerprint as we keep it (a SHA-256, per driver). */
const trialFingerprintHash = (provider: string, cardFingerprint: string) => sha256(`${provider}:${cardFingerprint}`);

/**
 * The 30-day trial: for a first subscription of an account with a confirmed email only, and once per
 * card whatever account uses it. The
 * card's claim (a SHA-256 of the provider's fingerprint) is taken before the provider is asked.
 */
export async function decideTrial(
  ctx: CommerceContext,
  user: UserRow,
  generation: number,
  cardFingerprint: string | null,
): Promise<TrialDecision> {
  const none = (reason: SubscriptionTrial['reason']): TrialDecision => ({
    trial: { applied: false, days: 0, reason },
    claimedFingerprint: null,
  });
  if (generation > 0) return none('account_had_subscription');
  // A free trial needs a confirmed email (issue 17): one more thing a throwaway sign-up lacks.
  if (!user.emailVerifiedAt) return none('email_not_verified');
  if (!cardFingerprint) return none('no_card');
  const hash = trialFingerprintHash(ctx.provider.name, cardFingerprint);
  if (!(await repo.claimTrialFingerprint(ctx.db, hash, user.id))) return none('card_had_trial');
  return { trial: { applied: true, days: TRIAL_DAYS, reason: 'first_subscription' }, claimedFingerprint: hash };
}

/** 402 naming `payment_method`: the card error's own code when it is one of ours, else `payment_failed` with the provider's text. */
const asPaymentError = (error: PaymentError): AppError =>
  isCardErrorCode(error.code)
    ? fieldError(error.code, 'payment_method', undefined, { status: 402 })
    : fieldError('payment_failed', 'payment_method', { detail: error.message }, { status: 402 });

/**
 * One subscribe call per user at a time (a lock row), one live subscription per user (a partial
 * unique index) and one provider subscription per attempt (an idempotency key): concurrent calls and
 * double clicks charge once. A subscription that is set to cancel can be replaced at once.
 */
export async function subscribe(ctx: CommerceContext, user: UserRow, priceId: string, paymentMethod: string) {
  const price = await repo.findPrice(ctx.db, priceId);
  if (!price) throw fieldError('unknown_price', 'price_id');
  const lock = await repo.takeSubscriptionLock(ctx.db, user.id, randomUUID(), SUBSCRIBE_LOCK_SECONDS);
  if (!lock) throw new AppError(409, 'subscription_in_progress');
  try {
    return await subscribeHoldingLock(ctx, user, price, paymentMethod);
  } finally {
    await repo.releaseSubscriptionLock(ctx.db, user.id, lock);
  }
}

async function subscribeHoldingLock(
  ctx: CommerceContext,
  user: UserRow,
  price: repo.PlanPriceRow,
  paymentMethod: string,
) {
  await repo.endLapsedSubscriptions(ctx.db, user.id);
  const live = await repo.findLiveSubscription(ctx.db, user.id);
  if (live && !live.cancelAtPeriodEnd) throw new AppError(409, 'already_subscribed');
  const payingUser = { id: user.id, email: user.email, name: user.name };
  let card;
  try {
    card = await ctx.provider.describePaymentMethod(payingUser, paymentMethod);
  } catch (error) {
    throw error instanceof PaymentError ? asPaymentError(error) : error;
  }
  const generation = await repo.countSubscriptions(ctx.db, user.id);
  const { trial, claimedFingerprint } = await decideTrial(ctx, user, generation, card.cardFingerprint);
  let created;
  try {
    created = await ctx.provider.createSubscription({
      user: payingUser,
      providerPriceId: priceIdOf(price),
      interval: price.interval,
      paymentMethod,
      trialDays: trial.days,
      idempotencyKey: subscribeIdempotencyKey({
        userId: user.id,
        priceId: price.id,
        paymentMethod,
        generation,
        trialDays: trial.days,
      }),
    });
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error; // the outcome is unknown: the card keeps its claim
    if (claimedFingerprint) await repo.releaseTrialFingerprint(ctx.db, claimedFingerprint, user.id);
    throw asPaymentError(error);
  }
  const row = await ctx.db.transaction(async (tx) => {
    if (live) await repo.updateSubscription(tx, live.id, { status: 'canceled' });
    const inserted = await repo.insertSubscription(tx, {
      userId: user.id,
      planPriceId: price.id,
      status: created.status,
      provider: ctx.provider.name,
      providerRef: created.ref,
      currentPeriodEnd: created.currentPeriodEnd,
      cancelAtPeriodEnd: created.cancelAtPeriodEnd,
      trialEnd: created.trialEnd,
    });
    // The "subscription started" mail is queued with the row: both or neither.
    if (inserted) await ctx.notices?.subscriptionStarted(tx, inserted.id);
    return inserted;
  });
  if (!row) {
    // Another call recorded a subscription first. The provider's answer is ours only when it is not
    // that one (a replayed idempotency key answers the same subscription, which must stay).
    if (!(await repo.findSubscriptionByRef(ctx.db, created.ref))) {
      await endDuplicateSubscription(ctx, user.id, created.ref);
    }
    throw new AppError(409, 'already_subscribed');
  }
  return {
    message: Messages.subscriptionCreated,
    data: { ...(await userAndSubscription(ctx, user, row.id)), trial },
  };
}

/** Cancels at the end of the paid period: access stays until then. */
/**
 * Claims the trials that end within `withinMs` of `now` and were not reminded yet (the trial reminder
 * notices): each is claimed once, even with several server processes. Answers their ids.
 */
export async function claimTrialReminders(db: DbOrTx, now: Date, withinMs: number): Promise<number[]> {
  return repo.claimTrialReminders(db, now, withinMs);
}

export async function cancelSubscription(ctx: CommerceContext, user: UserRow) {
  const live = await repo.findLiveSubscription(ctx.db, user.id);
  if (!live) throw notFound('no_subscription');
  if (!live.cancelAtPeriodEnd) {
    await ctx.provider.cancelSubscription(live.providerRef);
    await ctx.db.transaction(async (tx) => {
      await repo.updateSubscription(tx, live.id, { cancelAtPeriodEnd: true });
      await ctx.notices?.subscriptionCancelled(tx, live.id);
    });
  }
  return { ok: true, message: Messages.unsubscribed, data: await userAndSubscription(ctx, user, live.id) };
}

/** Provider-driven changes (webhooks): status, period, cancellation. */
export async function syncSubscription(
  ctx: CommerceContext,
  providerRef: string,
  state: { status: repo.SubscriptionRow['status']; currentPeriodEnd?: Date; cancelAtPeriodEnd?: boolean },
) {
  return ctx.db.transaction(async (tx) => {
    const before = ctx.notices ? await repo.findSubscriptionByRef(tx, providerRef) : undefined;
    const row = await repo.updateSubscriptionByRef(tx, providerRef, {
      status: state.status,
      ...(state.currentPeriodEnd ? { currentPeriodEnd: state.currentPeriodEnd } : {}),
      ...(state.cancelAtPeriodEnd !== undefined ? { cancelAtPeriodEnd: state.cancelAtPeriodEnd } : {}),
    });
    if (before && row) {
      // A new paid period (a renewal, or the first payment after a trial) or a cancellation: one
      // notice, queued with the change.
      if (row.status === 'active' && row.currentPeriodEnd > before.currentPeriodEnd) {
        await ctx.notices?.subscriptionRenewed(tx, row.id);
      } else if ((row.cancelAtPeriodEnd && !before.cancelAtPeriodEnd) || row.status === 'canceled') {
        await ctx.notices?.subscriptionCancelled(tx, row.id);
      }
    }
    return row;
  });
}

/**
 * A refund or dispute of a subscription payment: the subscription ends now (no access, no renewal).
 * Idempotent: an ended subscription stays ended.
 */
export async function endRefundedSubscription(ctx: CommerceContext, providerRef: string) {
  return repo.updateSubscriptionByRef(ctx.db, providerRef, { status: 'canceled', cancelAtPeriodEnd: false });
}
