import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  duplicateSubscriptions,
  licenses,
  orders,
  paymentEvents,
  planPrices,
  plans,
  subscriptionCheckouts,
  subscriptionLocks,
  subscriptions,
  tracks,
  trialFingerprints,
} from '../../db/schema/index.js';

export type OrderRow = typeof orders.$inferSelect;
export type LicenseRow = typeof licenses.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PlanPriceRow = typeof planPrices.$inferSelect;

export async function findTrackForSale(db: DbOrTx, trackId: number) {
  const [row] = await db
    .select({
      id: tracks.id,
      kind: tracks.kind,
      title: tracks.title,
      titleAr: tracks.titleAr,
      priceCents: tracks.priceCents,
    })
    .from(tracks)
    .where(and(eq(tracks.id, trackId), eq(tracks.published, true)));
  return row;
}

/**
 * Inserts a pending order, or nothing when the user already has a pending order for the track (a
 * partial unique index, so two concurrent checkouts cannot both start one).
 */
export async function insertPendingOrder(
  db: DbOrTx,
  values: Omit<typeof orders.$inferInsert, 'status'>,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .insert(orders)
    .values({ ...values, status: 'pending' })
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * The buyer's email choice on a checkout's orders (a single track's order, or a cart's line items and the
 * cart), while they are pending: once paid, the choice stays as it was made at checkout (decision 059).
 */
export async function setPendingOrdersEmailShared(
  db: DbOrTx,
  where: { providerRef: string } | { cartOrderId: number },
  shared: boolean,
): Promise<void> {
  await db
    .update(orders)
    .set({ buyerEmailShared: shared })
    .where(
      and(
        'providerRef' in where ? eq(orders.providerRef, where.providerRef) : eq(orders.cartOrderId, where.cartOrderId),
        eq(orders.status, 'pending'),
      ),
    );
}

export async function findPendingOrder(db: DbOrTx, userId: number, trackId: number): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.trackId, trackId), eq(orders.status, 'pending')));
  return row;
}

export async function findOrderByRef(db: DbOrTx, providerRef: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.providerRef, providerRef));
  return row;
}

/** Reads an order and locks its row until the transaction ends (serialises confirmations and refunds). */
export async function lockOrderByRef(db: DbOrTx, providerRef: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.providerRef, providerRef)).for('update');
  return row;
}

/** pending -> paid, once: the WHERE on status makes concurrent confirmations race-free. */
export async function markOrderPaid(
  db: DbOrTx,
  providerRef: string,
  details: { paymentMethod: string | null; receiptUrl: string | null },
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ status: 'paid', paidAt: sql`now()`, paymentMethod: details.paymentMethod, receiptUrl: details.receiptUrl })
    .where(and(eq(orders.providerRef, providerRef), inArray(orders.status, ['pending', 'failed', 'expired'])))
    .returning();
  return row;
}

export async function setOrderStatus(
  db: DbOrTx,
  providerRef: string,
  from: OrderRow['status'][],
  to: OrderRow['status'],
) {
  const [row] = await db
    .update(orders)
    .set({ status: to, ...(to === 'refunded' ? { refundedAt: new Date() } : {}) })
    .where(and(eq(orders.providerRef, providerRef), inArray(orders.status, from)))
    .returning();
  return row;
}

export async function setReceiptUrl(db: DbOrTx, orderId: number, receiptUrl: string) {
  await db.update(orders).set({ receiptUrl }).where(eq(orders.id, orderId));
}

/** Grants a license once per user and track (unique key); returns the license either way. */
export async function grantLicense(
  db: DbOrTx,
  values: {
    userId: number;
    trackId: number;
    licenseKey: string;
    source: 'purchase' | 'subscription';
    orderId: number | null;
  },
): Promise<LicenseRow> {
  await db
    .insert(licenses)
    .values(values)
    .onConflictDoNothing({ target: [licenses.userId, licenses.trackId] });
  const [row] = await db
    .select()
    .from(licenses)
    .where(and(eq(licenses.userId, values.userId), eq(licenses.trackId, values.trackId)));
  if (row && row.revokedAt) {
    // A new purchase of a refunded track, or a subscriber's download of it, restores the license
    // (before, a subscription grant answered the revoked row: a key and a link that never worked).
    const [restored] = await db
      .update(licenses)
      .set({ revokedAt: null, source: values.source, orderId: values.orderId })
      .where(eq(licenses.id, row.id))
      .returning();
    return restored!;
  }
  return row!;
}

export async function findValidLicense(db: DbOrTx, userId: number, trackId: number): Promise<LicenseRow | undefined> {
  const [row] = await db
    .select()
    .from(licenses)
    .where(and(eq(licenses.userId, userId), eq(licenses.trackId, trackId), isNull(licenses.revokedAt)));
  return row;
}

export async function revokeLicenseOfOrder(db: DbOrTx, orderId: number): Promise<void> {
  await db
    .update(licenses)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(licenses.orderId, orderId), isNull(licenses.revokedAt)));
}

export async function findPlansWithPrices(db: DbOrTx) {
  const planRows = await db.select().from(plans).orderBy(asc(plans.sort), asc(plans.id));
  const priceRows = await db.select().from(planPrices).orderBy(asc(planPrices.amountCents));
  return planRows.map((p) => ({ ...p, prices: priceRows.filter((r) => r.planId === p.id) }));
}

/** A price by our code (`creator_month`) or the provider's id. */
export async function findPrice(db: DbOrTx, identifier: string): Promise<PlanPriceRow | undefined> {
  const [row] = await db
    .select()
    .from(planPrices)
    .where(or(eq(planPrices.code, identifier), eq(planPrices.providerPriceId, identifier)));
  return row;
}

export async function findPriceById(db: DbOrTx, id: number): Promise<PlanPriceRow | undefined> {
  const [row] = await db.select().from(planPrices).where(eq(planPrices.id, id));
  return row;
}

/** The subscription that counts now (live status, period not over). */
export async function findLiveSubscription(db: DbOrTx, userId: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, ['trialing', 'active', 'past_due']),
        gt(subscriptions.currentPeriodEnd, sql`now()`),
      ),
    )
    .orderBy(desc(subscriptions.id))
    .limit(1);
  return row;
}

/** Live-status rows whose period is over are ended, so the one-live-per-user index allows a new one. */
export async function endLapsedSubscriptions(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(subscriptions)
    .set({ status: 'canceled' })
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, ['trialing', 'active', 'past_due']),
        sql`${subscriptions.currentPeriodEnd} <= now()`,
      ),
    );
}

/** How many subscriptions the user has ever had (any status): 0 means the first is still to come. */
export async function countSubscriptions(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return row?.n ?? 0;
}

export async function findSubscriptionByRef(db: DbOrTx, providerRef: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.providerRef, providerRef));
  return row;
}

/**
 * Takes the user's subscribe lock (one subscribe call at a time); a lock older than `staleSeconds`
 * (a crashed process) is taken over. Answers the lock's token, or null while another call holds it.
 */
export async function takeSubscriptionLock(
  db: DbOrTx,
  userId: number,
  token: string,
  staleSeconds: number,
): Promise<string | null> {
  await db
    .delete(subscriptionLocks)
    .where(
      and(
        eq(subscriptionLocks.userId, userId),
        sql`${subscriptionLocks.createdAt} < now() - make_interval(secs => ${staleSeconds})`,
      ),
    );
  const [row] = await db
    .insert(subscriptionLocks)
    .values({ userId, token })
    .onConflictDoNothing()
    .returning({ token: subscriptionLocks.token });
  return row?.token ?? null;
}

export async function releaseSubscriptionLock(db: DbOrTx, userId: number, token: string): Promise<void> {
  await db
    .delete(subscriptionLocks)
    .where(and(eq(subscriptionLocks.userId, userId), eq(subscriptionLocks.token, token)));
}

/**
 * Claims a card's free trial for the user: true when the card (by fingerprint hash) had none yet, or
 * when this user claimed it before (a retried attempt). The primary key settles races between accounts.
 */
export async function claimTrialFingerprint(db: DbOrTx, fingerprintHash: string, userId: number): Promise<boolean> {
  const inserted = await db
    .insert(trialFingerprints)
    .values({ fingerprintHash, userId })
    .onConflictDoNothing()
    .returning({ hash: trialFingerprints.fingerprintHash });
  if (inserted.length > 0) return true;
  const [row] = await db
    .select({ userId: trialFingerprints.userId })
    .from(trialFingerprints)
    .where(eq(trialFingerprints.fingerprintHash, fingerprintHash));
  return row?.userId === userId;
}

/** Gives a claimed trial back (the provider refused the card, so no trial was had). */
export async function releaseTrialFingerprint(db: DbOrTx, fingerprintHash: string, userId: number): Promise<void> {
  await db
    .delete(trialFingerprints)
    .where(and(eq(trialFingerprints.fingerprintHash, fingerprintHash), eq(trialFingerprints.userId, userId)));
}

/** Inserts a subscription; undefined when the user already has a live one (partial unique index). */
export async function insertSubscription(
  db: DbOrTx,
  values: typeof subscriptions.$inferInsert,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db.insert(subscriptions).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateSubscription(db: DbOrTx, id: number, values: Partial<typeof subscriptions.$inferInsert>) {
  const [row] = await db.update(subscriptions).set(values).where(eq(subscriptions.id, id)).returning();
  return row!;
}

/**
 * Provider-driven changes. A canceled subscription is over for good (as at Stripe): a stale or
 * out-of-order event never makes it live again.
 */
export async function updateSubscriptionByRef(
  db: DbOrTx,
  providerRef: string,
  values: Partial<typeof subscriptions.$inferInsert>,
) {
  const [row] = await db
    .update(subscriptions)
    .set(values)
    .where(and(eq(subscriptions.providerRef, providerRef), sql`${subscriptions.status} <> 'canceled'`))
    .returning();
  return row;
}

/**
 * Records a provider's webhook event id; true when it is new, false when it was seen before
 * (primary key + on conflict do nothing: a concurrent duplicate waits for the first and loses).
 */
export async function recordPaymentEvent(
  db: DbOrTx,
  event: { providerEventId: string; type: string },
): Promise<boolean> {
  const inserted = await db
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: paymentEvents.providerEventId });
  return inserted.length > 0;
}

/**
 * Claims the trials that end within `withinMs` of `now` and were not reminded yet: one UPDATE marks
 * them, so each gets one reminder even with several server processes.
 */
export async function claimTrialReminders(db: DbOrTx, now: Date, withinMs: number) {
  const claimed = await db
    .update(subscriptions)
    .set({ trialReminderSentAt: now })
    .where(
      and(
        eq(subscriptions.status, 'trialing'),
        isNull(subscriptions.trialReminderSentAt),
        gt(subscriptions.trialEnd, now),
        lte(subscriptions.trialEnd, sql`${now.toISOString()}::timestamptz + ${`${withinMs} milliseconds`}::interval`),
      ),
    )
    .returning({ id: subscriptions.id });
  return claimed.map((c) => c.id);
}

// ---- hosted subscription checkouts (one open per user) and duplicate subscriptions ----

export type SubscriptionCheckoutRow = typeof subscriptionCheckouts.$inferSelect;
export type DuplicateSubscriptionRow = typeof duplicateSubscriptions.$inferSelect;

export async function findOpenSubscriptionCheckout(
  db: DbOrTx,
  userId: number,
): Promise<SubscriptionCheckoutRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptionCheckouts)
    .where(and(eq(subscriptionCheckouts.userId, userId), eq(subscriptionCheckouts.status, 'open')));
  return row;
}

/** Records a new open checkout; undefined when the user has one open already (partial unique index). */
export async function insertSubscriptionCheckout(
  db: DbOrTx,
  values: { userId: number; providerSessionId: string },
): Promise<SubscriptionCheckoutRow | undefined> {
  const [row] = await db
    .insert(subscriptionCheckouts)
    .values({ ...values, status: 'open' })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** open -> expired, or (open or expired) -> complete; a complete checkout stays complete. */
export async function setSubscriptionCheckoutStatus(
  db: DbOrTx,
  providerSessionId: string,
  to: 'expired' | 'complete',
): Promise<void> {
  const from: SubscriptionCheckoutRow['status'][] = to === 'expired' ? ['open'] : ['open', 'expired'];
  await db
    .update(subscriptionCheckouts)
    .set({ status: to })
    .where(
      and(eq(subscriptionCheckouts.providerSessionId, providerSessionId), inArray(subscriptionCheckouts.status, from)),
    );
}

/** Records a duplicate subscription (once per provider ref); answers its row, new or not. */
export async function recordDuplicateSubscription(
  db: DbOrTx,
  values: { userId: number; providerRef: string; nextAttemptAt: Date },
): Promise<DuplicateSubscriptionRow> {
  await db.insert(duplicateSubscriptions).values(values).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(duplicateSubscriptions)
    .where(eq(duplicateSubscriptions.providerRef, values.providerRef));
  return row!;
}

/**
 * Claims a duplicate that is not cancelled yet and due (`next_attempt_at <= now`) for one attempt:
 * `attempts` goes up and `next_attempt_at` moves to `retryAt` before the provider is asked, so another
 * process (or a crash halfway) leaves it to the next due run. Undefined when it is not due.
 */
export async function claimDuplicateSubscription(
  db: DbOrTx,
  id: number,
  now: Date,
  retryAt: (attempts: number) => Date,
): Promise<DuplicateSubscriptionRow | undefined> {
  const [current] = await db
    .select({ attempts: duplicateSubscriptions.attempts })
    .from(duplicateSubscriptions)
    .where(eq(duplicateSubscriptions.id, id));
  if (!current) return undefined;
  const [row] = await db
    .update(duplicateSubscriptions)
    .set({ attempts: current.attempts + 1, nextAttemptAt: retryAt(current.attempts + 1) })
    .where(
      and(
        eq(duplicateSubscriptions.id, id),
        eq(duplicateSubscriptions.attempts, current.attempts),
        isNull(duplicateSubscriptions.canceledAt),
        lte(duplicateSubscriptions.nextAttemptAt, now),
      ),
    )
    .returning();
  return row;
}

/** The ids of the duplicates still to cancel whose next attempt is due, oldest first. */
export async function findDueDuplicateSubscriptions(db: DbOrTx, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: duplicateSubscriptions.id })
    .from(duplicateSubscriptions)
    .where(and(isNull(duplicateSubscriptions.canceledAt), lte(duplicateSubscriptions.nextAttemptAt, now)))
    .orderBy(asc(duplicateSubscriptions.nextAttemptAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function updateDuplicateSubscription(
  db: DbOrTx,
  id: number,
  values: Partial<Pick<DuplicateSubscriptionRow, 'refundedAt' | 'canceledAt' | 'lastError'>>,
): Promise<void> {
  await db.update(duplicateSubscriptions).set(values).where(eq(duplicateSubscriptions.id, id));
}
