import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { cartOrders, orders } from '../../db/schema/index.js';

/**
 * Deletes every order and cart of these accounts (licences that named an order keep their row with
 * `order_id` null until their account goes). Only for removing demo data (decision 052): a real
 * account's deletion keeps its orders with an anonymous buyer.
 */
export async function deleteOrdersOfUsers(db: DbOrTx, userIds: number[]): Promise<{ orders: number; carts: number }> {
  if (userIds.length === 0) return { orders: 0, carts: 0 };
  const deletedOrders = await db.delete(orders).where(inArray(orders.userId, userIds)).returning({ id: orders.id });
  const deletedCarts = await db
    .delete(cartOrders)
    .where(inArray(cartOrders.userId, userIds))
    .returning({ id: cartOrders.id });
  return { orders: deletedOrders.length, carts: deletedCarts.length };
}
