import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { cartOrders, licenses, orders, tracks } from '../../db/schema/index.js';

export type CartOrderRow = typeof cartOrders.$inferSelect;
type Status = CartOrderRow['status'];

/**
 * The tracks of a would-be cart with what decides whether they go in: kind, published, price, a
 * valid licence of the user, and the user's open checkout of the track (single or cart), if any.
 */
export async function findCartCandidates(db: DbOrTx, userId: number, trackIds: number[]) {
  if (trackIds.length === 0) return [];
  const rows = await db
    .select({
      id: tracks.id,
      kind: tracks.kind,
      title: tracks.title,
      published: tracks.published,
      priceCents: tracks.priceCents,
      licensed: sql<boolean>`exists (select 1 from ${licenses} l where l.user_id = ${userId}
        and l.track_id = "tracks"."id" and l.revoked_at is null)`,
      pendingRef: sql<string | null>`(select o.provider_ref from ${orders} o where o.user_id = ${userId}
        and o.track_id = "tracks"."id" and o.status = 'pending' limit 1)`,
      pendingCartId: sql<number | null>`(select o.cart_order_id from ${orders} o where o.user_id = ${userId}
        and o.track_id = "tracks"."id" and o.status = 'pending' limit 1)`,
    })
    .from(tracks)
    .where(inArray(tracks.id, trackIds));
  const byId = new Map(rows.map((r) => [r.id, r]));
  // In the playlist's order.
  return trackIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/** The buyer's email choice on a pending cart (its line items are set by commerce.repo's setPendingOrdersEmailShared). */
export async function setPendingCartEmailShared(db: DbOrTx, cartId: number, shared: boolean): Promise<void> {
  await db
    .update(cartOrders)
    .set({ buyerEmailShared: shared })
    .where(and(eq(cartOrders.id, cartId), eq(cartOrders.status, 'pending')));
}

/** Inserts a pending cart; undefined when the user already has one (partial unique index). */
export async function insertPendingCart(
  db: DbOrTx,
  values: Omit<typeof cartOrders.$inferInsert, 'status'>,
): Promise<CartOrderRow | undefined> {
  const [row] = await db
    .insert(cartOrders)
    .values({ ...values, status: 'pending' })
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * The cart's line items as pending orders. Answers how many were inserted: fewer than asked means a
 * track already has an open checkout (the one-pending-order-per-track index), and the caller rolls back.
 */
export async function insertLineItems(
  db: DbOrTx,
  cart: CartOrderRow,
  items: Array<{ trackId: number; amountCents: number }>,
): Promise<number> {
  // Each line carries the buyer's email choice made for the whole cart (decision 059).
  const rows = await db
    .insert(orders)
    .values(
      items.map((item) => ({
        userId: cart.userId,
        trackId: item.trackId,
        amountCents: item.amountCents,
        currency: cart.currency,
        provider: cart.provider,
        providerRef: lineItemRef(cart.providerRef, item.trackId),
        cartOrderId: cart.id,
        buyerEmailShared: cart.buyerEmailShared,
        status: 'pending' as const,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: orders.id });
  return rows.length;
}

/** A line item's own reference (orders.provider_ref is unique): the session id and the track. */
const lineItemRef = (sessionId: string, trackId: number) => `${sessionId}#${trackId}`;

export async function findPendingCart(db: DbOrTx, userId: number): Promise<CartOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(cartOrders)
    .where(and(eq(cartOrders.userId, userId), eq(cartOrders.status, 'pending')));
  return row;
}

export async function findCartByRef(db: DbOrTx, providerRef: string): Promise<CartOrderRow | undefined> {
  const [row] = await db.select().from(cartOrders).where(eq(cartOrders.providerRef, providerRef));
  return row;
}

export async function findCartById(db: DbOrTx, id: number): Promise<CartOrderRow | undefined> {
  const [row] = await db.select().from(cartOrders).where(eq(cartOrders.id, id));
  return row;
}

/** Reads a cart and locks its row until the transaction ends (serialises confirmations and refunds). */
export async function lockCartByRef(db: DbOrTx, providerRef: string): Promise<CartOrderRow | undefined> {
  const [row] = await db.select().from(cartOrders).where(eq(cartOrders.providerRef, providerRef)).for('update');
  return row;
}

/** The line items with their titles and the licence each one granted (if still valid). */
export async function findLineItems(db: DbOrTx, cartId: number) {
  return db
    .select({
      orderId: orders.id,
      trackId: orders.trackId,
      title: tracks.title,
      titleAr: tracks.titleAr,
      amountCents: orders.amountCents,
      status: orders.status,
      receiptUrl: orders.receiptUrl,
      licenseKey: licenses.licenseKey,
    })
    .from(orders)
    .innerJoin(tracks, eq(tracks.id, orders.trackId))
    .leftJoin(licenses, and(eq(licenses.orderId, orders.id), isNull(licenses.revokedAt)))
    .where(eq(orders.cartOrderId, cartId))
    .orderBy(asc(orders.id));
}

/** Moves a cart and its line items from one of `from` to `to`; answers the cart when it moved. */
export async function setCartStatus(db: DbOrTx, providerRef: string, from: Status[], to: Status) {
  const [cart] = await db
    .update(cartOrders)
    .set({ status: to })
    .where(and(eq(cartOrders.providerRef, providerRef), inArray(cartOrders.status, from)))
    .returning();
  if (cart) {
    await db
      .update(orders)
      .set({ status: to, ...(to === 'refunded' ? { refundedAt: new Date() } : {}) })
      .where(and(eq(orders.cartOrderId, cart.id), inArray(orders.status, from)));
  }
  return cart;
}

/** pending (or failed/expired) -> paid, for the cart and each line item, each with its receipt page. */
export async function markCartPaid(
  db: DbOrTx,
  cart: CartOrderRow,
  details: { paymentMethod: string | null; receiptUrl: string | null },
) {
  const [paid] = await db
    .update(cartOrders)
    .set({ status: 'paid', paidAt: sql`now()`, paymentMethod: details.paymentMethod, receiptUrl: details.receiptUrl })
    .where(and(eq(cartOrders.id, cart.id), inArray(cartOrders.status, ['pending', 'failed', 'expired'])))
    .returning();
  if (!paid) return undefined;
  const items = await db
    .update(orders)
    .set({
      status: 'paid',
      paidAt: paid.paidAt,
      paymentMethod: details.paymentMethod,
      receiptUrl: sql`coalesce(${details.receiptUrl}::text, '/api/orders/' || ${orders.id} || '/receipt')`,
    })
    .where(and(eq(orders.cartOrderId, cart.id), inArray(orders.status, ['pending', 'failed', 'expired'])))
    .returning();
  return { cart: paid, items };
}

/** A refunded or disputed cart: every licence its line items granted stops downloading. */
export async function revokeLicensesOfCart(db: DbOrTx, cartId: number): Promise<void> {
  await db
    .update(licenses)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        isNull(licenses.revokedAt),
        inArray(licenses.orderId, db.select({ id: orders.id }).from(orders).where(eq(orders.cartOrderId, cartId))),
      ),
    );
}

/**
 * The given line items of the cart become refunded (those not refunded yet); answers the ids this
 * call refunded. Line items of another cart are never touched.
 */
export async function refundLineItems(db: DbOrTx, cartId: number, orderIds: number[]): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .update(orders)
    .set({ status: 'refunded', refundedAt: new Date() })
    .where(
      and(
        eq(orders.cartOrderId, cartId),
        inArray(orders.id, orderIds),
        inArray(orders.status, ['pending', 'paid', 'failed', 'expired']),
      ),
    )
    .returning({ id: orders.id });
  return rows.map((r) => r.id);
}

/** How many of the cart's line items are not refunded. */
export async function countLinesNotRefunded(db: DbOrTx, cartId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.cartOrderId, cartId), sql`${orders.status} <> 'refunded'`));
  return row?.n ?? 0;
}
