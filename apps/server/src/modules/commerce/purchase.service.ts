import { Api, pathOf, type OrderDto } from '@tarab/contracts';
import type { AppDb, DbOrTx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import * as repo from './commerce.repo.js';
import { newLicenseKey } from './license-key.js';
import type { CommerceNotices } from '../notices/notices.service.js';
import type { PayingUser, PaymentProvider } from './payment-provider.js';

export interface CommerceContext {
  db: AppDb;
  provider: PaymentProvider;
  /** Receipts and subscription notices by email (none in tests that do not ask for them). */
  notices?: CommerceNotices;
  /** The clock of retries (duplicate subscriptions); Date.now by default, moved by tests. */
  now?: () => number;
  /** Where failures that are retried later, and refunds that need an operator, are reported. */
  log?: CommerceLog;
}

/** The app's logger as commerce uses it (pino's shape: the fields, then the message). */
interface CommerceLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

const receiptUrlOf = (orderId: number) => pathOf(Api.analytics.receipt, { id: orderId });

function toOrderDto(order: repo.OrderRow, title: string, licenseKey: string | null, titleAr?: string | null): OrderDto {
  return {
    order_id: order.id,
    music_id: order.trackId,
    title,
    ...(titleAr ? { title_ar: titleAr } : {}),
    amount: order.amountCents / 100,
    currency: order.currency,
    status: order.status,
    session_id: order.providerRef,
    payment_method: order.paymentMethod,
    receipt_url: order.receiptUrl,
    license_key: licenseKey,
    paid_at: order.paidAt ? order.paidAt.toISOString() : null,
  };
}

/**
 * Starts a checkout for one track at the catalog's price (a client-sent price is ignored). A user
 * has at most one open checkout per track: asking again (a second tab, a double click, a retry)
 * answers the same checkout, so the track cannot be paid for twice. A pending checkout that the
 * provider reports paid is confirmed here and answered as owned; one that expired, or whose price
 * is no longer the catalog's, is set aside and a new one starts.
 */
export async function createCheckout(ctx: CommerceContext, user: PayingUser, trackId: number, shareEmail = true) {
  const track = await repo.findTrackForSale(ctx.db, trackId);
  if (!track) throw notFound('track_not_found');
  if (await repo.findValidLicense(ctx.db, user.id, trackId)) throw new AppError(409, 'already_owned');

  const reused = await openCheckoutOf(ctx, user.id, trackId, track.priceCents);
  if (reused) {
    // Asked again (another tab, a changed mind): the latest choice about the email holds.
    await repo.setPendingOrdersEmailShared(ctx.db, { providerRef: reused.session_id }, shareEmail);
    return reused;
  }

  const price = (track.priceCents / 100).toFixed(2);
  const checkout = await ctx.provider.createCheckout({
    user,
    trackId,
    title: track.title,
    amountCents: track.priceCents,
    currency: 'usd',
    successUrl: `/success?session_id={CHECKOUT_SESSION_ID}&music_id=${trackId}&price=${price}`,
    cancelUrl: `/`,
  });
  const order = await repo.insertPendingOrder(ctx.db, {
    userId: user.id,
    trackId,
    amountCents: track.priceCents,
    currency: 'usd',
    provider: ctx.provider.name,
    providerRef: checkout.id,
    buyerEmailShared: shareEmail,
  });
  if (order) return { checkout_url: checkout.url, session_id: checkout.id };
  // A concurrent request started one first: answer that one (this session is never shown).
  const winner = await openCheckoutOf(ctx, user.id, trackId, track.priceCents);
  if (winner) return winner;
  throw new AppError(409, 'checkout_in_progress');
}

/** The user's open checkout for the track, if there is one still payable at `priceCents`. */
async function openCheckoutOf(ctx: CommerceContext, userId: number, trackId: number, priceCents: number) {
  const pending = await repo.findPendingOrder(ctx.db, userId, trackId);
  if (!pending) return null;
  // A line item of an open playlist checkout (decision 036): paying for the track alone too would pay twice.
  if (pending.cartOrderId !== null) throw new AppError(409, 'track_in_cart');
  const state = await ctx.provider.getCheckout(pending.providerRef);
  if (state?.status === 'paid') {
    // Paid but not yet confirmed: confirm it now. One that cannot be (the provider reports another
    // amount) is set aside as failed, for an operator to look at, and does not block a new checkout.
    const confirmed = await confirmCheckout(ctx, pending.providerRef, userId).then(
      () => true,
      (error: unknown) => {
        if (error instanceof AppError) return false;
        throw error;
      },
    );
    if (confirmed) throw new AppError(409, 'already_owned');
    await repo.setOrderStatus(ctx.db, pending.providerRef, ['pending'], 'failed');
    return null;
  }
  if (state?.status === 'open' && state.url && pending.amountCents === priceCents) {
    return { checkout_url: state.url, session_id: pending.providerRef };
  }
  await repo.setOrderStatus(ctx.db, pending.providerRef, ['pending'], 'expired');
  return null;
}

/**
 * Confirms a paid checkout: the order becomes paid and the license exists, exactly once, however
 * often and in whatever order the success page and the webhook arrive. `userId` (success page)
 * must own the order; the webhook passes null.
 */
export async function confirmCheckout(
  ctx: CommerceContext,
  sessionId: string,
  userId: number | null,
): Promise<OrderDto> {
  const order = await repo.findOrderByRef(ctx.db, sessionId);
  if (!order || (userId !== null && order.userId !== userId)) throw notFound('checkout_not_found');
  const track = await repo.findTrackForSale(ctx.db, order.trackId);
  const title = track?.title ?? '';
  const titleAr = track?.titleAr ?? null;
  if (order.status === 'paid') {
    const license = await repo.findValidLicense(ctx.db, order.userId, order.trackId);
    return toOrderDto(order, title, license?.licenseKey ?? null, titleAr);
  }
  if (order.status === 'refunded') return toOrderDto(order, title, null, titleAr);
  const state = await ctx.provider.getCheckout(sessionId);
  if (!state) throw notFound('checkout_not_found');
  if (state.status !== 'paid') throw new AppError(402, 'payment_not_completed');
  if (state.amountCents !== order.amountCents || state.currency !== order.currency) {
    throw new AppError(409, 'amount_mismatch');
  }
  return ctx.db.transaction(async (tx) => {
    // The order row is locked for the rest of the transaction, so a concurrent confirmation waits
    // here and then sees "paid", and a refund waits until the license exists and then revokes it.
    const locked = (await repo.lockOrderByRef(tx, sessionId))!;
    if (locked.status === 'refunded') return toOrderDto(locked, title, null, titleAr);
    if (locked.status === 'paid') {
      const license = await repo.findValidLicense(tx, locked.userId, locked.trackId);
      return toOrderDto(locked, title, license?.licenseKey ?? null, titleAr);
    }
    const paid = (await repo.markOrderPaid(tx, sessionId, {
      paymentMethod: state.paymentMethod ?? 'card',
      receiptUrl: state.receiptUrl,
    }))!;
    if (!paid.receiptUrl) {
      paid.receiptUrl = receiptUrlOf(paid.id);
      await repo.setReceiptUrl(tx, paid.id, paid.receiptUrl);
    }
    const license = await repo.grantLicense(tx, {
      userId: paid.userId,
      trackId: paid.trackId,
      licenseKey: newLicenseKey(),
      source: 'purchase',
      orderId: paid.id,
    });
    // This call made the order paid: the receipt is queued once, in the same transaction.
    await ctx.notices?.orderPaid(tx, paid.userId, {
      orderId: paid.id,
      title,
      amountCents: paid.amountCents,
      currency: paid.currency,
      licenseKey: license.licenseKey,
      paidAt: paid.paidAt ?? new Date(),
    });
    return toOrderDto(paid, title, license.licenseKey, titleAr);
  });
}

/**
 * A refund or dispute: the order is refunded and its license no longer downloads. Returns the order
 * when this call refunded it, null when it already was (replays, a webhook after the console's refund).
 */
export async function refundOrder(ctx: CommerceContext, sessionId: string): Promise<repo.OrderRow | null> {
  return ctx.db.transaction(async (tx) => {
    const order = await repo.setOrderStatus(tx, sessionId, ['pending', 'paid', 'failed', 'expired'], 'refunded');
    if (order) await repo.revokeLicenseOfOrder(tx, order.id);
    return order ?? null;
  });
}

/** An abandoned or expired checkout: a pending order becomes expired (a paid one stays paid). */
export async function expireCheckout(ctx: CommerceContext, sessionId: string): Promise<void> {
  await repo.setOrderStatus(ctx.db, sessionId, ['pending'], 'expired');
}

/** The user's licence of a track that is not revoked, if any (downloads, delivery files). */
export async function validLicenseOf(
  db: DbOrTx,
  userId: number,
  trackId: number,
): Promise<repo.LicenseRow | undefined> {
  return repo.findValidLicense(db, userId, trackId);
}

/**
 * A subscriber's download: the licence of the track, granted once (a second download answers the same
 * licence); undefined when the user has no live subscription (trialing, active or past due, period not over).
 */
export async function grantSubscriptionLicense(
  db: DbOrTx,
  userId: number,
  trackId: number,
): Promise<repo.LicenseRow | undefined> {
  if (!(await repo.findLiveSubscription(db, userId))) return undefined;
  return repo.grantLicense(db, { userId, trackId, licenseKey: newLicenseKey(), source: 'subscription', orderId: null });
}
