import type { DbOrTx } from '../../db/client.js';
import * as userOrders from './user-orders.repo.js';

/**
 * Removing the demo accounts (`npm run demo:remove`, decision 052): their orders and carts go, in the
 * caller's transaction. Nothing is asked of the payment provider (demo orders are the `local` driver's).
 */
export async function removeOrdersOfUsers(db: DbOrTx, userIds: number[]): Promise<{ orders: number; carts: number }> {
  return userOrders.deleteOrdersOfUsers(db, userIds);
}
