import { CommerceMessages, type LocalCardBody } from '@tarab/contracts';
import type { DbOrTx } from '../../db/client.js';
import * as repo from './local-payments.repo.js';
import { AppError, notFound } from '../../lib/errors.js';
import { randomBytes } from 'node:crypto';
import { checkTestCard, localCardFingerprint } from './test-cards.js';

/** The test-mode pages of the `local` driver: pay a checkout session, confirm a card setup. */

export async function getLocalCheckout(db: DbOrTx, id: string, userId: number) {
  const row = await repo.findSession(db, id, 'checkout', userId);
  if (!row) throw notFound(CommerceMessages.checkoutNotFound);
  return {
    id: row.id,
    status: row.status,
    amount: (row.amountCents ?? 0) / 100,
    currency: row.currency,
    title: row.title ?? '',
    music_id: row.trackId ?? 0,
    items: (row.lineItems ?? []).map((item) => ({ title: item.title, amount: item.amountCents / 100 })),
    success_url: row.successUrl ?? singleTrackSuccessUrl(row.id, row.trackId ?? 0, (row.amountCents ?? 0) / 100),
  };
}

/** The single-track success page (sessions made before success URLs were stored). */
const singleTrackSuccessUrl = (id: string, trackId: number, amount: number) =>
  `/success?session_id=${encodeURIComponent(id)}&music_id=${trackId}&price=${amount.toFixed(2)}`;

function cardError(message: string, code: string): AppError {
  return new AppError(402, message, { card_number: [message] }, { 'X-Card-Error': code });
}

/** Pays an open session; answers where the browser goes next (the success page). */
export async function payLocalCheckout(db: DbOrTx, id: string, userId: number, card: LocalCardBody): Promise<string> {
  const session = await getLocalCheckout(db, id, userId);
  const successUrl = session.success_url;
  if (session.status === 'complete') return successUrl;
  if (session.status !== 'open') throw new AppError(409, CommerceMessages.checkoutNotFound);
  const outcome = checkTestCard(card.card_number, card.exp_month, card.exp_year);
  if (!outcome.ok) throw cardError(outcome.message, outcome.code);
  await repo.completeCheckout(db, id, { brand: outcome.brand, last4: outcome.last4 });
  return successUrl;
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
  if (!row) throw notFound(CommerceMessages.checkoutNotFound);
  if (row.status === 'complete' && row.paymentMethod) return row.paymentMethod;
  const outcome = checkTestCard(card.card_number, card.exp_month, card.exp_year);
  if (!outcome.ok) throw cardError(outcome.message, outcome.code);
  const paymentMethod = `pm_local_${randomBytes(12).toString('hex')}`;
  await repo.completeSetup(db, id, {
    paymentMethod,
    brand: outcome.brand,
    last4: outcome.last4,
    fingerprint: localCardFingerprint(card.card_number, secret),
  });
  return paymentMethod;
}
