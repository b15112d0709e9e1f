import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { localPaymentSessions, localSubscriptions } from '../../db/schema/index.js';

/** The tables of the `local` payment driver: its test-mode sessions (checkout, card setup) and subscriptions. */
export type LocalSessionRow = typeof localPaymentSessions.$inferSelect;
export type LocalSubscriptionRow = typeof localSubscriptions.$inferSelect;
export type NewLocalSession = typeof localPaymentSessions.$inferInsert;
export type NewLocalSubscription = typeof localSubscriptions.$inferInsert;

export async function insertSession(db: DbOrTx, values: NewLocalSession): Promise<void> {
  await db.insert(localPaymentSessions).values(values);
}

/** A session of a kind, optionally only the user's own. */
export async function findSession(
  db: DbOrTx,
  id: string,
  kind: 'checkout' | 'setup',
  userId?: number,
): Promise<LocalSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(localPaymentSessions)
    .where(
      and(
        eq(localPaymentSessions.id, id),
        eq(localPaymentSessions.kind, kind),
        userId === undefined ? undefined : eq(localPaymentSessions.userId, userId),
      ),
    );
  return row;
}

/** A card the user saved on the test-mode card setup page. */
export async function findCompletedSetup(
  db: DbOrTx,
  userId: number,
  paymentMethod: string,
): Promise<LocalSessionRow | undefined> {
  const [setup] = await db
    .select()
    .from(localPaymentSessions)
    .where(
      and(
        eq(localPaymentSessions.paymentMethod, paymentMethod),
        eq(localPaymentSessions.userId, userId),
        eq(localPaymentSessions.status, 'complete'),
      ),
    );
  return setup;
}

/** Marks an open checkout paid with a card (only while it is open). */
export async function completeCheckout(db: DbOrTx, id: string, card: { brand: string; last4: string }): Promise<void> {
  await db
    .update(localPaymentSessions)
    .set({ status: 'complete', cardBrand: card.brand, cardLast4: card.last4, completedAt: sql`now()` })
    .where(and(eq(localPaymentSessions.id, id), eq(localPaymentSessions.status, 'open')));
}

/** Completes a card setup with its payment method and card. */
export async function completeSetup(
  db: DbOrTx,
  id: string,
  card: { paymentMethod: string; brand: string; last4: string; fingerprint: string },
): Promise<void> {
  await db
    .update(localPaymentSessions)
    .set({
      status: 'complete',
      paymentMethod: card.paymentMethod,
      cardBrand: card.brand,
      cardLast4: card.last4,
      cardFingerprint: card.fingerprint,
      completedAt: sql`now()`,
    })
    .where(eq(localPaymentSessions.id, id));
}

/** Stores a subscription once per idempotency key and answers the stored one. */
export async function insertSubscriptionOnce(
  db: DbOrTx,
  values: NewLocalSubscription & { idempotencyKey: string },
): Promise<LocalSubscriptionRow | undefined> {
  await db.insert(localSubscriptions).values(values).onConflictDoNothing({ target: localSubscriptions.idempotencyKey });
  const [row] = await db
    .select()
    .from(localSubscriptions)
    .where(eq(localSubscriptions.idempotencyKey, values.idempotencyKey));
  return row;
}

export async function updateSubscription(
  db: DbOrTx,
  id: string,
  change: Pick<Partial<NewLocalSubscription>, 'cancelAtPeriodEnd' | 'status'>,
): Promise<void> {
  await db.update(localSubscriptions).set(change).where(eq(localSubscriptions.id, id));
}

/** Expires an open checkout session (a playlist checkout replaced by another); paid or expired ones stay. */
export async function expireOpenCheckout(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(localPaymentSessions)
    .set({ status: 'expired' })
    .where(
      and(
        eq(localPaymentSessions.id, id),
        eq(localPaymentSessions.kind, 'checkout'),
        eq(localPaymentSessions.status, 'open'),
      ),
    );
}

/** Records a refund of a paid checkout session, once (a repeat changes nothing). */
export async function markCheckoutRefunded(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(localPaymentSessions)
    .set({ refundedAt: new Date() })
    .where(and(eq(localPaymentSessions.id, id), isNull(localPaymentSessions.refundedAt)));
}
