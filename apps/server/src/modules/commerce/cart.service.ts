import {
  Api,
  MAX_CART_ITEMS,
  type CartExclusionDto,
  type CartLineDto,
  type CartOrderDto,
  type CartQuoteDto,
  pathOf,
} from '@tarab/contracts';
import { AppError, notFound } from '../../lib/errors.js';
import * as library from '../library/library.service.js';
import type { CartReceiptDetails } from '../../mail/templates.js';
import * as repo from './commerce.repo.js';
import * as carts from './cart.repo.js';
import { newLicenseKey } from './license-key.js';
import { confirmCheckout, refundOrder, type CommerceContext } from './purchase.service.js';
import type { PayingUser, RefundPart } from './payment-provider.js';

/**
 * Licensing a whole playlist in one checkout (issue #20 item 5, decision 036). A cart is one provider
 * session with one line item per track; each line item is an `orders` row of its own (pending while
 * the cart is open), so the one-open-checkout-per-track index covers single and cart checkouts alike,
 * and each paid line item grants the same licence a single-track purchase does.
 */

const CURRENCY = 'usd';
const dollars = (cents: number) => Math.round(cents) / 100;

const cartZipUrlOf = (cartId: number) => pathOf(Api.downloads.cartZip, { id: cartId });
const cartSuccessPath = '/success/playlist';

interface Quote {
  dto: CartQuoteDto;
  playlistName: string;
  lines: Array<{ trackId: number; title: string; amountCents: number }>;
  /** The user's open single-track checkouts of playlist tracks (provider refs). */
  singleCheckouts: string[];
}

async function quote(ctx: CommerceContext, userId: number, playlistId: number): Promise<Quote> {
  const playlist = await library.playlistTracksOfUser(ctx.db, userId, playlistId);
  if (!playlist) throw notFound('playlist_not_found');
  const candidates = await carts.findCartCandidates(ctx.db, userId, playlist.trackIds);
  const lines: Quote['lines'] = [];
  const excluded: CartExclusionDto[] = [];
  const singleCheckouts: string[] = [];
  for (const track of candidates) {
    const leaveOut = (reason: CartExclusionDto['reason']) =>
      excluded.push({ music_id: track.id, title: track.title, reason });
    // Loops are not sold one by one (spec: they come with a subscription).
    if (track.kind !== 'music') leaveOut('loop');
    else if (track.licensed) leaveOut('owned');
    else if (!track.published) leaveOut('unpublished');
    else if (track.pendingRef && track.pendingCartId === null) {
      singleCheckouts.push(track.pendingRef);
      leaveOut('in_checkout');
    } else lines.push({ trackId: track.id, title: track.title, amountCents: track.priceCents });
  }
  const totalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const items: CartLineDto[] = lines.map((l) => ({
    music_id: l.trackId,
    title: l.title,
    amount: dollars(l.amountCents),
  }));
  return {
    playlistName: playlist.name,
    lines,
    singleCheckouts,
    dto: {
      playlist_id: playlistId,
      name: playlist.name,
      items,
      excluded,
      count: items.length,
      total: dollars(totalCents),
      currency: CURRENCY,
      subscriber: Boolean(await repo.findLiveSubscription(ctx.db, userId)),
      max_items: MAX_CART_ITEMS,
    },
  };
}

/** What "License all" would license now (the playlist owner only; someone else's playlist is 404). */
export async function quoteCart(ctx: CommerceContext, userId: number, playlistId: number): Promise<CartQuoteDto> {
  return (await quote(ctx, userId, playlistId)).dto;
}

const sameLines = (cart: carts.CartOrderRow, items: Awaited<ReturnType<typeof carts.findLineItems>>, q: Quote) =>
  cart.amountCents === q.lines.reduce((sum, l) => sum + l.amountCents, 0) &&
  items.length === q.lines.length &&
  q.lines.every((line) => items.some((item) => item.trackId === line.trackId && item.amountCents === line.amountCents));

/**
 * Settles the user's open single-track checkouts of playlist tracks as the single-track checkout
 * does: one the provider reports paid is confirmed (the track is owned now); one that is gone or
 * expired is set aside; an open one stays open and its track stays out of the cart.
 */
async function settleSingleCheckouts(ctx: CommerceContext, userId: number, refs: string[]): Promise<boolean> {
  let changed = false;
  for (const ref of refs) {
    const state = await ctx.provider.getCheckout(ref);
    if (state?.status === 'open') continue;
    changed = true;
    if (state?.status === 'paid') {
      const confirmed = await confirmCheckout(ctx, ref, userId).then(
        () => true,
        (error: unknown) => {
          if (error instanceof AppError) return false;
          throw error;
        },
      );
      if (confirmed) continue;
      await repo.setOrderStatus(ctx.db, ref, ['pending'], 'failed');
    } else await repo.setOrderStatus(ctx.db, ref, ['pending'], 'expired');
  }
  return changed;
}

/**
 * The user's open cart, if any, measured against the quote: the same tracks at the same prices and
 * still open at the provider → answered again (a double click, a second tab, a retry). Otherwise it is
 * closed at the provider first (so it can never be paid after a new one starts), then set aside; one
 * the buyer paid meanwhile is confirmed instead. Answers the checkout to reuse, or what happened.
 */
async function settleOpenCart(
  ctx: CommerceContext,
  userId: number,
  q: Quote,
): Promise<{ reuse: { checkout_url: string; session_id: string } } | 'none' | 'closed' | 'confirmed'> {
  const open = await carts.findPendingCart(ctx.db, userId);
  if (!open) return 'none';
  let state = await ctx.provider.getCheckout(open.providerRef);
  if (state?.status === 'open' && state.url && sameLines(open, await carts.findLineItems(ctx.db, open.id), q)) {
    return { reuse: { checkout_url: state.url, session_id: open.providerRef } };
  }
  if (state?.status === 'open') state = await ctx.provider.expireCheckout(open.providerRef);
  if (state?.status === 'paid') {
    const confirmed = await confirmCartCheckout(ctx, open.providerRef, userId).then(
      () => true,
      (error: unknown) => {
        if (error instanceof AppError) return false;
        throw error;
      },
    );
    if (confirmed) return 'confirmed';
    await carts.setCartStatus(ctx.db, open.providerRef, ['pending'], 'failed');
    return 'closed';
  }
  await carts.setCartStatus(ctx.db, open.providerRef, ['pending'], 'expired');
  return 'closed';
}

class LostRace extends Error {}

/**
 * Starts one checkout for every unowned, published music track of the user's playlist, at catalog
 * prices. Idempotent like the single-track checkout: a repeated or concurrent call answers the same
 * open checkout; a track already owned or in another open checkout is left out (and said so by the
 * quote); a subscriber has nothing to pay for (409).
 */
export async function startCartCheckout(ctx: CommerceContext, user: PayingUser, playlistId: number, shareEmail = true) {
  for (let attempt = 0; ; attempt++) {
    let q = await quote(ctx, user.id, playlistId);
    if (q.dto.subscriber) throw new AppError(409, 'subscribers_download_free');
    if (await settleSingleCheckouts(ctx, user.id, q.singleCheckouts)) q = await quote(ctx, user.id, playlistId);
    const open = await settleOpenCart(ctx, user.id, q);
    if (typeof open === 'object') {
      // The latest choice about the email holds for the open cart and its lines (decision 059).
      await setCartEmailShared(ctx, open.reuse.session_id, shareEmail);
      return { ...open.reuse, count: q.dto.count, total: q.dto.total };
    }
    // A closed cart's tracks (or a confirmed one's, now owned) change the quote.
    if (open !== 'none') q = await quote(ctx, user.id, playlistId);
    if (q.lines.length === 0) throw new AppError(409, 'nothing_to_license');
    if (q.lines.length > MAX_CART_ITEMS) throw new AppError(409, 'too_many_cart_items', { max: MAX_CART_ITEMS });

    const totalCents = q.lines.reduce((sum, l) => sum + l.amountCents, 0);
    const checkout = await ctx.provider.createCheckout({
      user,
      trackId: null,
      title: `${q.lines.length} ${q.lines.length === 1 ? 'track' : 'tracks'} from “${q.playlistName}”`,
      amountCents: totalCents,
      currency: CURRENCY,
      lineItems: q.lines.map((l) => ({ title: l.title, amountCents: l.amountCents })),
      metadata: { cart: 'playlist', playlist_id: String(playlistId) },
      successUrl: `${cartSuccessPath}?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `/saved/details/${playlistId}`,
    });
    try {
      await ctx.db.transaction(async (tx) => {
        const cart = await carts.insertPendingCart(tx, {
          userId: user.id,
          playlistId,
          playlistName: q.playlistName,
          amountCents: totalCents,
          currency: CURRENCY,
          provider: ctx.provider.name,
          providerRef: checkout.id,
          buyerEmailShared: shareEmail,
        });
        if (!cart) throw new LostRace();
        const inserted = await carts.insertLineItems(
          tx,
          cart,
          q.lines.map((l) => ({ trackId: l.trackId, amountCents: l.amountCents })),
        );
        if (inserted !== q.lines.length) throw new LostRace();
      });
      return { checkout_url: checkout.url, session_id: checkout.id, count: q.dto.count, total: q.dto.total };
    } catch (error) {
      if (!(error instanceof LostRace)) throw error;
      // A concurrent request started a cart (or a single checkout of one of the tracks) first. This
      // session is never shown; the next round answers the winner's cart or leaves the track out.
      await ctx.provider.expireCheckout(checkout.id).catch(() => null);
      if (attempt >= 2) throw new AppError(409, 'cart_in_progress');
    }
  }
}

/** The buyer's email choice on a pending cart and its line items (the cart's session id). */
async function setCartEmailShared(ctx: CommerceContext, sessionId: string, shared: boolean): Promise<void> {
  const cart = await carts.findCartByRef(ctx.db, sessionId);
  if (!cart || cart.status !== 'pending') return;
  await ctx.db.transaction(async (tx) => {
    await carts.setPendingCartEmailShared(tx, cart.id, shared);
    await repo.setPendingOrdersEmailShared(tx, { cartOrderId: cart.id }, shared);
  });
}

async function toCartDto(ctx: CommerceContext, cart: carts.CartOrderRow): Promise<CartOrderDto> {
  const items = await carts.findLineItems(ctx.db, cart.id);
  return {
    cart_order_id: cart.id,
    playlist_id: cart.playlistId,
    playlist_name: cart.playlistName,
    status: cart.status,
    amount: dollars(cart.amountCents),
    currency: cart.currency,
    session_id: cart.providerRef,
    payment_method: cart.paymentMethod,
    paid_at: cart.paidAt ? cart.paidAt.toISOString() : null,
    zip_url: cart.status === 'paid' ? cartZipUrlOf(cart.id) : null,
    items: items.map((item) => ({
      order_id: item.orderId,
      music_id: item.trackId,
      title: item.title,
      ...(item.titleAr ? { title_ar: item.titleAr } : {}),
      amount: dollars(item.amountCents),
      license_key: cart.status === 'paid' ? item.licenseKey : null,
      receipt_url: item.receiptUrl,
    })),
  };
}

/**
 * Confirms a paid cart checkout: the cart and every line item become paid and each track's licence
 * exists, exactly once, however often and in whatever order the success page and the webhook
 * arrive (the cart row is locked, as confirmCheckout locks an order). `userId` (success page) must
 * own the cart; the webhook passes null. One receipt is queued with the commit.
 */
export async function confirmCartCheckout(
  ctx: CommerceContext,
  sessionId: string,
  userId: number | null,
): Promise<CartOrderDto> {
  const cart = await carts.findCartByRef(ctx.db, sessionId);
  if (!cart || (userId !== null && cart.userId !== userId)) throw notFound('checkout_not_found');
  if (cart.status === 'paid' || cart.status === 'refunded') return toCartDto(ctx, cart);
  const state = await ctx.provider.getCheckout(sessionId);
  if (!state) throw notFound('checkout_not_found');
  if (state.status !== 'paid') throw new AppError(402, 'payment_not_completed');
  if (state.amountCents !== cart.amountCents || state.currency !== cart.currency) {
    throw new AppError(409, 'amount_mismatch');
  }
  const settled = await ctx.db.transaction(async (tx) => {
    // Locked until the commit: a concurrent confirmation waits here and then sees "paid"; a refund
    // waits until the licences exist and then revokes them.
    const locked = (await carts.lockCartByRef(tx, sessionId))!;
    if (locked.status === 'paid' || locked.status === 'refunded') return locked;
    const paid = (await carts.markCartPaid(tx, locked, {
      paymentMethod: state.paymentMethod ?? 'card',
      receiptUrl: state.receiptUrl,
    }))!;
    const titles = new Map((await carts.findLineItems(tx, paid.cart.id)).map((item) => [item.orderId, item.title]));
    const lines: CartReceiptDetails['lines'] = [];
    for (const item of [...paid.items].sort((a, b) => a.id - b.id)) {
      const license = await repo.grantLicense(tx, {
        userId: item.userId,
        trackId: item.trackId,
        licenseKey: newLicenseKey(),
        source: 'purchase',
        orderId: item.id,
      });
      lines.push({ title: titles.get(item.id) ?? '', amountCents: item.amountCents, licenseKey: license.licenseKey });
    }
    // One receipt, queued in the same transaction: it goes out exactly when the cart is paid.
    await ctx.notices?.cartPaid(tx, paid.cart.userId, {
      cartOrderId: paid.cart.id,
      playlistName: paid.cart.playlistName,
      amountCents: paid.cart.amountCents,
      currency: paid.cart.currency,
      paidAt: paid.cart.paidAt ?? new Date(),
      lines,
    });
    return paid.cart;
  });
  return toCartDto(ctx, settled);
}

/** A refund or dispute of a cart's payment: the cart and its line items are refunded, their licences revoked. */
export async function refundCart(ctx: CommerceContext, sessionId: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const cart = await carts.setCartStatus(tx, sessionId, ['pending', 'paid', 'failed', 'expired'], 'refunded');
    if (cart) await carts.revokeLicensesOfCart(tx, cart.id);
    return Boolean(cart);
  });
}

/**
 * A refund of some lines of a cart: the operator's refund of one line (a partial refund of the cart's
 * payment for that line's amount), or a partial refund at the provider whose refunds name their lines
 * (`metadata.order_id`). Each line becomes refunded and its licence revoked; once no line is left
 * unrefunded, the cart is refunded too. Lines of other carts are ignored. Answers the lines this call
 * refunded (none when they were refunded already: replays and webhooks after the console's refund).
 */
export async function refundCartLines(ctx: CommerceContext, sessionId: string, orderIds: number[]): Promise<number[]> {
  return ctx.db.transaction(async (tx) => {
    // Locked like a confirmation: a refund waits until the licences exist, then revokes them.
    const cart = await carts.lockCartByRef(tx, sessionId);
    if (!cart) return [];
    const refunded = await carts.refundLineItems(tx, cart.id, orderIds);
    for (const orderId of refunded) await repo.revokeLicenseOfOrder(tx, orderId);
    if ((await carts.countLinesNotRefunded(tx, cart.id)) === 0) {
      await carts.setCartStatus(tx, sessionId, ['pending', 'paid', 'failed', 'expired'], 'refunded');
    }
    return refunded;
  });
}

/**
 * What the payment provider is asked to refund for one order (the console): a single-track order's
 * checkout in full; a line of a cart as its share of the cart's checkout, the refund naming the line.
 */
export async function providerRefundOf(
  ctx: CommerceContext,
  providerRef: string,
): Promise<{ checkoutId: string; part?: RefundPart }> {
  const order = await repo.findOrderByRef(ctx.db, providerRef);
  if (!order || order.cartOrderId === null) return { checkoutId: providerRef };
  const cart = await carts.findCartById(ctx.db, order.cartOrderId);
  if (!cart) throw new Error(`the cart of order ${order.id} does not exist`);
  return {
    checkoutId: cart.providerRef,
    part: {
      amountCents: order.amountCents,
      metadata: { order_id: String(order.id), cart_order_id: String(cart.id) },
    },
  };
}

/**
 * Our side of the refund of one order, single or a cart's line (the console, after the provider
 * refunded it). Answers whether this call refunded it (false: it was refunded already).
 */
export async function refundOneOrder(ctx: CommerceContext, providerRef: string): Promise<boolean> {
  const order = await repo.findOrderByRef(ctx.db, providerRef);
  if (!order) return false;
  if (order.cartOrderId === null) return (await refundOrder(ctx, providerRef)) !== null;
  const cart = await carts.findCartById(ctx.db, order.cartOrderId);
  if (!cart) return false;
  return (await refundCartLines(ctx, cart.providerRef, [order.id])).length > 0;
}

/** An abandoned or expired cart checkout: pending becomes expired (a paid one stays paid). */
export async function expireCart(ctx: CommerceContext, sessionId: string): Promise<void> {
  await carts.setCartStatus(ctx.db, sessionId, ['pending'], 'expired');
}

/** For the downloads module's playlist zip (it reads carts through this service, never the repo). */
export { findCartById, findLineItems } from './cart.repo.js';
