import type { AppDb, DbOrTx } from '../../db/client.js';
import * as catalog from '../catalog/catalog.service.js';
import { removeOrdersOfUsers } from '../commerce/user-orders.service.js';
import { deleteLibraryOfUser } from '../library/library.service.js';
import { hashPassword, verifyPassword } from './password.js';
import { deleteSessionsOfUser } from './session.repo.js';
import * as users from './users.repo.js';

/**
 * The demo operator's password before issue #31, printed in the README of every earlier release: a
 * data folder seeded then still lets anyone in with it.
 */
export const PUBLISHED_DEMO_ADMIN_PASSWORD = 'administer-tarab';

/** The demo accounts (`users.is_demo`, decision 052) in this database, deleted ones included. */
export async function countDemoAccounts(db: DbOrTx): Promise<number> {
  return users.countDemoUsers(db);
}

/**
 * A demo operator that still has the password earlier releases published gets a new random one
 * (`newPassword()`, printed by the caller) and loses its sessions. Answers the operators changed.
 */
export async function retirePublishedDemoPassword(
  db: AppDb,
  newPassword: () => string,
): Promise<{ email: string; password: string }[]> {
  const changed: { email: string; password: string }[] = [];
  for (const operator of await users.findDemoOperators(db)) {
    if (!operator.passwordHash || !(await verifyPassword(operator.passwordHash, PUBLISHED_DEMO_ADMIN_PASSWORD)))
      continue;
    const password = newPassword();
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      await users.setPasswordHash(tx, operator.id, passwordHash);
      await deleteSessionsOfUser(tx, operator.id, null);
    });
    changed.push({ email: operator.email, password });
  }
  return changed;
}

export interface DemoRemoval {
  /** The emails of the accounts removed. */
  accounts: string[];
  sessions: number;
  subscriptions: number;
  playlists: number;
  favourites: number;
  licences: number;
  orders: number;
  carts: number;
}

/**
 * `npm run demo:remove`: deletes the demo accounts and what hangs on them — sessions, account tokens,
 * subscriptions, playlists, favourites, licences, their orders and carts, uploads — and unlinks the demo
 * artist's profile from its account, in one transaction. The catalog (artists, albums, tracks, files)
 * stays. Running it again removes nothing.
 */
export async function removeDemoAccounts(db: AppDb): Promise<DemoRemoval> {
  return db.transaction(async (tx) => {
    const demo = await users.findDemoUsers(tx);
    const ids = demo.map((u) => u.id);
    const counts = await users.countRowsOfUsers(tx, ids);
    const removed = await removeOrdersOfUsers(tx, ids);
    for (const id of ids) {
      await deleteLibraryOfUser(tx, id);
      await catalog.detachArtistOfUser(tx, id);
    }
    const accounts = await users.deleteDemoUsers(tx, ids);
    return { accounts, ...counts, ...removed };
  });
}
