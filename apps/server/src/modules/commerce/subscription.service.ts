import { CommerceMessages, Messages, type ProductDto, type UserDto, type UserSubscriptionDto } from '@tarab/contracts';
import { AppError, notFound, unprocessable } from '../../lib/errors.js';
import { loadUserDto } from '../auth/auth.service.js';
import type { UserRow } from '../auth/users.repo.js';
import * as repo from './commerce.repo.js';
import { PaymentError } from './payment-provider.js';
import type { CommerceContext } from './purchase.service.js';

export const TRIAL_DAYS = 30;

const priceIdOf = (p: repo.PlanPriceRow) => p.providerPriceId ?? p.code;

export async function listProducts(ctx: CommerceContext): Promise<ProductDto[]> {
  const plans = await repo.findPlansWithPrices(ctx.db);
  return plans.map((p) => ({
    id: p.id,
    code: p.code,
    name: p.name,
    description: p.description,
    features: p.features,
    prices: p.prices.map((price) => ({
      id: priceIdOf(price),
      unit_amount: price.amountCents,
      currency: price.currency,
      recurring: { interval: price.interval, interval_count: price.intervalCount },
    })),
  }));
}

async function userAndSubscription(ctx: CommerceContext, user: UserRow, subscriptionId: number) {
  const dto: UserDto = await loadUserDto(ctx.db, user);
  const subscription: UserSubscriptionDto | undefined = dto.subscriptions.find((s) => s.id === subscriptionId);
  if (!subscription) throw new AppError(500, 'Subscription was not stored');
  return { user: dto, subscription };
}

/**
 * One live subscription per user (a partial unique index settles races). The 30-day trial is
 * for a first subscription only. A subscription that is set to cancel can be replaced at once.
 */
export async function subscribe(ctx: CommerceContext, user: UserRow, priceId: string, paymentMethod: string) {
  const price = await repo.findPrice(ctx.db, priceId);
  if (!price) throw unprocessable(CommerceMessages.unknownPrice, { price_id: [CommerceMessages.unknownPrice] });
  await repo.endLapsedSubscriptions(ctx.db, user.id);
  const live = await repo.findLiveSubscription(ctx.db, user.id);
  if (live && !live.cancelAtPeriodEnd) throw new AppError(409, CommerceMessages.alreadySubscribed);
  const trialDays = (await repo.hasEverSubscribed(ctx.db, user.id)) ? 0 : TRIAL_DAYS;
  let created;
  try {
    created = await ctx.provider.createSubscription({
      user: { id: user.id, email: user.email, name: user.name },
      providerPriceId: priceIdOf(price),
      interval: price.interval,
      paymentMethod,
      trialDays,
    });
  } catch (error) {
    if (error instanceof PaymentError) {
      throw new AppError(402, error.message, { payment_method: [error.message] });
    }
    throw error;
  }
  const row = await ctx.db.transaction(async (tx) => {
    if (live) await repo.updateSubscription(tx, live.id, { status: 'canceled' });
    return repo.insertSubscription(tx, {
      userId: user.id,
      planPriceId: price.id,
      status: created.status,
      provider: ctx.provider.name,
      providerRef: created.ref,
      currentPeriodEnd: created.currentPeriodEnd,
      cancelAtPeriodEnd: created.cancelAtPeriodEnd,
      trialEnd: created.trialEnd,
    });
  });
  if (!row) {
    await ctx.provider.cancelSubscription(created.ref).catch(() => undefined);
    throw new AppError(409, CommerceMessages.alreadySubscribed);
  }
  return { message: Messages.subscriptionCreated, data: await userAndSubscription(ctx, user, row.id) };
}

/** Cancels at the end of the paid period: access stays until then. */
export async function cancelSubscription(ctx: CommerceContext, user: UserRow) {
  const live = await repo.findLiveSubscription(ctx.db, user.id);
  if (!live) throw notFound(CommerceMessages.noSubscription);
  if (!live.cancelAtPeriodEnd) {
    await ctx.provider.cancelSubscription(live.providerRef);
    await repo.updateSubscription(ctx.db, live.id, { cancelAtPeriodEnd: true });
  }
  return { ok: true, message: Messages.unsubscribed, data: await userAndSubscription(ctx, user, live.id) };
}

/** Provider-driven changes (webhooks): status, period, cancellation. */
export async function syncSubscription(
  ctx: CommerceContext,
  providerRef: string,
  state: { status: repo.SubscriptionRow['status']; currentPeriodEnd?: Date; cancelAtPeriodEnd?: boolean },
) {
  return repo.updateSubscriptionByRef(ctx.db, providerRef, {
    status: state.status,
    ...(state.currentPeriodEnd ? { currentPeriodEnd: state.currentPeriodEnd } : {}),
    ...(state.cancelAtPeriodEnd !== undefined ? { cancelAtPeriodEnd: state.cancelAtPeriodEnd } : {}),
  });
}
