import { and, eq, sql } from 'drizzle-orm';
import { CommerceMessages, type LocalCardBody } from '@tarab/contracts';
import type { DbOrTx } from '../../db/client.js';
import { localPaymentSessions } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { randomBytes } from 'node:crypto';
import { checkTestCard, localCardFingerprint } from './test-cards.js';

/** The test-mode pages of the `local` driver: pay a checkout session, confirm a card setup. */

export async function getLocalCheckout(db: DbOrTx, id: string, userId: number) {
  const [row] = await db
    .select()
    .from(localPaymentSessions)
    .where(
      and(
        eq(localPaymentSessions.id, id),
        eq(localPaymentSessions.kind, 'checkout'),
        eq(localPaymentSessions.userId, userId),
      ),
    );
  if (!row) throw notFound(CommerceMessages.checkoutNotFound);
  return {
    id: row.id,
    status: row.status,
    amount: (row.amountCents ?? 0) / 100,
    currency: row.currency,
    title: row.title ?? '',
    music_id: row.trackId ?? 0,
  };
}

function cardError(message: string, code: string): AppError {
  return new AppError(402, message, { card_number: [message] }, { 'X-Card-Error': code });
}

/** Pays an open session; answers where the browser goes next (the success page). */
export async function payLocalCheckout(db: DbOrTx, id: string, userId: number, card: LocalCardBody): Promise<string> {
  const session = await getLocalCheckout(db, id, userId);
  const successUrl = `/success?session_id=${encodeURIComponent(session.id)}&music_id=${session.music_id}&price=${session.amount.toFixed(2)}`;
  if (session.status === 'complete') return successUrl;
  if (session.status !== 'open') throw new AppError(409, CommerceMessages.checkoutNotFound);
  const outcome = checkTestCard(card.card_number, card.exp_month, card.exp_year);
  if (!outcome.ok) throw cardError(outcome.message, outcome.code);
  await db
    .update(localPaymentSessions)
    .set({ status: 'complete', cardBrand: outcome.brand, cardLast4: outcome.last4, completedAt: sql`now()` })
    .where(and(eq(localPaymentSessions.id, id), eq(localPaymentSessions.status, 'open')));
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
  const [row] = await db
    .select()
    .from(localPaymentSessions)
    .where(
      and(
        eq(localPaymentSessions.id, id),
        eq(localPaymentSessions.kind, 'setup'),
        eq(localPaymentSessions.userId, userId),
      ),
    );
  if (!row) throw notFound(CommerceMessages.checkoutNotFound);
  if (row.status === 'complete' && row.paymentMethod) return row.paymentMethod;
  const outcome = checkTestCard(card.card_number, card.exp_month, card.exp_year);
  if (!outcome.ok) throw cardError(outcome.message, outcome.code);
  const paymentMethod = `pm_local_${randomBytes(12).toString('hex')}`;
  await db
    .update(localPaymentSessions)
    .set({
      status: 'complete',
      paymentMethod,
      cardBrand: outcome.brand,
      cardLast4: outcome.last4,
      cardFingerprint: localCardFingerprint(card.card_number, secret),
      completedAt: sql`now()`,
    })
    .where(eq(localPaymentSessions.id, id));
  return paymentMethod;
}
