import { type LocalCardBody, type LocalPayBody } from '@tarab/contracts';
import * as orders from './commerce.repo.js';
import * as carts from './cart.repo.js';
import type { DbOrTx } from '../../db/client.js';
import * as repo from './local-payments.repo.js';
import { AppError, notFound, fieldError } from '../../lib/errors.js';
import { randomBytes } from 'node:crypto';
import { checkTestCard, localCardFingerprint, type CardErrorCode } from './test-cards.js';

/** The test-mode pages of the `local` driver: pay a checkout session, confirm a card setup. */

/**
 * What the page shows beside the session: the Arabic titles of its track(s) (the Arabic checkout page)
 * and the buyer's email choice stored on its order(s) (decision 059).
 */
async function ordersOfSession(db: DbOrTx, id: string) {
  const single = await orders.findOrderByRef(db, id);
  if (single) {
    const track = await orders.findTrackForSale(db, single.trackId);
    return { shareEmail: single.buyerEmailShared, titleAr: track?.titleAr ?? null, lineTitlesAr: [], cartId: null };
  }
  const cart = await carts.findCartByRef(db, id);
  if (!cart) return { shareEmail: undefined, titleAr: null, lineTitlesAr: [], cartId: null };
  const lines = await carts.findLineItems(db, cart.id);
  return {
    shareEmail: cart.buyerEmailShared,
    titleAr: null,
    lineTitlesAr: lines.map((line) => line.titleAr),
    cartId: cart.id,
  };
}

export async function getLocalCheckout(db: DbOrTx, id: string, userId: number) {
  const row = await repo.findSession(db, id, 'checkout', userId);
  if (!row) throw notFound('checkout_not_found');
  const { shareEmail, titleAr, lineTitlesAr } = await ordersOfSession(db, id);
  return {
    id: row.id,
    status: row.status,
    amount: (row.amountCents ?? 0) / 100,
    currency: row.currency,
    title: row.title ?? '',
    ...(titleAr ? { title_ar: titleAr } : {}),
    music_id: row.trackId ?? 0,
    items: (row.lineItems ?? []).map((item, index) => {
      const lineAr = lineTitlesAr[index];
      return { title: item.title, ...(lineAr ? { title_ar: lineAr } : {}), amount: item.amountCents / 100 };
    }),
    ...(shareEmail === undefined ? {} : { share_email: shareEmail }),
    success_url: row.successUrl ?? singleTrackSuccessUrl(row.id, row.trackId ?? 0, (row.amountCents ?? 0) / 100),
  };
}

/** The single-track success page (sessions made before success URLs were stored). */
const singleTrackSuccessUrl = (id: string, trackId: number, amount: number) =>
  `/success?session_id=${encodeURIComponent(id)}&music_id=${trackId}&price=${amount.toFixed(2)}`;

const cardError = (code: CardErrorCode) =>
  fieldError(code, 'card_number', undefined, { status: 402, headers: { 'X-Card-Error': code } });

/** Pays an open session; answers where the browser goes next (the success page). */
export async function payLocalCheckout(db: DbOrTx, id: string, userId: number, card: LocalPayBody): Promise<string> {
  const session = await getLocalCheckout(db, id, userId);
  const successUrl = session.success_url;
  if (session.status === 'complete') return successUrl;
  if (session.status !== 'open') throw new AppError(409, 'checkout_not_found');
  // The buyer's email choice made on the page goes on the pending order(s) first (decision 059).
  if (card.share_email !== undefined) await setEmailChoice(db, id, card.share_email);
  const outcome = checkTestCard(card.card_number, card.exp_month, card.exp_year);
  if (!outcome.ok) {
    // A declined payment marks its order (or playlist checkout) failed, as the operator console shows it
    // (issue #32); the session stays open, and a later card that pays still confirms it (failed -> paid).
    await orders.setOrderStatus(db, id, ['pending'], 'failed');
    await carts.setCartStatus(db, id, ['pending'], 'failed');
    throw cardError(outcome.code);
  }
  await repo.completeCheckout(db, id, { brand: outcome.brand, last4: outcome.last4 });
  return successUrl;
}

async function setEmailChoice(db: DbOrTx, id: string, shared: boolean): Promise<void> {
  const { cartId } = await ordersOfSession(db, id);
  if (cartId === null) {
    await orders.setPendingOrdersEmailShared(db, { providerRef: id }, shared);
    return;
  }
  await carts.setPendingCartEmailShared(db, cartId, shared);
  await orders.setPendingOrdersEmailShared(db, { cartOrderId: cartId }, shared);
}

/** Confirms a card setup (the subscription checkout): answers the payment method id. */
export async function confirmLocalSetup(
  db: DbOrTx,
  secret: string,
  clientSecret: string,
  userId: number,
  card: LocalCardBody,
): Promise<string> {
  const id = clientSecret.split('_secret_')[0] ?? '';
  const row = await repo.findSession(db, id, 'setup', userId);
  if (!row) throw notFound('checkout_not_found');
  if (row.status === 'complete' && row.paymentMethod) return row.paymentMethod;
  const outcome = checkTestCard(card.card_number, card.exp_month, card.exp_year);
  if (!outcome.ok) throw cardError(outcome.code);
  const paymentMethod = `pm_local_${randomBytes(12).toString('hex')}`;
  await repo.completeSetup(db, id, {
    paymentMethod,
    brand: outcome.brand,
    last4: outcome.last4,
    fingerprint: localCardFingerprint(card.card_number, secret),
  });
  return paymentMethod;
}
